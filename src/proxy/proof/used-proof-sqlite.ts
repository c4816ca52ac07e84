// Node implementation of UsedProofStore: tables in the proxy's state database
// (config/state-database.ts), so a replayed proof is refused after a restart too, and the
// issuer id outlives restarts. `proofsFromOtherIssuers` is `proxy doctor`'s read of them.
import type { Database } from 'better-sqlite3';
import { USED_PROOF_SQL } from './used-proof-sql.js';
import { newIssuerId, type ProofsFromOtherIssuer, type UsedProofStore } from './used-proof-store.js';

export function usedProofsInSqlite(db: Database): UsedProofStore {
  db.exec(USED_PROOF_SQL.schema);
  const forget = db.prepare(USED_PROOF_SQL.forget);
  const insert = db.prepare(USED_PROOF_SQL.insert);
  const use = db.transaction((challenge: string, expiresAt: number, now: number): boolean => {
    forget.run(now);
    return insert.run(challenge, expiresAt).changes === 1;
  });
  const issuer = ownIssuer(db);
  const spentFromOther = db.prepare(USED_PROOF_SQL.spentFromOther);
  return {
    async use(challenge, expiresAt, now) {
      return use(challenge, expiresAt, now);
    },
    async issuer() {
      return issuer;
    },
    async spentFromOther(other, at) {
      spentFromOther.run(other, at, at);
    },
  };
}

/** Written once, at the first start: later starts only read it (a full disk must not stop them). */
function ownIssuer(db: Database): string {
  const read = () => (db.prepare(USED_PROOF_SQL.issuer).get() as { issuer: string } | undefined)?.issuer;
  const found = read();
  if (found !== undefined) return found;
  db.prepare(USED_PROOF_SQL.addIssuer).run(newIssuerId());
  return read()!;
}

/** What a state database holds of other issuers' proofs (none before the table was made). */
export function proofsFromOtherIssuers(db: Database): ProofsFromOtherIssuer[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'proofs_from_other_issuers'").get();
  if (!table) return [];
  const rows = db.prepare(USED_PROOF_SQL.fromOthers).all() as Array<{ issuer: string; spent: number; first_spent_at: number; last_spent_at: number }>;
  return rows.map((row) => ({ issuer: row.issuer, spent: row.spent, firstSpentAt: row.first_spent_at, lastSpentAt: row.last_spent_at }));
}
