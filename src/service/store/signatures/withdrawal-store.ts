// Signers' withdrawal links' statements (signer-withdrawal.ts), part of the store (store.ts). A
// link is kept as the hash of its token, never the token; its row goes with its signature (ON
// DELETE CASCADE), so a deleted signature's links stop working and never point at a later one.
import type { SqlEngine } from '../engines/sql-engine.js';
import type { SignatureState } from '../store-rows.js';

/** Where a link was handed out: the proxy's thank-you (sent with the signature) or the latest confirmation mail. */
export type WithdrawalKind = 'thanks' | 'mail';

/** A withdrawal link's signature, as its page and the withdrawal need it. */
export interface WithdrawalTarget {
  signature_id: number;
  petition_id: number;
  first_name: string;
  last_name: string;
  state: SignatureState;
  listed_position: number | null;
}

export function withdrawalStatements(db: SqlEngine) {
  return {
    /** A token already taken (a client sending one twice) adds nothing. */
    insertWithdrawal: db.prepare<{ token_hash: string; signature_id: number; kind: WithdrawalKind }>(
      `INSERT INTO signature_withdrawals (token_hash, signature_id, kind) VALUES (@token_hash, @signature_id, @kind)
       ON CONFLICT DO NOTHING`,
    ),
    /** PostgreSQL's bulk insert's part (bulk-store.ts): each token to the signature its address just made on the petition. */
    insertWithdrawalsByIdentity: db.prepare<[string[], string[], number]>(
      `INSERT INTO signature_withdrawals (token_hash, signature_id, kind)
       SELECT t.token_hash, s.id, 'thanks' FROM unnest(?::text[], ?::text[]) AS t(token_hash, identity)
       JOIN signatures s ON s.email_identity = t.identity AND s.petition_id = ?
       ON CONFLICT DO NOTHING`,
    ),
    /** A new mail's link replaces the previous mail's. */
    deleteMailWithdrawal: db.prepare<[number]>("DELETE FROM signature_withdrawals WHERE signature_id = ? AND kind = 'mail'"),
    withdrawalByTokenHash: db.prepare<[string], WithdrawalTarget>(
      `SELECT w.signature_id, s.petition_id, s.first_name, s.last_name, s.state, s.listed_position
       FROM signature_withdrawals w JOIN signatures s ON s.id = w.signature_id WHERE w.token_hash = ?`,
    ),
  };
}
