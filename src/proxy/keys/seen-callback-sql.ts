// The seen callback signatures' SQL, shared by seen-callback-sqlite.ts (Node) and
// worker/durable-state-stores.ts (a Durable Object on Cloudflare Workers).

export const SEEN_CALLBACK_SQL = {
  schema: `CREATE TABLE IF NOT EXISTS seen_callbacks (
    signature TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  )`,
  forget: 'DELETE FROM seen_callbacks WHERE expires_at <= ?',
  insert: 'INSERT OR IGNORE INTO seen_callbacks (signature, expires_at) VALUES (?, ?)',
} as const;
