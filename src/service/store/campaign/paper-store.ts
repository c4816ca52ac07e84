// Paper signatures' statements (src/service/paper/), part of the store (store.ts): the keyed
// hash's secret, which of a batch's identities already signed, a paper signature's row, the
// batches, and a batch's removal.
import type { SqlEngine } from '../engines/sql-engine.js';
import type { SignatureColumns } from '../store-rows.js';

export interface PaperBatchRow {
  id: number;
  petition_id: number;
  added: number;
  duplicates: number;
  failing: number;
  created_at: number;
  removed_at: number | null;
  removed: number | null;
}

/** The columns of a paper signature's row: an online one's without its origin and opt-ins (not known: in no opt-in rate), plus its batch. */
export type PaperSignatureColumns = Omit<SignatureColumns, 'client_ip' | 'utm_source' | 'referrer_host' | 'opt_ins' | 'auth_key_request_id'> & { paper_batch_id: number };

const PAPER_COLUMNS = [
  'petition_id', 'email_identity', 'email', 'first_name', 'last_name', 'address', 'city', 'state_province', 'postal_code',
  'country_code', 'phone', 'reason', 'hidden', 'signed_on', 'listed_position', 'state', 'name_key', 'surname_key', 'postal_key',
  'email_domain', 'paper_batch_id',
] as const satisfies ReadonlyArray<keyof PaperSignatureColumns>;

/** The name under which service_state keeps the paper identity's secret. */
const PAPER_KEY = 'paper_identity_key';

const SIGNED_IDENTITY = 'email_identity, id, first_name, last_name, listed_position, paper_batch_id';

export interface SignedIdentity {
  email_identity: string;
  id: number;
  first_name: string;
  last_name: string;
  listed_position: number | null;
  paper_batch_id: number | null;
}

export function paperStatements(db: SqlEngine) {
  return {
    /** Keeps `value` as the secret unless one is kept already. */
    offerPaperKey: db.prepare<[string]>(`INSERT INTO service_state (name, value) VALUES ('${PAPER_KEY}', ?) ON CONFLICT (name) DO NOTHING`),
    paperKey: db.prepare<[], string>(`SELECT value FROM service_state WHERE name = '${PAPER_KEY}'`, { pluck: true }),
    /** Which of these identities (a JSON array) already signed the petition, in any state, and the signature each names (the preview shows it). */
    identitiesSigned: db.prepare<[number, string], SignedIdentity>({
      sqlite: `SELECT ${SIGNED_IDENTITY} FROM signatures WHERE petition_id = ? AND email_identity IN (SELECT value FROM json_each(?))`,
      postgres: `SELECT ${SIGNED_IDENTITY} FROM signatures WHERE petition_id = ? AND email_identity IN (SELECT jsonb_array_elements_text(?::jsonb))`,
    }),
    /** Nothing changes when the identity already signed (the email index). */
    insertPaperSignature: db.prepare<PaperSignatureColumns>(
      `INSERT INTO signatures (${PAPER_COLUMNS.join(', ')}, channel)
       VALUES (${PAPER_COLUMNS.map((column) => `@${column}`).join(', ')}, 'paper') ON CONFLICT DO NOTHING RETURNING id`,
    ),
    insertPaperBatch: db.prepare<{ petition_id: number; created_at: number }, { id: number }>(
      `INSERT INTO paper_batches (petition_id, added, duplicates, failing, created_at)
       VALUES (@petition_id, 0, 0, 0, @created_at) RETURNING id`,
    ),
    setPaperBatchCounts: db.prepare<{ id: number; added: number; duplicates: number; failing: number }>(
      'UPDATE paper_batches SET added = @added, duplicates = @duplicates, failing = @failing WHERE id = @id',
    ),
    paperBatchById: db.prepare<[number], PaperBatchRow>('SELECT * FROM paper_batches WHERE id = ?'),
    paperBatchesOf: db.prepare<[number], PaperBatchRow>('SELECT * FROM paper_batches WHERE petition_id = ? ORDER BY id DESC LIMIT 50'),
    /** How many of a batch's signatures count now (an operator may have hidden or invalidated some since). */
    paperBatchCounted: db.prepare<[number, number], { counted: number }>(
      "SELECT COUNT(*) AS counted FROM signatures WHERE petition_id = ? AND paper_batch_id = ? AND state = 'counted'",
    ),
    deletePaperBatchSignatures: db.prepare<[number, number]>('DELETE FROM signatures WHERE petition_id = ? AND paper_batch_id = ?'),
    markPaperBatchRemoved: db.prepare<{ id: number; removed_at: number; removed: number }>(
      'UPDATE paper_batches SET removed_at = @removed_at, removed = @removed WHERE id = @id',
    ),
    /** A petition's counted signatures gathered on paper. */
    paperCounted: db.prepare<[number], { counted: number }>(
      "SELECT COUNT(*) AS counted FROM signatures WHERE petition_id = ? AND paper_batch_id IS NOT NULL AND state = 'counted'",
    ),
  };
}
