// Node implementation of OutboxStore on SQLite (better-sqlite3) in dataDir. WAL with full sync
// so a submission answered "queued" survives a crash right after the answer.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { SignerInput } from '../shared/signature-schema.js';
import { makeDataDir, makePrivateDatabaseFile } from './data-dir.js';
import type { OutboxEntry, OutboxStore } from './outbox-store.js';

interface Row {
  id: number;
  petition_id: number;
  signer_json: string;
  attempts: number;
  next_attempt_at: number;
}

export function outboxPath(dataDir: string): string {
  return join(dataDir, 'outbox.sqlite');
}

export function openOutboxDatabase(dataDir: string): OutboxStore {
  makeDataDir(dataDir);
  const path = outboxPath(dataDir);
  makePrivateDatabaseFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    petition_id INTEGER NOT NULL,
    signer_json TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL
  )`);
  const insert = db.prepare('INSERT INTO outbox (petition_id, signer_json, next_attempt_at) VALUES (?, ?, ?)');
  const selectOldest = db.prepare('SELECT * FROM outbox ORDER BY id LIMIT 1');
  const update = db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM outbox WHERE id = ?');
  const count = db.prepare('SELECT COUNT(*) AS n FROM outbox');

  return {
    async add(petitionId, signer, nextAttemptAt) {
      return Number(insert.run(petitionId, JSON.stringify(signer), nextAttemptAt).lastInsertRowid);
    },
    async oldest(): Promise<OutboxEntry | undefined> {
      const row = selectOldest.get() as Row | undefined;
      if (!row) return undefined;
      return {
        id: row.id,
        petitionId: row.petition_id,
        signer: JSON.parse(row.signer_json) as SignerInput,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
      };
    },
    async reschedule(id, attempts, nextAttemptAt) {
      update.run(attempts, nextAttemptAt, id);
    },
    async remove(id) {
      remove.run(id);
    },
    async size() {
      return (count.get() as { n: number }).n;
    },
    close() {
      db.close();
    },
  };
}
