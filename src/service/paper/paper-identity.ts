// Who a paper signer is, for the one-signature-per-person rule: their canonical email
// (email-identity.ts) when the sheet has one, so a paper row and an online signature of one
// address are one signer; otherwise a keyed hash (HMAC-SHA256) of their folded name, postal
// code and country, under a secret the service keeps in its database (service_state, in the
// 0600 file or the PostgreSQL server) and never shows: the hash cannot be recomputed from a
// guessed name without it.
import { createHmac, randomBytes } from 'node:crypto';
import type { SignerInput } from '../../shared/signer-fields.js';
import { emailIdentity } from '../signatures/email-identity.js';
import { nameKey, postalKey } from '../store/signatures/search-keys.js';
import type { Store } from '../store/store.js';

/** The prefix that tells a paper identity from an email's (which always holds an @). */
const PAPER_IDENTITY_PREFIX = 'paper:';

/** The service's secret for paper identities, made on first use. */
export async function paperIdentityKey(store: Store): Promise<string> {
  await store.offerPaperKey.run(randomBytes(32).toString('base64url'));
  return (await store.paperKey.get())!;
}

export function paperIdentity(key: string, signer: SignerInput): string {
  if (signer.email !== '') return emailIdentity(signer.email);
  const person = [nameKey(signer.first_name, signer.last_name), postalKey(signer.postal_code), signer.country_code].join('\n');
  return PAPER_IDENTITY_PREFIX + createHmac('sha256', key).update(person).digest('base64url');
}
