// Statements that write a whole group commit's rows at once, for PostgreSQL, where each
// statement is a round trip to the server (SQLite runs the store's one-row statements in
// process, faster than decoding a batch). Part of the store (store.ts); SQLite never prepares them.
import type { SqlEngine } from '../engines/sql-engine.js';
import type { SignatureColumns } from '../store-rows.js';

/** The signatures table's columns a new signature sets, in order, with their PostgreSQL types. */
export const SIGNATURE_COLUMNS: ReadonlyArray<[keyof SignatureColumns, string]> = [
  ['petition_id', 'bigint'], ['email_identity', 'text'], ['email', 'text'], ['first_name', 'text'], ['last_name', 'text'],
  ['address', 'text'], ['city', 'text'], ['state_province', 'text'], ['postal_code', 'text'], ['country_code', 'text'],
  ['phone', 'text'], ['reason', 'text'], ['hidden', 'integer'], ['signed_on', 'bigint'], ['auth_key_request_id', 'bigint'],
  ['listed_position', 'bigint'], ['state', 'text'], ['name_key', 'text'], ['surname_key', 'text'], ['postal_key', 'text'],
  ['email_domain', 'text'], ['client_ip', 'text'], ['utm_source', 'text'], ['referrer_host', 'text'],
  ['opt_ins', 'text'],
];

/** The rows as one array per column, for insertSignatures. */
export function signatureArrays(rows: SignatureColumns[]): unknown[][] {
  return SIGNATURE_COLUMNS.map(([column]) => rows.map((row) => row[column]));
}

export function bulkStatements(db: SqlEngine) {
  return {
    /** Remembers each (expires_at, rsig); returns the rsigs that were not remembered before. */
    rememberRsigs: db.prepare<[number[], string[]], { rsig: string }>(
      `INSERT INTO seen_request_signatures (expires_at, rsig) SELECT * FROM unnest(?::bigint[], ?::text[])
       ON CONFLICT DO NOTHING RETURNING rsig`,
    ),
    /** Which of these addresses already signed the petition. */
    signedAmong: db.prepare<[number, string[]], { email_identity: string }>(
      'SELECT email_identity FROM signatures WHERE petition_id = ? AND email_identity = ANY(?::text[])',
    ),
    insertSignatures: db.prepare<unknown[][]>(
      `INSERT INTO signatures (${SIGNATURE_COLUMNS.map(([column]) => column).join(', ')})
       SELECT * FROM unnest(${SIGNATURE_COLUMNS.map(([, type]) => `?::${type}[]`).join(', ')})`,
    ),
  };
}
