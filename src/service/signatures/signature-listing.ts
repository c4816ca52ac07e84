// Puts accepted signatures into their petition's list, inside the caller's transaction: each
// listed (non-hidden) one gets the petition's next dense listed_position, and each petition's
// count moves once per batch, never a row update per signature (the count row is what every
// read of the petition reads). On a petition that confirms signers they wait for their signer
// instead (signer-confirmation.ts). The group commit (signature-queue.ts) lists what it
// accepts this way, and the queue worker (queue-worker.ts) anything a crash left queued.
import type { SignerInput } from '../../shared/signer-fields.js';
import { signatureColumns } from './signature-row.js';
import { awaitConfirmation, signerAskedAgain } from '../confirmation/signer-confirmation.js';
import { signatureArrays } from '../store/signatures/bulk-store.js';
import type { NewQueuedSignature, PetitionRow, SignatureColumns, Store } from '../store/store.js';

/**
 * `listed`: counted (with a position unless hidden); `awaiting`: waits for its signer's
 * confirmation; `asked-again`: its address was already waiting, its link is mailed again (the
 * first details stay); `duplicate`: its address already signed; `no-petition`: the petition is gone.
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
    const inserted = await store.insertSignature.run(
      signatureColumns({
        petitionId: entry.petition_id,
        emailIdentity: entry.email_identity,
        signer,
        signedOn: entry.received_at,
        authKeyRequestId: entry.auth_key_request_id,
        listedPosition: position,
        state: confirming ? 'unconfirmed' : 'counted',
        origin: entry.origin,
        optIns: entry.opt_ins,
      }),
    );
    if (inserted.changes === 0) {
      const existing = await store.signatureByEmail.get(entry.petition_id, entry.email_identity);
      if (existing?.state !== 'unconfirmed') return 'duplicate';
      if (await signerAskedAgain(store, existing.id, this.#now)) this.mailDue = true;
      return 'asked-again';
    }
    const signatureId = inserted.lastInsertId!;
    if (entry.withdrawal_token_hash) await store.insertWithdrawal.run({ token_hash: entry.withdrawal_token_hash, signature_id: signatureId, kind: 'thanks' });
    if (confirming) {
      await awaitConfirmation(store, signatureId, entry.petition_id, entry.lang, this.#now);
      this.mailDue = true;
      return 'awaiting';
    }
    this.#counted(petition, position, entry.received_at);
    return 'listed';
  }

  /**
   * add() for each entry, in order, with the same outcomes. Where a statement is a round trip
   * (PostgreSQL), a petition that does not confirm its signers takes its part of the batch in two
   * statements (which of the addresses signed already, then one insert of the rest) instead of
   * one per signature; the petition's row is locked (lockPetitions), so no other writer can
   * add one of those addresses meanwhile.
   */
  async addAll(entries: NewQueuedSignature[]): Promise<ListingOutcome[]> {
    const outcomes: ListingOutcome[] = [];
    if (!this.#store.db.statementsAreRoundTrips) {
      for (const entry of entries) outcomes.push(await this.add(entry));
      return outcomes;
    }
    const byPetition = new Map<number, number[]>();
    entries.forEach((entry, index) => byPetition.set(entry.petition_id, [...(byPetition.get(entry.petition_id) ?? []), index]));
    for (const [petitionId, indexes] of byPetition) {
      const petition = await this.#petition(petitionId);
      if (!petition || petition.row.confirm_signers === 1) {
        for (const index of indexes) outcomes[index] = await this.add(entries[index]!);
        continue;
      }
      const identities = indexes.map((index) => entries[index]!.email_identity);
      const signed = new Set((await this.#store.signedAmong.all(petitionId, identities)).map((row) => row.email_identity));
      const rows: SignatureColumns[] = [];
      const withdrawals: { hashes: string[]; identities: string[] } = { hashes: [], identities: [] };
      for (const index of indexes) {
        const entry = entries[index]!;
        if (signed.has(entry.email_identity)) {
          outcomes[index] = 'duplicate';
          continue;
        }
        signed.add(entry.email_identity);
        const position = entry.signer.hidden === true ? null : petition.row.last_listed_position + 1;
        rows.push(
          signatureColumns({
            petitionId,
            emailIdentity: entry.email_identity,
            signer: entry.signer,
            signedOn: entry.received_at,
            authKeyRequestId: entry.auth_key_request_id,
            listedPosition: position,
            state: 'counted',
            origin: entry.origin,
            optIns: entry.opt_ins,
          }),
        );
        if (entry.withdrawal_token_hash) {
          withdrawals.hashes.push(entry.withdrawal_token_hash);
          withdrawals.identities.push(entry.email_identity);
        }
        this.#counted(petition, position, entry.received_at);
        outcomes[index] = 'listed';
      }
      if (rows.length > 0) await this.#store.insertSignatures.run(...signatureArrays(rows));
      if (withdrawals.hashes.length > 0) await this.#store.insertWithdrawalsByIdentity.run(withdrawals.hashes, withdrawals.identities, petitionId);
    }
    return outcomes;
  }

  #counted(petition: PetitionBatch, position: number | null, receivedAt: number): void {
    petition.added++;
    if (position !== null) petition.row.last_listed_position = position;
    if (petition.earliest === null || receivedAt < petition.earliest) petition.earliest = receivedAt;
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
