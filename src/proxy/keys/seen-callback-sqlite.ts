// Node implementation of SeenCallbackStore: a table in the proxy's state database
// (state-database.ts), so a replay is refused after a restart too.
import type { Database } from 'better-sqlite3';
import { SEEN_CALLBACK_SQL } from './seen-callback-sql.js';
import type { SeenCallbackStore } from './seen-callback-store.js';

export function seenCallbacksInSqlite(db: Database): SeenCallbackStore {
  db.exec(SEEN_CALLBACK_SQL.schema);
  const forget = db.prepare(SEEN_CALLBACK_SQL.forget);
  const insert = db.prepare(SEEN_CALLBACK_SQL.insert);
  const remember = db.transaction((signature: string, expiresAt: number, now: number): boolean => {
    forget.run(now);
    return insert.run(signature, expiresAt).changes === 1;
  });
  return {
    async remember(signature, expiresAt, now) {
      return remember(signature, expiresAt, now);
    },
  };
}
