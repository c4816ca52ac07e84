// What the operator's admin commands do, on the database file directly, so they work while
// a service runs on the same file (WAL lets both proceed; the service polls for deliveries).
import { readFile, stat } from 'node:fs/promises';
import { OperatorError } from './errors/operator-error.js';
import { COMMAND_LINE, recordAudit } from './operators/audit-log.js';
import { createConsumer, type ConsumerCredentials } from './auth-keys/consumers.js';
import { decideKeyRequest } from './auth-keys/auth-key-requests.js';
import { createOperator, resetOperatorPassword } from './operators/operators.js';
import type { NewOperator } from './operators/operators.js';
import type { PetitionFieldsText } from './petitions/petition-fields.js';
import { createPetition, existingPetition, updatePetition } from './petitions/petition-writes.js';
import { petitionResource } from './petitions/petitions.js';
import { setPetitionRetention } from './retention/petition-retention.js';
import { addPaperBatch, previewPaper, removePaperBatch } from './paper/paper-batches.js';
import type { PaperPreview } from './paper/paper-batches.js';
import { fileSizeProblem, sheetText } from './paper/sheet-bytes.js';
import { seedSignatures } from './seed/seed.js';
import { writeDeliveryFile } from './delivery/delivery-file.js';
import type { DeliveryFileSummary } from './delivery/delivery-file.js';
import { existingSignature, hideSignature, showSignature } from './signatures/moderation.js';
import type { PetitionResource } from '../shared/types.js';
import { createStore } from './store/store.js';
import { openWritableEngine } from './store/engines/writable-engine.js';
import type { AuthKeyRequestRecord } from './store/store.js';
import { backupSqlite, type BackupSummary } from './store/engines/sqlite-backup.js';

/**
 * A key request as the operator sees it. The auth_key is left out on purpose: it reaches the
 * requester by the signed callback (or a repeated request) only, and admin output tends to
 * end up in terminals and logs. `has_auth_key` says whether one exists.
 */
interface AuthKeyRequestRow {
  id: number;
  petition_id: number;
  consumer_id: number;
  source: string;
  source_description: string;
  requester_email: string;
  callback_endpoint: string;
  status: AuthKeyRequestRecord['status'];
  has_auth_key: boolean;
  created_at: string;
  updated_at: string;
  /** Callback deliveries of this request, oldest first. */
  deliveries: { id: number; state: string; attempts: number }[];
}

/** What the name commands print: ids only, no signer's data (admin output ends up in logs). */
interface SignatureVisibility {
  signature_id: number;
  petition_id: number;
  hidden: boolean;
}

/** What import-paper prints: counts and row numbers, never a signer's details. */
interface PaperImport {
  petition_id: number;
  /** Present once the batch is added (--confirm). */
  batch_id?: number;
  to_add: number;
  duplicate_rows: number[];
  failing_rows: Array<{ row: number; reasons: string[] }>;
}

function paperImport(petitionId: number, preview: PaperPreview, batchId?: number): PaperImport {
  return {
    petition_id: petitionId,
    ...(batchId === undefined ? {} : { batch_id: batchId }),
    to_add: preview.toAdd,
    duplicate_rows: preview.duplicates.map((row) => row.rowNumber),
    failing_rows: preview.failing.map(({ rowNumber, reasons }) => ({ row: rowNumber, reasons })),
  };
}

/** The sheet's text, refused before it is read when the file is too large. */
async function paperSheetText(path: string): Promise<string> {
  const size = await stat(path).then(
    (info) => (info.isFile() ? info.size : null),
    () => null,
  );
  if (size === null) throw new OperatorError(`FILE: ${path} is not a file that can be read`);
  const problem = fileSizeProblem(size);
  if (problem) throw new OperatorError(problem);
  const sheet = sheetText(await readFile(path));
  if (!sheet.ok) throw new OperatorError(sheet.problem);
  return sheet.text;
}

export interface ServiceAdmin {
  createConsumer(name: string): Promise<ConsumerCredentials>;
  /** The credentials of the oldest consumer of that name, for a set-up that runs again (never printed by a command). */
  consumerNamed(name: string): Promise<{ api_key: string; secret: string } | null>;
  /** The petition whose url this is (the first made), or null. */
  petitionIdByUrl(url: string): Promise<number | null>;
  /** A title alone, or the petition's fields as text (see petition-fields.ts). */
  createPetition(fields: string | PetitionFieldsText): Promise<{ petition_id: number }>;
  /** Changes the fields given; the others stay. Returns the petition as the API shows it. */
  updatePetition(id: number, fields: PetitionFieldsText): Promise<PetitionResource>;
  /** The petition's own retention period in days, or `default` for the service's (src/service/retention/). */
  setRetention(id: number, days: string): Promise<{ retain_days_after_close: number | null }>;
  petition(id: number): Promise<PetitionResource>;
  seed(petitionId: number, count: number): Promise<{ inserted: number }>;
  /** The petition's delivery PDF for its targets, written to `out` (mode 0600). */
  delivery(petitionId: number, out: string): Promise<DeliveryFileSummary>;
  /** Takes a name out of the public list (it still counts), or puts back one an operator took out. */
  hideName(signatureId: number): Promise<SignatureVisibility>;
  showName(signatureId: number): Promise<SignatureVisibility>;
  /** Previews a CSV sheet of paper signatures (docs/paper-signatures.md); with `confirm`, adds them as a batch. */
  importPaper(petitionId: number, path: string, confirm: boolean): Promise<PaperImport>;
  removePaperBatch(batchId: number): Promise<{ batch_id: number; petition_id: number; removed: number }>;
  listAuthKeys(): Promise<AuthKeyRequestRow[]>;
  grant(id: number): Promise<AuthKeyRequestRow>;
  deny(id: number): Promise<AuthKeyRequestRow>;
  revoke(id: number): Promise<AuthKeyRequestRow>;
  /** Without a password: a one-time one, returned once, to be replaced at first sign-in. */
  createOperator(email: string, password?: string): Promise<NewOperator>;
  resetOperatorPassword(email: string, password?: string): Promise<NewOperator>;
  /** A consistent copy of the SQLite file, taken while the service signs, to a new file `out` (0600). */
  backup(out: string): Promise<BackupSummary>;
  close(): Promise<void>;
}

/** `database`: a SQLite file's path, or a postgres:// URL (store-engine.ts). */
export async function openAdmin(database: string): Promise<ServiceAdmin> {
  const store = createStore(await openWritableEngine(database));
  const toRow = async (record: AuthKeyRequestRecord): Promise<AuthKeyRequestRow> => ({
    id: record.id,
    petition_id: record.petition_id,
    consumer_id: record.consumer_id,
    source: record.source,
    source_description: record.source_description,
    requester_email: record.requester_email,
    callback_endpoint: record.callback_endpoint,
    status: record.status,
    has_auth_key: record.auth_key !== null,
    created_at: new Date(record.created_at).toISOString(),
    updated_at: new Date(record.updated_at).toISOString(),
    deliveries: (await store.deliveriesOf.all(record.id)).map(({ id, state, attempts }) => ({ id, state, attempts })),
  });
  const visibility = async (id: number): Promise<SignatureVisibility> => {
    const signature = await existingSignature(store, id);
    return { signature_id: signature.id, petition_id: signature.petition_id, hidden: signature.hidden === 1 };
  };
  return {
    createConsumer: (name) => createConsumer(store, name, COMMAND_LINE),
    async consumerNamed(name) {
      const row = await store.consumerByName.get(name);
      return row ? { api_key: row.api_key, secret: row.secret } : null;
    },
    petitionIdByUrl: async (url) => {
      // Compared as the URL parser writes it, as petition-fields.ts stores it.
      const href = URL.canParse(url) ? new URL(url).href : url;
      return (await store.petitionIdByUrl.get(href))?.id ?? null;
    },
    createPetition: async (fields) => ({
      petition_id: await createPetition(store, typeof fields === 'string' ? { title: fields } : fields, COMMAND_LINE),
    }),
    updatePetition: async (id, fields) => petitionResource(await updatePetition(store, id, fields, COMMAND_LINE), Date.now()),
    setRetention: async (id, days) => ({ retain_days_after_close: await setPetitionRetention(store, id, days, COMMAND_LINE) }),
    petition: async (id) => petitionResource(await existingPetition(store, id), Date.now()),
    seed: async (petitionId, count) => {
      const seeded = await seedSignatures(store, petitionId, count);
      // After the seeding, which commits in chunks of its own: the entry says how many went in.
      await recordAudit(store, COMMAND_LINE, 'signatures seeded', `petition ${petitionId}`, `${seeded.inserted} made-up signers`);
      return seeded;
    },
    delivery: (petitionId, out) => writeDeliveryFile(store, petitionId, out, (line) => process.stderr.write(`${line}\n`)),
    hideName: async (id) => {
      await hideSignature(store, id, COMMAND_LINE);
      return visibility(id);
    },
    showName: async (id) => {
      await showSignature(store, id, COMMAND_LINE);
      return visibility(id);
    },
    importPaper: async (petitionId, path, confirm) => {
      const text = await paperSheetText(path);
      if (confirm) {
        const added = await addPaperBatch(store, petitionId, text, COMMAND_LINE);
        if (!added.ok) throw new OperatorError(added.problem);
        return paperImport(petitionId, added.preview, added.batchId);
      }
      const previewed = await previewPaper(store, petitionId, text);
      if (!previewed.ok) throw new OperatorError(previewed.problem);
      return paperImport(petitionId, previewed.preview);
    },
    removePaperBatch: async (batchId) => {
      const { petitionId, removed } = await removePaperBatch(store, batchId, COMMAND_LINE);
      return { batch_id: batchId, petition_id: petitionId, removed };
    },
    listAuthKeys: async () => Promise.all((await store.allAuthKeyRequests.all()).map(toRow)),
    grant: async (id) => toRow(await decideKeyRequest(store, id, 'grant', COMMAND_LINE)),
    deny: async (id) => toRow(await decideKeyRequest(store, id, 'deny', COMMAND_LINE)),
    revoke: async (id) => toRow(await decideKeyRequest(store, id, 'revoke', COMMAND_LINE)),
    createOperator: (email, password) => createOperator(store, email, password, COMMAND_LINE),
    resetOperatorPassword: (email, password) => resetOperatorPassword(store, email, password, COMMAND_LINE),
    backup: async (out) => {
      const summary = await backupSqlite(database, out);
      // After the copy, so the entry is in the source only: the copy's newest entry predates it.
      const detail = `${summary.petitions} petitions, ${summary.signatures} signatures, schema ${summary.schema_version}, to ${out}`;
      await recordAudit(store, COMMAND_LINE, 'database backed up', 'database', detail);
      return summary;
    },
    close: () => store.db.close(),
  };
}
