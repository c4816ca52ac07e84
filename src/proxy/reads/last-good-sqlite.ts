// Node implementation of LastGoodStore: a table in the proxy's state database (state-database.ts),
// looked up by its primary key, bounded on every write through an index on the time saved.
// Pinned answers (a petition's summary and recent signers) are left out of the count bound.
import type { Database } from 'better-sqlite3';
import type { LastGoodAnswer, LastGoodStore } from './last-good-store.js';

export function lastGoodInSqlite(db: Database): LastGoodStore {
  db.exec(`CREATE TABLE IF NOT EXISTS last_good (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    saved_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS last_good_saved_at ON last_good (saved_at)`);
  // A state.sqlite from before pinning: every answer it holds counts as a page until read again.
  const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('last_good') as string[];
  if (!columns.includes('pinned')) db.exec('ALTER TABLE last_good ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0');
  const select = db.prepare('SELECT body, saved_at FROM last_good WHERE key = ?');
  const upsert = db.prepare(
    `INSERT INTO last_good (key, body, saved_at, pinned) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at, pinned = excluded.pinned`,
  );
  const dropOld = db.prepare('DELETE FROM last_good WHERE saved_at < ?');
  const dropBeyond = db.prepare(
    'DELETE FROM last_good WHERE key IN (SELECT key FROM last_good WHERE pinned = 0 ORDER BY saved_at DESC LIMIT -1 OFFSET ?)',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM last_good');
  const put = db.transaction((key: string, answer: LastGoodAnswer, keep: number, notBefore: number) => {
    upsert.run(key, answer.body, answer.savedAt, answer.pinned ? 1 : 0);
    dropOld.run(notBefore);
    dropBeyond.run(keep);
  });
  return {
    async get(key) {
      const row = select.get(key) as { body: string; saved_at: number } | undefined;
      return row ? { body: row.body, savedAt: row.saved_at } : undefined;
    },
    async put(key, answer, bounds) {
      put(key, answer, bounds.keep, bounds.notBefore);
    },
    async size() {
      return (count.get() as { n: number }).n;
    },
  };
}
