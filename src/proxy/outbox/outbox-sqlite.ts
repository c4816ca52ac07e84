// Node implementation of OutboxStore on SQLite (better-sqlite3) in dataDir. WAL with full sync
// so a submission answered "queued" survives a crash right after the answer. A delivered entry's
// bytes go too, not only its row: secure_delete zeroes them in the file, and once nothing is
// owed the WAL, which still holds the pages as they were, is checkpointed and truncated.
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { openDataFile, type DataFile } from '../config/data-file.js';
import type { OutboxStore } from './outbox-store.js';
import { OUTBOX_MIGRATIONS, OUTBOX_SQL, outboxEntryOf, outboxInsertValues, type OutboxRow } from './outbox-sql.js';
import { refuseNewerSchema } from '../../newer-schema.js';

export function outboxPath(dataDir: string): string {
  return join(dataDir, 'outbox.sqlite');
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  refuseNewerSchema(db.name, version, OUTBOX_MIGRATIONS.length);
  for (let step = version; step < OUTBOX_MIGRATIONS.length; step++) {
    db.transaction(() => {
      db.exec(OUTBOX_MIGRATIONS[step]!);
      db.pragma(`user_version = ${step + 1}`);
    })();
  }
}

/** Its rows are signatures answered "queued": moving it aside loses them, so a backup comes first. */
export function outboxDataFile(dataDir: string): DataFile {
  return {
    path: outboxPath(dataDir),
    remedy:
      'restore it from a backup; only without one, move it aside and start the proxy again, ' +
      'which loses the signatures queued in it for the service and not yet delivered',
  };
}

export function openOutboxDatabase(dataDir: string): OutboxStore {
  const configure = (db: Database.Database) => {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('secure_delete = ON');
  };
  const db = openDataFile(outboxDataFile(dataDir), configure, migrate);
  const insert = db.prepare<unknown[], { id: number }>(OUTBOX_SQL.insert);
  const selectFirstInLine = db.prepare(OUTBOX_SQL.firstInLine);
  const selectNextHeld = db.prepare(OUTBOX_SQL.nextHeld);
  const update = db.prepare(OUTBOX_SQL.reschedule);
  const hold = db.prepare(OUTBOX_SQL.hold);
  const releaseHeld = db.prepare(OUTBOX_SQL.releaseHeld);
  const remove = db.prepare(OUTBOX_SQL.remove);
  const countInLine = db.prepare(OUTBOX_SQL.countInLine);
  const countAll = db.prepare<[], { n: number }>(OUTBOX_SQL.countAll);

  return {
    async add(entry, nextAttemptAt) {
      // Stepped to its end (all, not get): an INSERT … RETURNING read with get() is reset after its
      // first row, and the commit's failure (SQLITE_FULL on a full disk) is then never raised: the
      // row is gone while the signer is told it was received.
      return insert.all(...outboxInsertValues(entry, nextAttemptAt))[0]!.id;
    },
    async firstInLine() {
      return outboxEntryOf(selectFirstInLine.get() as OutboxRow | undefined);
    },
    async nextHeld() {
      return outboxEntryOf(selectNextHeld.get() as OutboxRow | undefined);
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
