// Confirmed signers (a petition's `confirm_signers`): an accepted signature waits, unlisted and
// uncounted, until its signer opens the emailed link and presses the button (or types the
// mail's code: confirmation-code.ts). Links are single use and work for 7 days; a signature
// nobody confirmed is then removed. A signer who signs again while unconfirmed is sent a new
// link to the first details, at most CONFIRMATION_MAILS_PER_DAY times a day.
import { isClosed } from '../petitions/petitions.js';
import { secretTokenHash } from '../http/secret-token.js';
import type { SignerLanguage } from './signer-language.js';
import { signerLanguage } from './signer-language.js';
import type { ConfirmationByToken } from '../store/signatures/confirmation-store.js';
import type { PetitionRow, Store } from '../store/store.js';

export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Mails about one signature (the first included) within MAIL_WINDOW_MS; asking more often sends nothing. */
export const CONFIRMATION_MAILS_PER_DAY = 3;
const MAIL_WINDOW_MS = 24 * 60 * 60_000;
/** Expired confirmations removed per transaction, so a large backlog never holds the lock long. */
const EXPIRY_BATCH = 500;

/** In the queue worker's transaction: a new signature that waits for its signer's confirmation. */
export async function awaitConfirmation(store: Store, signatureId: number, petitionId: number, lang: string, now: number): Promise<void> {
  await store.insertConfirmation.run({
    signature_id: signatureId,
    petition_id: petitionId,
    lang: signerLanguage(lang),
    expires_at: now + CONFIRMATION_LINK_LIFETIME_MS,
    now,
  });
}

/**
 * A signature arrived for an address already waiting for confirmation. Its details never replace
 * the first ones: whoever knows an address could otherwise put their own details under its
 * owner's confirmation (src/service/README.md "Confirmed signers"). The waiting signature's link
 * is mailed again instead (a new link, to the first details), unless this address had its mails
 * for the day. A signer who mistyped withdraws (the mail's link) and signs again. Returns whether
 * a mail is due.
 */
export async function signerAskedAgain(store: Store, signatureId: number, now: number): Promise<boolean> {
  const confirmation = await store.confirmationBySignature.get(signatureId);
  if (!confirmation) return false;
  const windowOver = now - confirmation.window_started_at >= MAIL_WINDOW_MS;
  const mailsInWindow = windowOver ? 0 : confirmation.mails_in_window;
  if (mailsInWindow >= CONFIRMATION_MAILS_PER_DAY) return false;
  await store.requestConfirmationMail.run({
    signature_id: signatureId,
    now,
    mails_in_window: mailsInWindow + 1,
    window_started_at: windowOver ? now : confirmation.window_started_at,
  });
  return true;
}

/** What a confirmation link's page shows before its button is pressed. */
export type ConfirmationLink =
  | { kind: 'ready'; lang: SignerLanguage; petition: PetitionRow; signerName: string }
  | { kind: 'closed'; lang: SignerLanguage; petition: PetitionRow }
  | { kind: 'unknown' };

export async function readConfirmationLink(store: Store, token: string, now: number): Promise<ConfirmationLink> {
  const confirmation = await store.confirmationByTokenHash.get(secretTokenHash(token));
  if (!confirmation || confirmation.expires_at <= now) return { kind: 'unknown' };
  const petition = (await store.petitionById.get(confirmation.petition_id))!;
  const lang = signerLanguage(confirmation.lang);
  if (isClosed(petition, now)) return { kind: 'closed', lang, petition };
  return { kind: 'ready', lang, petition, signerName: `${confirmation.first_name} ${confirmation.last_name}`.trim() };
}

export type ConfirmationOutcome =
  | { kind: 'confirmed'; lang: SignerLanguage; petition: PetitionRow }
  | { kind: 'closed'; lang: SignerLanguage; petition: PetitionRow }
  | { kind: 'refused'; lang: SignerLanguage; petition: PetitionRow }
  | { kind: 'unknown' };

/**
 * Asked in the confirmation's transaction, after the petition's row is locked: whether the block
 * lists or a bulk invalidation made since the signature arrived now take it (and if so, applied:
 * src/service/abuse/confirmation-recheck.ts). Null when it may count.
 */
export interface ConfirmationRecheck {
  refusal(signatureId: number): Promise<string | null>;
}

/** The button was pressed: the link's signature is confirmed (confirmWaiting). */
export function confirmSignature(store: Store, recheck: ConfirmationRecheck, token: string, now: number): Promise<ConfirmationOutcome> {
  return store.db.transaction(async (): Promise<ConfirmationOutcome> => {
    const confirmation = await store.confirmationByTokenHash.get(secretTokenHash(token));
    if (!confirmation || confirmation.expires_at <= now) return { kind: 'unknown' };
    return confirmWaiting(store, recheck, confirmation, now);
  });
}

/**
 * In the caller's transaction: the signature counts from now, takes the next listed position
 * (unless its signer chose to be hidden) and its link and code are used up. A petition that
 * closed meanwhile takes no more signatures, confirmed or not; nor does one the operator's
 * block lists or bulk invalidations now take (the recheck).
 */
export async function confirmWaiting(
  store: Store,
  recheck: ConfirmationRecheck,
  confirmation: ConfirmationByToken,
  now: number,
): Promise<ConfirmationOutcome> {
  const petition = (await store.petitionForUpdate.get(confirmation.petition_id))!;
  const lang = signerLanguage(confirmation.lang);
  if (isClosed(petition, now)) return { kind: 'closed', lang, petition };
  if ((await recheck.refusal(confirmation.signature_id)) !== null) return { kind: 'refused', lang, petition };
  const position = confirmation.hidden === 1 ? null : petition.last_listed_position + 1;
  await store.deleteConfirmation.run(confirmation.signature_id);
  await store.markSignatureConfirmed.run({ id: confirmation.signature_id, listed_position: position, now });
  await store.recordSignaturesAdded.run({
    id: petition.id,
    added: 1,
    first: petition.first_listed_position,
    last: position ?? petition.last_listed_position,
    earliest: now,
  });
  return { kind: 'confirmed', lang, petition: (await store.petitionById.get(petition.id))! };
}

/** Signatures whose last link expired unconfirmed are removed, their details with them. */
export async function removeExpiredUnconfirmed(store: Store, now: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await store.db.transaction(async () => {
      const expired = await store.expiredConfirmations.all(now, EXPIRY_BATCH);
      for (const { signature_id } of expired) {
        await store.recordConfirmationExpired.run(signature_id);
        await store.deleteConfirmation.run(signature_id);
        await store.deleteSignature.run(signature_id);
      }
      return expired.length;
    });
    removed += batch;
    if (batch < EXPIRY_BATCH) return removed;
  }
}
