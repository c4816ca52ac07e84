// Bulk invalidation: a petition's counted signatures that match a filter (invalidation-filter.ts)
// are previewed (how many, and a few), then invalidated in one transaction as a batch; undoing
// the batch restores exactly its signatures. Either way the count moves once and the listed
// positions are renumbered densely in chunks (listed-positions.ts's renumberListed), so the API's
// pages, the console and the CSV export follow at once. A restored signature goes back to its
// place in time order (signed_on, then id). The audit entry names the batch, the filter and the
// counts, never a signer. Signatures awaiting confirmation are not taken: they do not count yet.
import { OperatorError } from '../errors/operator-error.js';
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { renumberListed } from '../signatures/listed-positions.js';
import type { InvalidationBatchRow, InvalidationFilterParams, MatchExampleRow } from '../store/invalidation-store.js';
import type { Store } from '../store/store.js';
import type { FilterText } from './invalidation-filter.js';

/** Signatures a preview shows. */
const PREVIEW_EXAMPLES = 5;

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
    const { changes: invalidated } = await store.invalidateMatching.run({ ...params, batch_id: batchId });
    await store.setBatchInvalidated.run(invalidated, batchId);
    const listed = (await store.listedInOrder.all(petition.id)).map(([id, position]) => ({ id, position }));
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
    const listed = await store.listedInOrder.all(petition.id);
    // Merged in time order: each restored signature goes back before the first listed one signed after it.
    const order: Array<{ id: number; position: number | null }> = [];
    let next = 0;
    for (const [id, position, signedOn] of listed) {
      while (next < returning.length && before(returning[next]!, { id, signed_on: signedOn })) order.push({ id: returning[next++]!.id, position: null });
      order.push({ id, position });
    }
    for (; next < returning.length; next++) order.push({ id: returning[next]!.id, position: null });
    await store.restoreBatchMembers.run(batchId);
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
