// A batch of paper signatures: previewed (how many would be added, how many are duplicates of
// signers the petition has, online or from earlier batches, or of a row above them in the
// sheet, and which rows fail and why), then added in one transaction as counted signatures of
// channel 'paper' that keep their batch, listed (unless hidden) after the petition's last
// listed one; or a batch removed as a whole, its rows deleted, the count moved once and the
// listed positions renumbered densely (listed-positions.ts). The charts' counts follow by the
// triggers on `signatures`. Audit entries carry ids and counts only.
import { OperatorError } from '../errors/operator-error.js';
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { listedInOrder, renumberListed } from '../signatures/listed-positions.js';
import { signerColumns } from '../signatures/signature-row.js';
import type { PetitionRow, Store } from '../store/store.js';
import { paperIdentity, paperIdentityKey } from './paper-identity.js';
import { readPaperSheet } from './paper-sheet.js';
import { giveLoopTurn } from '../jobs/loop-slices.js';
import { HeavyJobs } from '../jobs/heavy-jobs.js';
import type { FailingRow, SheetRow } from './paper-sheet.js';

/** Signers written between turns of the event loop. */
const ROWS_PER_TURN = 200;

/** The registry of running paper batch changes the console keeps: one added or removed per petition at a time. */
export function paperJobs(log: (line: string) => void): HeavyJobs {
  return new HeavyJobs('paper batch', log, 'A paper batch of this petition is being added or removed');
}

/** The signature a duplicate row names: enough for the operator to find it, never its email or address. */
interface SignatureMatched {
  id: number;
  name: string;
  listedPosition: number | null;
  paperBatchId: number | null;
}

/** A row left out: the signature the petition has of that signer, or the earlier row of this sheet. */
export type DuplicateRow = { rowNumber: number; signature: SignatureMatched } | { rowNumber: number; sheetRow: number };

/** A signer the batch would add, as the preview lists them for the operator to check. */
interface RowToAdd {
  rowNumber: number;
  name: string;
  city: string;
}

export interface PaperPreview {
  toAdd: number;
  adding: RowToAdd[];
  duplicates: DuplicateRow[];
  failing: FailingRow[];
}

type Sorted = { ok: true; preview: PaperPreview; adding: Array<SheetRow & { identity: string }> } | { ok: false; problem: string };

async function sortSheet(store: Store, petitionId: number, text: string): Promise<Sorted> {
  const sheet = await readPaperSheet(text);
  if (!sheet.ok) return sheet;
  const key = await paperIdentityKey(store);
  const identified = sheet.rows.map((row) => ({ ...row, identity: paperIdentity(key, row.signer) }));
  const signed = new Map<string, SignatureMatched | number>(
    (await store.identitiesSigned.all(petitionId, JSON.stringify(identified.map((row) => row.identity)))).map((row) => [row.email_identity, {
      id: Number(row.id),
      name: `${row.first_name} ${row.last_name}`,
      listedPosition: row.listed_position === null ? null : Number(row.listed_position),
      paperBatchId: row.paper_batch_id === null ? null : Number(row.paper_batch_id),
    }]),
  );
  const adding: Array<SheetRow & { identity: string }> = [];
  const duplicates: DuplicateRow[] = [];
  for (const row of identified) {
    const match = signed.get(row.identity);
    if (match === undefined) {
      signed.set(row.identity, row.rowNumber);
      adding.push(row);
    } else duplicates.push(typeof match === 'number' ? { rowNumber: row.rowNumber, sheetRow: match } : { rowNumber: row.rowNumber, signature: match });
  }
  const shown = adding.map(({ rowNumber, signer }) => ({ rowNumber, name: `${signer.first_name} ${signer.last_name}`, city: signer.city }));
  return { ok: true, preview: { toAdd: adding.length, adding: shown, duplicates, failing: sheet.failing }, adding };
}

async function lockedPetition(store: Store, petitionId: number): Promise<PetitionRow> {
  const petition = await store.petitionForUpdate.get(petitionId);
  if (!petition) throw new OperatorError(`petition ${petitionId} not found`);
  return petition;
}

export type PreviewResult = { ok: true; preview: PaperPreview } | { ok: false; problem: string };

export async function previewPaper(store: Store, petitionId: number, text: string): Promise<PreviewResult> {
  if (!(await store.petitionById.get(petitionId))) throw new OperatorError(`petition ${petitionId} not found`);
  const sorted = await sortSheet(store, petitionId, text);
  return sorted.ok ? { ok: true, preview: sorted.preview } : sorted;
}

export type AddResult = { ok: true; batchId: number; preview: PaperPreview } | { ok: false; problem: string };

/** Adds the sheet's new signers as one batch (none added: no batch); what the preview said, checked again under the petition's lock. */
export async function addPaperBatch(store: Store, petitionId: number, text: string, actor: Actor, now = Date.now()): Promise<AddResult> {
  return store.db.transaction(async () => {
    const petition = await lockedPetition(store, petitionId);
    const sorted = await sortSheet(store, petitionId, text);
    if (!sorted.ok) return sorted;
    const { preview, adding } = sorted;
    if (adding.length === 0) throw new OperatorError('No signer of this sheet can be added: each is a duplicate or fails the rules');
    const batchId = (await store.insertPaperBatch.get({ petition_id: petitionId, created_at: now }))!.id;
    let last = petition.last_listed_position;
    let added = 0;
    for (const [index, { signer, identity }] of adding.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await giveLoopTurn();
      const position = signer.hidden === true ? null : last + 1;
      // The petition's row is locked, so no other writer adds one of these identities meanwhile;
      // a row the index still refuses is neither counted nor given its position.
      const { changes } = await store.insertPaperSignature.run({
        petition_id: petitionId,
        email_identity: identity,
        ...signerColumns(signer),
        signed_on: now,
        listed_position: position,
        state: 'counted',
        paper_batch_id: batchId,
      });
      if (changes === 0) continue;
      added++;
      if (position !== null) last = position;
    }
    const counts = { added, duplicates: preview.duplicates.length + adding.length - added, failing: preview.failing.length };
    await store.setPaperBatchCounts.run({ id: batchId, ...counts });
    await store.recordSignaturesAdded.run({ id: petitionId, added, first: petition.first_listed_position, last, earliest: now });
    await recordAudit(store, actor, 'paper signatures added', `petition ${petitionId}`,
      `batch ${batchId}: ${counts.added} added, ${counts.duplicates} duplicates, ${counts.failing} failing`, now);
    return { ok: true, batchId, preview };
  });
}

/** Deletes the batch's signatures; returns its petition and how many were removed. */
export async function removePaperBatch(store: Store, batchId: number, actor: Actor, now = Date.now()): Promise<{ petitionId: number; removed: number }> {
  return store.db.transaction(async () => {
    const batch = await store.paperBatchById.get(batchId);
    if (!batch) throw new OperatorError(`paper batch ${batchId} not found`);
    if (batch.removed_at !== null) throw new OperatorError(`paper batch ${batchId} is already removed`);
    const petition = await lockedPetition(store, batch.petition_id);
    const { counted } = (await store.paperBatchCounted.get(petition.id, batchId))!;
    const { changes: removed } = await store.deletePaperBatchSignatures.run(petition.id, batchId);
    const listed = (await listedInOrder(store, petition.id)).map(([id, position]) => ({ id, position }));
    const range = await renumberListed(store, petition, listed);
    await store.recordSignatureRemoved.run({ id: petition.id, ...range, counted: Number(counted) });
    await store.markPaperBatchRemoved.run({ id: batchId, removed_at: now, removed });
    await recordAudit(store, actor, 'paper batch removed', `petition ${petition.id}`, `batch ${batchId}: ${removed} signatures removed`, now);
    return { petitionId: petition.id, removed };
  });
}
