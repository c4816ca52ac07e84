// The 6-digit code a confirmation mail carries next to its link, for signers whose mail scanner
// uses up or breaks links: typed with the email address on the /confirm page, it confirms like
// the link's button. Random, kept only as a hash, replaced with each mail's link and expiring
// with it; after CODE_TRIES_PER_SIGNATURE wrong codes for a signature its code stops working
// (its link does not), and the page limits wrong codes per client address (code-limit.ts).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { emailIdentity } from '../signatures/email-identity.js';
import { confirmWaiting, type ConfirmationOutcome, type ConfirmationRecheck } from './signer-confirmation.js';
import type { Store } from '../store/store.js';

const CODE_TRIES_PER_SIGNATURE = 5;
export const CODE_PATTERN = /^\d{6}$/;

export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Salted with its signature, so one code's hash says nothing about another signature's. */
export function confirmationCodeHash(signatureId: number, code: string): string {
  return createHash('sha256').update(`${signatureId}:${code}`).digest('hex');
}

/** `wrong`: no live code of this address matches (or it had its tries); nothing tells which. */
export type CodeOutcome = ConfirmationOutcome | { kind: 'wrong' };

/**
 * A code typed with an email address (compared as the duplicate rule compares addresses). Each
 * try is counted against every live code of the address before any is compared, in one
 * statement, so concurrent guesses get no more tries than sequential ones.
 */
export function confirmWithCode(store: Store, recheck: ConfirmationRecheck, email: string, code: string, now: number): Promise<CodeOutcome> {
  return store.db.transaction(async (): Promise<CodeOutcome> => {
    const candidates = await store.tryConfirmationCodes.all({ email_identity: emailIdentity(email), now, max_tries: CODE_TRIES_PER_SIGNATURE });
    for (const candidate of candidates) {
      const expected = Buffer.from(candidate.code_hash, 'hex');
      if (!timingSafeEqual(expected, Buffer.from(confirmationCodeHash(candidate.signature_id, code), 'hex'))) continue;
      const confirmation = (await store.confirmationOfSignature.get(candidate.signature_id))!;
      return confirmWaiting(store, recheck, confirmation, now);
    }
    return { kind: 'wrong' };
  });
}
