// Node implementation of WebhookStore on SQLite (better-sqlite3) in dataDir: WAL with full sync,
// so a delivery stored before the signer's answer survives a crash right after it; the file and
// its -wal and -shm are private to the proxy's user, like the outbox's.
import { Sqlite } from '../../sqlite.js';
import { join } from 'node:path';
import { makeDataDir, makePrivateDatabaseFile } from '../config/data-dir.js';
import type { WebhookDelivery, WebhookStore } from './webhook-store.js';

interface Row {
  id: number;
  event_id: string;
  url: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
}

export function webhookDatabasePath(dataDir: string): string {
  return join(dataDir, 'webhooks.sqlite');
}

const toDelivery = (row: Row): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  url: row.url,
  payload: row.payload,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
});

export function openWebhookDatabase(dataDir: string): WebhookStore {
  makeDataDir(dataDir);
  const path = webhookDatabasePath(dataDir);
  makePrivateDatabaseFile(path);
  const db = new Sqlite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // Erased rows are overwritten, not left readable in free pages: they hold personal data.
  db.pragma('secure_delete = ON');
  db.exec(`CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id);`);
  const insert = db.prepare('INSERT INTO webhook_deliveries (event_id, url, payload, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)');
  const addAll = db.transaction((eventId: string, payload: string, urls: readonly string[], createdAt: number) => {
    for (const url of urls) insert.run(eventId, url, payload, createdAt, createdAt);
  });
  const due = db.prepare<[number, string, number], Row>(
    `SELECT * FROM webhook_deliveries WHERE next_attempt_at <= ? AND id NOT IN (SELECT value FROM json_each(?))
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const next = db.prepare<[string], { at: number | null }>(
    'SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE id NOT IN (SELECT value FROM json_each(?))',
  );
  const update = db.prepare('UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM webhook_deliveries WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries');

  return {
    async add(eventId, payload, urls, createdAt) {
      addAll(eventId, payload, urls, createdAt);
    },
    async due(now, limit, excludedIds) {
      return due.all(now, JSON.stringify(excludedIds), limit).map(toDelivery);
    },
    async nextDueAt(excludedIds) {
      return next.get(JSON.stringify(excludedIds))?.at ?? undefined;
    },
    async reschedule(id, attempts, nextAttemptAt) {
      update.run(attempts, nextAttemptAt, id);
    },
    async remove(id) {
      remove.run(id);
      // Nothing owed any more: the write-ahead log, which still holds every signer written since
      // the last checkpoint, is emptied too, so no personal data outlives its delivery on disk.
      if (count.get()!.n === 0) db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async count() {
      return count.get()!.n;
    },
    close() {
      db.close();
    },
  };
}
