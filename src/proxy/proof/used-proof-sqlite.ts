// Node implementation of UsedProofStore: a table in the proxy's state database
// (config/state-database.ts), so a replayed proof is refused after a restart too.
import type { Database } from 'better-sqlite3';
import type { UsedProofStore } from './used-proof-store.js';

export function usedProofsInSqlite(db: Database): UsedProofStore {
  db.exec(`CREATE TABLE IF NOT EXISTS used_proofs (
    challenge TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS used_proofs_by_expiry ON used_proofs (expires_at)`);
  const forget = db.prepare('DELETE FROM used_proofs WHERE expires_at <= ?');
  const insert = db.prepare('INSERT OR IGNORE INTO used_proofs (challenge, expires_at) VALUES (?, ?)');
  const use = db.transaction((challenge: string, expiresAt: number, now: number): boolean => {
    forget.run(now);
    return insert.run(challenge, expiresAt).changes === 1;
  });
  return {
    async use(challenge, expiresAt, now) {
      return use(challenge, expiresAt, now);
    },
  };
}
