// The spent proofs' SQL, shared by used-proof-sqlite.ts (Node) and worker/durable-state-stores.ts
// (a Durable Object on Cloudflare Workers): the challenges spent, this proxy's issuer id, and the
// proofs spent here that other proxies with the same secret issued.

export const USED_PROOF_SQL = {
  schema: `CREATE TABLE IF NOT EXISTS used_proofs (
    challenge TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS used_proofs_by_expiry ON used_proofs (expires_at);
  CREATE TABLE IF NOT EXISTS proof_issuer (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    issuer TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS proofs_from_other_issuers (
    issuer TEXT PRIMARY KEY,
    spent INTEGER NOT NULL,
    first_spent_at INTEGER NOT NULL,
    last_spent_at INTEGER NOT NULL
  )`,
  forget: 'DELETE FROM used_proofs WHERE expires_at <= ?',
  insert: 'INSERT OR IGNORE INTO used_proofs (challenge, expires_at) VALUES (?, ?)',
  issuer: 'SELECT issuer FROM proof_issuer WHERE id = 1',
  addIssuer: 'INSERT OR IGNORE INTO proof_issuer (id, issuer) VALUES (1, ?)',
  spentFromOther: `INSERT INTO proofs_from_other_issuers (issuer, spent, first_spent_at, last_spent_at) VALUES (?, 1, ?, ?)
    ON CONFLICT (issuer) DO UPDATE SET spent = spent + 1, last_spent_at = excluded.last_spent_at`,
  fromOthers: 'SELECT issuer, spent, first_spent_at, last_spent_at FROM proofs_from_other_issuers ORDER BY last_spent_at DESC',
} as const;
