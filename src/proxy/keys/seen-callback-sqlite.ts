// Node implementation of SeenCallbackStore: a table in the proxy's state database
// (state-database.ts), so a replay is refused after a restart too.
import type { Database } from 'better-sqlite3';
import type { SeenCallbackStore } from './seen-callback-store.js';

export function seenCallbacksInSqlite(db: Database): SeenCallbackStore {
  db.exec(`CREATE TABLE IF NOT EXISTS seen_callbacks (
    signature TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  )`);
  const forget = db.prepare('DELETE FROM seen_callbacks WHERE expires_at <= ?');
  const insert = db.prepare('INSERT OR IGNORE INTO seen_callbacks (signature, expires_at) VALUES (?, ?)');
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
