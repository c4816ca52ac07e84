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
  'protonmail.com',
  'proton.me',
  'pm.me',
  'fastmail.com',
]);

/** Providers that also ignore dots in the local part (Gmail, under both of its domains). */
const IGNORES_DOTS = new Set(['gmail.com', 'googlemail.com']);

/**
 * Lower-cases the address; for the providers above drops the +tag (and for Gmail the dots,
 * and googlemail.com becomes gmail.com), so "A.B+petition@GoogleMail.com" and "ab@gmail.com"
 * are one signer.
 */
export function emailIdentity(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
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
