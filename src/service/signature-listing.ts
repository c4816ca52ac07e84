// Puts accepted signatures into their petition's list, inside the caller's transaction: each
// listed (non-hidden) one gets the petition's next dense listed_position, and each petition's
// count moves once per batch, never a row update per signature (the count row is what every
// read of the petition reads). On a petition that confirms signers they wait for their signer
// instead (signer-confirmation.ts). The group commit (signature-queue.ts) lists what it
// accepts this way, and the queue worker (queue-worker.ts) anything a crash left queued.
import type { SignerInput } from '../shared/signature-schema.js';
import { signatureColumns } from './signature-row.js';
import { awaitConfirmation, signerAskedAgain } from './signer-confirmation.js';
import type { NewQueuedSignature, PetitionRow, Store } from './store.js';

/**
 * `listed`: counted (with a position unless hidden); `awaiting`: waits for its signer's
 * confirmation; `asked-again`: its address was already waiting, the latest details replace the
 * earlier ones; `duplicate`: its address already signed; `no-petition`: the petition is gone.
 */
export type ListingOutcome = 'listed' | 'awaiting' | 'asked-again' | 'duplicate' | 'no-petition';

interface PetitionBatch {
  row: PetitionRow;
  added: number;
  earliest: number | null;
}

/** One batch of signatures, inside one transaction: add() each, then finish() once. */
export class SignatureListing {
  readonly #store: Store;
  readonly #now: number;
  readonly #petitions = new Map<number, PetitionBatch>();
  /** A confirmation email is due once the transaction commits. */
  mailDue = false;

  constructor(store: Store, now: number) {
    this.#store = store;
    this.#now = now;
  }

  async add(entry: NewQueuedSignature): Promise<ListingOutcome> {
    const store = this.#store;
    const petition = await this.#petition(entry.petition_id);
    if (!petition) return 'no-petition';
    const signer: SignerInput = entry.signer;
    const confirming = petition.row.confirm_signers === 1;
    const position = confirming || signer.hidden === true ? null : petition.row.last_listed_position + 1;
    // OR IGNORE on the email index: the address already signed, unless it is its signer asking
    // again for a confirmation link.
    const inserted = await store.insertSignature.get(
      signatureColumns({
        petitionId: entry.petition_id,
        emailIdentity: entry.email_identity,
        signer,
        signedOn: entry.received_at,
        authKeyRequestId: entry.auth_key_request_id,
        listedPosition: position,
        state: confirming ? 'unconfirmed' : 'counted',
      }),
    );
    if (!inserted) {
      const existing = await store.signatureByEmail.get(entry.petition_id, entry.email_identity);
      if (existing?.state !== 'unconfirmed') return 'duplicate';
      if (await signerAskedAgain(store, existing.id, signer, entry.lang, this.#now)) this.mailDue = true;
      return 'asked-again';
    }
    if (confirming) {
      await awaitConfirmation(store, inserted.id, entry.petition_id, entry.lang, this.#now);
      this.mailDue = true;
      return 'awaiting';
    }
    petition.added++;
    if (position !== null) petition.row.last_listed_position = position;
    if (petition.earliest === null || entry.received_at < petition.earliest) petition.earliest = entry.received_at;
    return 'listed';
  }

  /**
   * Takes the batch's petitions first, in id order: on PostgreSQL that locks their rows in one
   * order in every instance, so two batches never wait for each other (a deadlock).
   */
  async lockPetitions(ids: Iterable<number>): Promise<void> {
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) await this.#petition(id);
  }

  /** Moves each petition's count and positions by what this batch added. */
  async finish(): Promise<void> {
    for (const { row, added, earliest } of this.#petitions.values()) {
      if (added === 0) continue;
      await this.#store.recordSignaturesAdded.run({
        id: row.id,
        added,
        first: row.first_listed_position,
        last: row.last_listed_position,
        earliest,
      });
    }
    this.#petitions.clear();
  }

  async #petition(id: number): Promise<PetitionBatch | undefined> {
    let petition = this.#petitions.get(id);
    if (!petition) {
      const row = await this.#store.petitionForUpdate.get(id);
      if (!row) return undefined;
      petition = { row, added: 0, earliest: null };
      this.#petitions.set(id, petition);
    }
    return petition;
  }
}
