// One signature per person per petition: the key under which an email address counts as the
// same signer (docs/api.md, "Submitting a signature").

/** Mail providers that deliver name+tag@ to name@: the tag is dropped. */
const IGNORES_PLUS_TAG = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
]);

/**
 * Proton's domains are one mailbox: a name at any of them is the same account's (its aliases are
 * reserved across them), and Proton ignores a +tag and the dots, hyphens and underscores of the
 * name. They become one key at proton.me (migrations/mailbox-migrations.ts gave older keys it).
 */
const PROTON = new Set(['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me']);

/** Providers that also ignore dots in the local part (Gmail, under both of its domains). */
const IGNORES_DOTS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Lower-cases the address; for the providers above drops the +tag (and for Gmail the dots,
 * and googlemail.com becomes gmail.com; for Proton the dots, hyphens and underscores, and every
 * domain becomes proton.me), so "A.B+petition@GoogleMail.com" and "ab@gmail.com" are one signer,
 * as are "J.Doe+x@pm.me" and "jdoe@protonmail.com".
 */
export function emailIdentity(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (PROTON.has(domain)) {
    const plus = local.indexOf('+');
    return `${(plus >= 0 ? local.slice(0, plus) : local).replace(/[._-]/g, '')}@proton.me`;
  }
  if (IGNORES_PLUS_TAG.has(domain)) {
    const plus = local.indexOf('+');
    if (plus >= 0) local = local.slice(0, plus);
  }
  if (IGNORES_DOTS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The email's domain in lower case, as typed (googlemail.com stays googlemail.com): what block lists and filters name. */
export function emailDomain(email: string): string {
  const lower = email.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('@') + 1);
}
