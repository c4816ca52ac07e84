// Node implementation of UsedProofStore: a table in the proxy's state database
// (config/state-database.ts), so a replayed proof is refused after a restart too.
import type { Database } from 'better-sqlite3';
import { USED_PROOF_SQL } from './used-proof-sql.js';
import type { UsedProofStore } from './used-proof-store.js';

export function usedProofsInSqlite(db: Database): UsedProofStore {
  db.exec(USED_PROOF_SQL.schema);
  const forget = db.prepare(USED_PROOF_SQL.forget);
  const insert = db.prepare(USED_PROOF_SQL.insert);
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
