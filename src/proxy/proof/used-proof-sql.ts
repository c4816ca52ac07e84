// The spent proofs' SQL, shared by used-proof-sqlite.ts (Node) and worker/durable-state-stores.ts
// (a Durable Object on Cloudflare Workers).

export const USED_PROOF_SQL = {
  schema: `CREATE TABLE IF NOT EXISTS used_proofs (
    challenge TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS used_proofs_by_expiry ON used_proofs (expires_at)`,
  forget: 'DELETE FROM used_proofs WHERE expires_at <= ?',
  insert: 'INSERT OR IGNORE INTO used_proofs (challenge, expires_at) VALUES (?, ?)',
} as const;
