// Node implementation of OutboxStore on SQLite (better-sqlite3) in dataDir. WAL with full sync
// so a submission answered "queued" survives a crash right after the answer. A delivered entry's
// bytes go too, not only its row: secure_delete zeroes them in the file, and once nothing is
// owed the WAL, which still holds the pages as they were, is checkpointed and truncated.
import type Database from 'better-sqlite3';
import { Sqlite } from '../../sqlite.js';
import { join } from 'node:path';
import type { SignerInput } from '../../shared/signer-fields.js';
import type { SignatureOrigin } from '../../shared/signature-origin.js';
import { optInsValue } from '../../shared/signature-opt-ins.js';
import { makeDataDir, makePrivateDatabaseFile } from '../config/data-dir.js';
import type { OutboxEntry, OutboxStore } from './outbox-store.js';

interface Row {
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
}

export function outboxPath(dataDir: string): string {
  return join(dataDir, 'outbox.sqlite');
}

/**
 * Each step brings the schema from version i to i + 1 (`PRAGMA user_version`). An outbox written
 * by an earlier version holds promised signatures: it is altered in place, never recreated.
 */
const MIGRATIONS: Array<(db: Database.Database) => void> = [
  (db) =>
    db.exec(`CREATE TABLE IF NOT EXISTS outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      petition_id INTEGER NOT NULL,
      signer_json TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL
    )`),
  // The signer's language, passed on to the service; held entries (refused for this system's fault).
  (db) =>
    db.exec(`
      ALTER TABLE outbox ADD COLUMN language TEXT;
      ALTER TABLE outbox ADD COLUMN held_cause TEXT;
      CREATE INDEX outbox_held ON outbox(next_attempt_at) WHERE held_cause IS NOT NULL;
    `),
  // Where each signature came from (src/shared/signature-origin.ts), passed on with it.
  (db) => db.exec('ALTER TABLE outbox ADD COLUMN origin_json TEXT'),
  // The token of the signer's withdrawal link (issue 18), sent with the signature when it goes.
  (db) => db.exec('ALTER TABLE outbox ADD COLUMN withdrawal_token TEXT'),
  // The ids of the opt-ins ticked (issue 20), comma-separated, '' for none; null in older rows,
  // which are sent without them.
  (db) => db.exec('ALTER TABLE outbox ADD COLUMN opt_ins TEXT'),
];

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let step = version; step < MIGRATIONS.length; step++) {
    db.transaction(() => {
      MIGRATIONS[step]!(db);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
}

function entryOf(row: Row | undefined): OutboxEntry | undefined {
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
  };
}

export function openOutboxDatabase(dataDir: string): OutboxStore {
  makeDataDir(dataDir);
  const path = outboxPath(dataDir);
  makePrivateDatabaseFile(path);
  const db = new Sqlite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  migrate(db);
  const insert = db.prepare('INSERT INTO outbox (petition_id, signer_json, language, origin_json, withdrawal_token, opt_ins, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const selectFirstInLine = db.prepare('SELECT * FROM outbox WHERE held_cause IS NULL ORDER BY id LIMIT 1');
  const selectNextHeld = db.prepare('SELECT * FROM outbox WHERE held_cause IS NOT NULL ORDER BY next_attempt_at, id LIMIT 1');
  const update = db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?');
  const hold = db.prepare('UPDATE outbox SET held_cause = ?, attempts = ?, next_attempt_at = ? WHERE id = ?');
  const releaseHeld = db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE held_cause IS NOT NULL');
  const remove = db.prepare('DELETE FROM outbox WHERE id = ?');
  const countInLine = db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE held_cause IS NULL');
  const countAll = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM outbox');

  return {
    async add({ petitionId, signer, language, origin, withdrawalToken, optIns }, nextAttemptAt) {
      const originJson = origin && Object.keys(origin).length > 0 ? JSON.stringify(origin) : null;
      const optInsText = optIns ? optInsValue(optIns) : null;
      return Number(insert.run(petitionId, JSON.stringify(signer), language ?? null, originJson, withdrawalToken ?? null, optInsText, nextAttemptAt).lastInsertRowid);
    },
    async firstInLine() {
      return entryOf(selectFirstInLine.get() as Row | undefined);
    },
    async nextHeld() {
      return entryOf(selectNextHeld.get() as Row | undefined);
    },
    async reschedule(id, attempts, nextAttemptAt) {
      update.run(attempts, nextAttemptAt, id);
    },
    async hold(id, cause, attempts, nextAttemptAt) {
      hold.run(cause, attempts, nextAttemptAt, id);
    },
    async releaseHeld(at) {
      return releaseHeld.run(at).changes;
    },
    async remove(id) {
      remove.run(id);
      if (countAll.get()!.n === 0) db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async lineLength() {
      return (countInLine.get() as { n: number }).n;
    },
    close() {
      db.close();
    },
  };
}
