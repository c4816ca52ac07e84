// The last good answers' SQL, shared by their two stores: last-good-sqlite.ts (better-sqlite3 on
// Node) and worker/durable-state-stores.ts (a Durable Object's SQLite on Cloudflare Workers).

export const LAST_GOOD_SCHEMA = `CREATE TABLE IF NOT EXISTS last_good (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    saved_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS last_good_saved_at ON last_good (saved_at)`;

export const LAST_GOOD_SQL = {
  /** The table's column names: a table from before pinning lacks `pinned`. */
  columns: "SELECT name FROM pragma_table_info('last_good')",
  addPinned: 'ALTER TABLE last_good ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0',
  select: 'SELECT body, saved_at FROM last_good WHERE key = ?',
  upsert: `INSERT INTO last_good (key, body, saved_at, pinned) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET body = excluded.body, saved_at = excluded.saved_at, pinned = excluded.pinned`,
  dropOld: 'DELETE FROM last_good WHERE saved_at < ?',
  dropBeyond: 'DELETE FROM last_good WHERE key IN (SELECT key FROM last_good WHERE pinned = 0 ORDER BY saved_at DESC LIMIT -1 OFFSET ?)',
  count: 'SELECT COUNT(*) AS n FROM last_good',
} as const;
