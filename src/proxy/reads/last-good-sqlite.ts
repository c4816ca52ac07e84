// Node implementation of LastGoodStore: a table in the proxy's state database (state-database.ts),
// looked up by its primary key, bounded on every write through an index on the time saved.
// Pinned answers (a petition's summary and recent signers) are left out of the count bound.
import type { Database } from 'better-sqlite3';
import type { LastGoodAnswer, LastGoodStore } from './last-good-store.js';
import { LAST_GOOD_SCHEMA, LAST_GOOD_SQL } from './last-good-sql.js';

export function lastGoodInSqlite(db: Database): LastGoodStore {
  db.exec(LAST_GOOD_SCHEMA);
  // A state.sqlite from before pinning: every answer it holds counts as a page until read again.
  const columns = db.prepare(LAST_GOOD_SQL.columns).pluck().all() as string[];
  if (!columns.includes('pinned')) db.exec(LAST_GOOD_SQL.addPinned);
  const select = db.prepare(LAST_GOOD_SQL.select);
  const upsert = db.prepare(LAST_GOOD_SQL.upsert);
  const dropOld = db.prepare(LAST_GOOD_SQL.dropOld);
  const dropBeyond = db.prepare(LAST_GOOD_SQL.dropBeyond);
  const count = db.prepare(LAST_GOOD_SQL.count);
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
