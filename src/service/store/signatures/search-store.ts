// The console's search by name or postal code (signature-directory.ts) and the index behind it
// (search-index.ts), part of the store (store.ts). On SQLite the index is an FTS5 table filled
// after the commit that answered the signer (migrations/search-migrations.ts); on PostgreSQL it is
// still the three B-tree indexes on the folded keys, written in that commit, so there nothing
// waits to be indexed and the statements that fill the FTS5 table do nothing.
import type { SqlEngine } from '../engines/sql-engine.js';
import { LIST_COLUMNS, type SignatureListRow } from './signature-admin-store.js';

export interface SearchQuery {
  petition_id: number;
  /** SQLite: the FTS5 query (search-keys.ts `ftsPrefixQuery`). */
  match: string;
  /** PostgreSQL: the folded name or surname's start, and the end of its range… */
  name: string;
  name_end: string;
  /** …and the postal code's. An empty start matches nothing. */
  postal: string;
  postal_end: string;
  limit: number;
}

export function searchStatements(db: SqlEngine) {
  const range = (column: string, start: string, end: string) =>
    `(SELECT ${LIST_COLUMNS} FROM signatures WHERE petition_id = @petition_id AND @${start} <> '' AND ${column} >= @${start} AND ${column} < @${end} LIMIT @limit)`;
  return {
    /**
     * The newest `limit` matches of each kind (name, surname, postal code), in no order. On
     * SQLite, `+petition_id` keeps the planner on the matches' ids: the petition's own index
     * would read every one of its signatures.
     */
    searchByText: db.prepare<SearchQuery, SignatureListRow>({
      sqlite: `SELECT ${LIST_COLUMNS} FROM signatures
        WHERE id IN (SELECT rowid FROM signature_search WHERE signature_search MATCH @match ORDER BY rowid DESC LIMIT @limit)
          AND +petition_id = @petition_id`,
      postgres: [range('name_key', 'name', 'name_end'), range('surname_key', 'name', 'name_end'), range('postal_key', 'postal', 'postal_end')].join(' UNION '),
    }),
    /** Signatures above `indexed_through` are not in the search index yet. */
    searchBacklog: db.prepare<[], { indexed_through: number; latest: number }>({
      sqlite: 'SELECT indexed_through, (SELECT coalesce(max(id), 0) FROM signatures) AS latest FROM search_progress',
      postgres: 'SELECT 0 AS indexed_through, 0 AS latest',
    }),
    /** Indexes the signatures with ids in (from, through]. */
    indexSignatures: db.prepare<{ from: number; through: number }>({
      sqlite: `INSERT INTO signature_search (rowid, petition, name, surname, postal)
        SELECT id, 'p' || petition_id, name_key, surname_key, postal_key FROM signatures WHERE id > @from AND id <= @through ORDER BY id`,
      postgres: 'SELECT 0 WHERE CAST(@from AS bigint) < CAST(@through AS bigint) AND false',
    }),
    recordIndexedThrough: db.prepare<[number]>({
      sqlite: 'UPDATE search_progress SET indexed_through = ?',
      postgres: 'SELECT 0 WHERE CAST(? AS bigint) IS NULL AND false',
    }),
  };
}
