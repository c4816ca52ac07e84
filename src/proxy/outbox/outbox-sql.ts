// The outbox's SQL, shared by its two stores: outbox-sqlite.ts (better-sqlite3 on Node) and
// worker/durable-outbox-store.ts (a Durable Object's SQLite on Cloudflare Workers), so the schema
// and the order of the line are written once.
import type { SignerInput } from '../../shared/signer-fields.js';
import type { SignatureOrigin } from '../../shared/signature-origin.js';
import { optInsValue } from '../../shared/signature-opt-ins.js';
import type { NewOutboxEntry, OutboxEntry } from './outbox-store.js';

/**
 * Each step brings the schema from version i to i + 1. An outbox written by an earlier version
 * holds promised signatures: it is altered in place, never recreated.
 */
export const OUTBOX_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    petition_id INTEGER NOT NULL,
    signer_json TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL
  )`,
  // The signer's language, passed on to the service; held entries (refused for this system's fault).
  `ALTER TABLE outbox ADD COLUMN language TEXT;
   ALTER TABLE outbox ADD COLUMN held_cause TEXT;
   CREATE INDEX outbox_held ON outbox(next_attempt_at) WHERE held_cause IS NOT NULL;`,
  // Where each signature came from (src/shared/signature-origin.ts), passed on with it.
  'ALTER TABLE outbox ADD COLUMN origin_json TEXT',
  // The token of the signer's withdrawal link (issue 18), sent with the signature when it goes.
  'ALTER TABLE outbox ADD COLUMN withdrawal_token TEXT',
  // The ids of the opt-ins ticked (issue 20), comma-separated, '' for none; null in older rows,
  // which are sent without them.
  'ALTER TABLE outbox ADD COLUMN opt_ins TEXT',
  // When each entry was queued (issue 29): the outbox's oldest age for the operator's metrics;
  // null in older rows.
  'ALTER TABLE outbox ADD COLUMN queued_at INTEGER',
];

export const OUTBOX_SQL = {
  insert:
    'INSERT INTO outbox (petition_id, signer_json, language, origin_json, withdrawal_token, opt_ins, next_attempt_at, queued_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  firstInLine: 'SELECT * FROM outbox WHERE held_cause IS NULL ORDER BY id LIMIT 1',
  nextHeld: 'SELECT * FROM outbox WHERE held_cause IS NOT NULL ORDER BY next_attempt_at, id LIMIT 1',
  reschedule: 'UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?',
  hold: 'UPDATE outbox SET held_cause = ?, attempts = ?, next_attempt_at = ? WHERE id = ?',
  releaseHeld: 'UPDATE outbox SET next_attempt_at = ? WHERE held_cause IS NOT NULL',
  remove: 'DELETE FROM outbox WHERE id = ?',
  countInLine: 'SELECT COUNT(*) AS n FROM outbox WHERE held_cause IS NULL',
  countAll: 'SELECT COUNT(*) AS n FROM outbox',
} as const;

/** An outbox row as SQLite returns it. */
export interface OutboxRow {
  id: number;
  petition_id: number;
  signer_json: string;
  language: string | null;
  origin_json: string | null;
  withdrawal_token: string | null;
  opt_ins: string | null;
  attempts: number;
  next_attempt_at: number;
  held_cause: string | null;
  queued_at: number | null;
}

/** The values of OUTBOX_SQL.insert for `entry`; an entry is queued to be tried at once, so `nextAttemptAt` is also when it was queued. */
export function outboxInsertValues(entry: NewOutboxEntry, nextAttemptAt: number): Array<string | number | null> {
  const { petitionId, signer, language, origin, withdrawalToken, optIns } = entry;
  const originJson = origin && Object.keys(origin).length > 0 ? JSON.stringify(origin) : null;
  const optInsText = optIns ? optInsValue(optIns) : null;
  return [petitionId, JSON.stringify(signer), language ?? null, originJson, withdrawalToken ?? null, optInsText, nextAttemptAt, nextAttemptAt];
}

export function outboxEntryOf(row: OutboxRow | undefined): OutboxEntry | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    petitionId: row.petition_id,
    signer: JSON.parse(row.signer_json) as SignerInput,
    ...(row.language !== null ? { language: row.language } : {}),
    ...(row.origin_json !== null ? { origin: JSON.parse(row.origin_json) as SignatureOrigin } : {}),
    ...(row.withdrawal_token !== null ? { withdrawalToken: row.withdrawal_token } : {}),
    ...(row.opt_ins !== null ? { optIns: row.opt_ins === '' ? [] : row.opt_ins.split(',') } : {}),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.held_cause !== null ? { heldCause: row.held_cause } : {}),
    ...(row.queued_at !== null ? { queuedAt: row.queued_at } : {}),
  };
}
