// Erases a closed petition's signers' personal data (README "How long personal data is kept"):
// on every signature, the email (and its canonical key and domain), street address, postal code,
// phone, reason, client address, opt-ins and search keys; the name and city too where the public
// list does not show them (a hidden or invalidated signature). What the public list shows, the
// count and the breakdowns stay. Unconfirmed signatures go as an expired link removes them, with
// their confirmation links and codes; withdrawal links, queued rows and the petition's own block
// list entries go. In batches of a few milliseconds with a loop turn between them, each batch one
// transaction that first locks the petition (PostgreSQL: instances erasing it at once take turns,
// and each erases only what the other has not); a second run finds nothing left. With SQLite's
// secure_delete (database.ts) the old bytes are overwritten, and the WAL is truncated at the end.
import { giveLoopTurn } from '../jobs/loop-slices.js';
import { recordAudit } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import type { Store } from '../store/store.js';

/**
 * On SQLite a batch runs on the event loop, and most of its time is the search index taking out
 * each row's terms with secure-delete (half a millisecond to a few a row on this machine, more
 * while other work runs): the number of rows follows the time the last batch took, aiming at
 * this. On PostgreSQL the work is the server's and the loop only waits: batches are large.
 */
const BATCH_AIM_MS = 8;
const SQLITE_ROWS = { first: 10, most: 1000 } as const;
const POSTGRES_ROWS = 1000;
/** Signature ids looked at per transaction: the scan walks ids in order, and other petitions' rows are skipped. */
const SCAN_IDS = 20_000;

export interface ErasureCounts {
  /** Signatures whose personal data was erased (counted, hidden or invalidated; they stay, and keep counting). */
  signatures: number;
  /** Unconfirmed signatures removed, with their confirmation links and codes. */
  unconfirmed: number;
  /** Signatures still queued by an older version, removed. */
  queued: number;
  /** The petition's own block list entries, removed. */
  blockEntries: number;
}

export type ErasureReason = 'retention period' | 'operator';

export interface ErasureOptions {
  reason: ErasureReason;
  actor: Actor;
  /** Empties the WAL (SQLite) after the last batch, in the checkpoint thread; rejects when it could not. */
  truncateWal: () => Promise<void>;
  now?: () => number;
}

export interface Erasure {
  counts: ErasureCounts;
  /** False when a reader kept the WAL from being emptied: its old pages go at the checkpoint thread's next checkpoint. */
  walEmptied: boolean;
}

/** Erases what is left of the petition's personal data and records it; returns the counts (the audit entry's). */
export async function erasePetitionPersonalData(store: Store, petitionId: number, options: ErasureOptions): Promise<Erasure> {
  const now = options.now ?? Date.now;
  const counts: ErasureCounts = { signatures: 0, unconfirmed: 0, queued: 0, blockEntries: 0 };
  const highest = (await store.highestSignatureId.get())!.id;
  const adapts = store.db.dialect === 'sqlite';
  let batchRows: number = adapts ? SQLITE_ROWS.first : POSTGRES_ROWS;
  for (let after = 0; after < highest; ) {
    const limit = batchRows;
    const started = performance.now();
    const rows = await store.db.transaction(async () => {
      await store.petitionForUpdate.get(petitionId);
      const batch = await store.signaturesToErase.all({ petition_id: petitionId, after, through: after + SCAN_IDS, limit });
      await eraseBatch(store, batch, counts, now());
      return batch;
    });
    after = rows.length === limit ? rows[rows.length - 1]!.id : after + SCAN_IDS;
    if (adapts) batchRows = nextBatchRows(limit, rows.length, performance.now() - started);
    await giveLoopTurn();
  }
  await store.db.transaction(async () => {
    await store.petitionForUpdate.get(petitionId);
    counts.queued = (await store.deleteQueuedOfPetition.run(petitionId)).changes;
    for (const { id } of await store.blockEntryIdsOfPetition.all(petitionId)) {
      counts.blockEntries += (await store.deleteBlockEntry.run({ id })).changes;
    }
    await store.markPersonalDataErased.run(now(), petitionId);
    await recordAudit(store, options.actor, 'personal data erased', `petition ${petitionId}`, erasureDetail(options.reason, counts), now());
  });
  const walEmptied = await options.truncateWal().then(
    () => true,
    () => false,
  );
  return { counts, walEmptied };
}

/** Twice as many rows after a full batch well under its aim, half as many after one over it. */
function nextBatchRows(limit: number, erased: number, tookMs: number): number {
  if (tookMs > BATCH_AIM_MS) return Math.max(1, Math.floor(limit / 2));
  if (erased === limit && tookMs < BATCH_AIM_MS / 2) return Math.min(SQLITE_ROWS.most, limit * 2);
  return limit;
}

async function eraseBatch(store: Store, batch: Array<{ id: number; state: string }>, counts: ErasureCounts, now: number): Promise<void> {
  const unconfirmed = batch.filter(({ state }) => state === 'unconfirmed').map(({ id }) => id);
  const kept = JSON.stringify(batch.filter(({ state }) => state !== 'unconfirmed').map(({ id }) => id));
  for (const id of unconfirmed) {
    await store.recordConfirmationExpired.run(id);
    await store.deleteConfirmation.run(id);
    await store.deleteWithdrawalsOf.run(JSON.stringify([id]));
    await store.deleteSignature.run(id);
  }
  counts.unconfirmed += unconfirmed.length;
  if (kept === '[]') return;
  await store.deleteWithdrawalsOf.run(kept);
  // The search index holds the old keys of the rows it has indexed: they leave it with them.
  await store.unindexErased.run(kept);
  counts.signatures += (await store.eraseSignatures.run({ ids: kept, now })).changes;
  await store.reindexErased.run(kept);
}

/** Counts only: the audit entry names no signer and nothing they typed. */
export function erasureDetail(reason: ErasureReason, counts: ErasureCounts): string {
  return `${reason}: ${counts.signatures} signatures erased, ${counts.unconfirmed} unconfirmed removed, ${counts.queued} queued removed, ${counts.blockEntries} block list entries removed`;
}
