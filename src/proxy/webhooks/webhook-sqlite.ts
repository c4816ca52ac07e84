// Node implementation of WebhookStore on SQLite (better-sqlite3) in dataDir: WAL with full sync,
// so a delivery stored before the signer's answer survives a crash right after it; the file and
// its -wal and -shm are private to the proxy's user, like the outbox's.
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { openDataFile, type DataFile } from '../config/data-file.js';
import type { WebhookStore } from './webhook-store.js';
import { WEBHOOK_SCHEMA, WEBHOOK_SQL, webhookDeliveryOf, type WebhookRow } from './webhook-sql.js';

export function webhookDatabasePath(dataDir: string): string {
  return join(dataDir, 'webhooks.sqlite');
}

/** Its rows are webhook posts owed to the site owner's endpoints: moving it aside loses them. */
export function webhookDataFile(dataDir: string): DataFile {
  return {
    path: webhookDatabasePath(dataDir),
    remedy:
      'restore it from a backup, or move it aside and start the proxy again, ' +
      'which loses the webhook posts not yet delivered (the signatures reach the service without it)',
  };
}

export function openWebhookDatabase(dataDir: string): WebhookStore {
  const configure = (db: Database.Database) => {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    // Erased rows are overwritten, not left readable in free pages: they hold personal data.
    db.pragma('secure_delete = ON');
  };
  const db = openDataFile(webhookDataFile(dataDir), configure, (opened) => opened.exec(WEBHOOK_SCHEMA));
  const insert = db.prepare(WEBHOOK_SQL.insert);
  const addAll = db.transaction((eventId: string, payload: string, urls: readonly string[], createdAt: number) => {
    for (const url of urls) insert.run(eventId, url, payload, createdAt, createdAt);
  });
  const due = db.prepare<[number, string, number], WebhookRow>(WEBHOOK_SQL.due);
  const next = db.prepare<[string], { at: number | null }>(WEBHOOK_SQL.nextDueAt);
  const update = db.prepare(WEBHOOK_SQL.reschedule);
  const remove = db.prepare(WEBHOOK_SQL.remove);
  const count = db.prepare<[], { n: number }>(WEBHOOK_SQL.count);

  return {
    async add(eventId, payload, urls, createdAt) {
      addAll(eventId, payload, urls, createdAt);
    },
    async due(now, limit, excludedIds) {
      return due.all(now, JSON.stringify(excludedIds), limit).map(webhookDeliveryOf);
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
