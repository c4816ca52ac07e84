// Bulk invalidation: a petition's counted signatures that match a filter (invalidation-filter.ts)
// are previewed (how many, and a few), then invalidated in one transaction as a batch; undoing
// the batch restores exactly its signatures. Either way the count moves once and the listed
// positions are renumbered densely in chunks (listed-positions.ts's renumberListed), so the API's
// pages, the console and the CSV export follow at once. A restored signature goes back to its
// place in time order (signed_on, then id). The audit entry names the batch, the filter and the
// counts, never a signer. Signatures awaiting confirmation are not taken: they do not count yet;
// confirmation-recheck.ts applies a batch to one when it is confirmed.
// Tens of thousands of rows are written a chunk at a time, with a turn of the event loop between
// chunks, so the service's thread is never held for the whole change (heavy-jobs.ts: one bulk
// change of a petition at a time).
import { OperatorError } from '../errors/operator-error.js';
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { HeavyJobs } from '../jobs/heavy-jobs.js';
import { giveLoopTurn } from '../jobs/loop-slices.js';
import { listedInOrder, renumberListed } from '../signatures/listed-positions.js';
import type { InvalidationBatchRow, InvalidationFilterParams, MatchExampleRow } from '../store/abuse/invalidation-store.js';
import type { Store } from '../store/store.js';
import type { FilterText } from './invalidation-filter.js';

/** Signatures a preview shows. */
const PREVIEW_EXAMPLES = 5;
/** Signatures invalidated or restored per statement: a few milliseconds each. */
const CHUNK = 1000;

function chunksOf(ids: readonly number[]): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) chunks.push(JSON.stringify(ids.slice(start, start + CHUNK)));
  return chunks;
}

/** The registry of running bulk invalidations (and undos) the console keeps: one per petition at a time. */
export function bulkInvalidationJobs(log: (line: string) => void): HeavyJobs {
  return new HeavyJobs('bulk invalidation', log, 'A bulk invalidation of this petition, or its undo, is being made');
}

export interface InvalidationPreview {
  count: number;
  examples: MatchExampleRow[];
}

export async function previewInvalidation(store: Store, params: InvalidationFilterParams): Promise<InvalidationPreview> {
  const count = (await store.matchingCount.get(params))!.count;
  const examples = count === 0 ? [] : await store.matchingExamples.all({ ...params, limit: PREVIEW_EXAMPLES });
  return { count: Number(count), examples };
}

async function lockedPetition(store: Store, petitionId: number) {
  const petition = await store.petitionForUpdate.get(petitionId);
  if (!petition) throw new OperatorError(`petition ${petitionId} not found`);
  return petition;
}

/** Invalidates every match as one batch; returns the batch's id and how many it took. */
export async function invalidateInBulk(store: Store, params: InvalidationFilterParams, text: FilterText, actor: Actor, now = Date.now()) {
  return store.db.transaction(async () => {
    const petition = await lockedPetition(store, params.petition_id);
    const filter = JSON.stringify(text);
    const batchId = (await store.insertInvalidationBatch.get({ petition_id: petition.id, filter, created_at: now }))!.id;
    let invalidated = 0;
    for (const ids of chunksOf(await store.matchingIds.all(params))) {
      await giveLoopTurn();
      invalidated += (await store.invalidateIds.run({ ids, batch_id: batchId })).changes;
    }
    await store.setBatchInvalidated.run(invalidated, batchId);
    const listed = (await listedInOrder(store, petition.id)).map(([id, position]) => ({ id, position }));
    const range = await renumberListed(store, petition, listed);
    await store.recordSignatureRemoved.run({ id: petition.id, ...range, counted: invalidated });
    await recordAudit(store, actor, 'signatures invalidated in bulk', `petition ${petition.id}`, `batch ${batchId}: ${invalidated} signatures; filter ${filter}`, now);
    return { batchId, invalidated };
  });
}

/** Restores the batch's signatures that are still invalidated by it; returns how many. */
export async function undoInvalidation(store: Store, batchId: number, actor: Actor, now = Date.now()): Promise<{ petitionId: number; restored: number }> {
  return store.db.transaction(async () => {
    const batch = await existingBatch(store, batchId);
    if (batch.undone_at !== null) throw new OperatorError(`batch ${batchId} is already undone`);
    const petition = await lockedPetition(store, batch.petition_id);
    const members = await store.batchMembers.all(batchId);
    const returning = members.filter((member) => member.hidden === 0);
    const listed = await listedInOrder(store, petition.id);
    // Merged in time order: each restored signature goes back before the first listed one signed after it.
    const order: Array<{ id: number; position: number | null }> = [];
    let next = 0;
    for (const [id, position, signedOn] of listed) {
      while (next < returning.length && before(returning[next]!, { id, signed_on: signedOn })) order.push({ id: returning[next++]!.id, position: null });
      order.push({ id, position });
    }
    for (; next < returning.length; next++) order.push({ id: returning[next]!.id, position: null });
    for (const ids of chunksOf(members.map((member) => member.id))) {
      await giveLoopTurn();
      await store.restoreBatchMembers.run({ ids, batch_id: batchId });
    }
    const range = await renumberListed(store, petition, order);
    await store.recordSignatureRemoved.run({ id: petition.id, ...range, counted: -members.length });
    await store.markBatchUndone.run({ id: batchId, undone_at: now, restored: members.length });
    await recordAudit(store, actor, 'bulk invalidation undone', `petition ${petition.id}`, `batch ${batchId}: ${members.length} signatures restored`, now);
    return { petitionId: petition.id, restored: members.length };
  });
}

function before(a: { id: number; signed_on: number }, b: { id: number; signed_on: number }): boolean {
  return a.signed_on < b.signed_on || (a.signed_on === b.signed_on && a.id < b.id);
}

async function existingBatch(store: Store, batchId: number): Promise<InvalidationBatchRow> {
  const batch = await store.invalidationBatchById.get(batchId);
  if (!batch) throw new OperatorError(`batch ${batchId} not found`);
  return batch;
}
