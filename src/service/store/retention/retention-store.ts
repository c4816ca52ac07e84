// The retention period's statements (src/service/retention/), part of the store (store.ts): a
// petition's period, closing moment and erasure, and the batch that erases its signers' personal
// data (personal-data-erasure.ts says what goes and what stays).
import type { SqlEngine } from '../engines/sql-engine.js';
import type { PetitionStatus } from '../store-rows.js';

export interface RetentionRow {
  id: number;
  status: PetitionStatus;
  end_at: number | null;
  /** Its own period in days, or null for the service's. */
  retain_days_after_close: number | null;
  /** The recorded closing moment (petition-closing.ts), or null. */
  closed_at: number | null;
  personal_data_erased_at: number | null;
}

const RETENTION_COLUMNS = 'id, status, end_at, retain_days_after_close, closed_at, personal_data_erased_at';

/** A JSON array of signature ids, as each engine reads one. */
const ids = {
  sqlite: (parameter: string) => `(SELECT value FROM json_each(${parameter}))`,
  postgres: (parameter: string) => `(SELECT value::bigint FROM jsonb_array_elements_text(${parameter}::jsonb))`,
};

/** What stays is what the public list shows (README "How long personal data is kept"). */
const ERASED = `email = '', email_identity = 'erased:' || id, email_domain = '', address = '', postal_code = '',
  phone = NULL, reason = NULL, client_ip = NULL, opt_ins = NULL, name_key = '', surname_key = '', postal_key = '',
  first_name = CASE WHEN listed_position IS NULL THEN '' ELSE first_name END,
  last_name = CASE WHEN listed_position IS NULL THEN '' ELSE last_name END,
  city = CASE WHEN listed_position IS NULL THEN '' ELSE city END,
  erased_at = @now`;

/** SQLite's search index (search-migrations.ts) holds the rows it has indexed; PostgreSQL searches the key columns. */
const INDEXED = `FROM signatures WHERE id IN ${ids.sqlite('?')} AND id <= (SELECT indexed_through FROM search_progress)`;
const NOTHING_ON_POSTGRES = 'SELECT 0 WHERE CAST(? AS text) IS NULL AND false';

export function retentionStatements(db: SqlEngine) {
  return {
    petitionRetention: db.prepare<[number], RetentionRow>(`SELECT ${RETENTION_COLUMNS} FROM petitions WHERE id = ?`),
    /** Petitions that may have closed and still hold personal data: a few rows, whatever the number of signatures. */
    petitionsToWatch: db.prepare<[], RetentionRow>(
      `SELECT ${RETENTION_COLUMNS} FROM petitions
       WHERE personal_data_erased_at IS NULL AND (status = 'closed' OR end_at IS NOT NULL OR closed_at IS NOT NULL) ORDER BY id`,
    ),
    /** The first moment recorded stays (another instance may have recorded it already). */
    recordClosedAt: db.prepare<[number, number]>('UPDATE petitions SET closed_at = ? WHERE id = ? AND closed_at IS NULL'),
    forgetClosedAt: db.prepare<[number]>('UPDATE petitions SET closed_at = NULL WHERE id = ?'),
    setRetainDays: db.prepare<[number | null, number]>('UPDATE petitions SET retain_days_after_close = ? WHERE id = ?'),
    markPersonalDataErased: db.prepare<[number, number]>('UPDATE petitions SET personal_data_erased_at = ? WHERE id = ?'),
    highestSignatureId: db.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) AS id FROM signatures'),
    /**
     * The petition's signatures not erased yet with ids in (after, through], oldest first. On
     * SQLite `+petition_id` keeps the planner on the id range: the petition's own indexes would
     * read all its signatures to sort them.
     */
    signaturesToErase: db.prepare<{ petition_id: number; after: number; through: number; limit: number }, { id: number; state: string }>({
      sqlite: `SELECT id, state FROM signatures WHERE id > @after AND id <= @through AND +petition_id = @petition_id AND erased_at IS NULL
        ORDER BY id LIMIT @limit`,
      postgres: `SELECT id, state FROM signatures WHERE id > @after AND id <= @through AND petition_id = @petition_id AND erased_at IS NULL
        ORDER BY id LIMIT @limit`,
    }),
    eraseSignatures: db.prepare<{ ids: string; now: number }>({
      sqlite: `UPDATE signatures SET ${ERASED} WHERE id IN ${ids.sqlite('@ids')}`,
      postgres: `UPDATE signatures SET ${ERASED} WHERE id IN ${ids.postgres('@ids')}`,
    }),
    /** The rows' old keys leave the search index (with its secure-delete, their terms leave its pages)… */
    unindexErased: db.prepare<[string]>({
      sqlite: `INSERT INTO signature_search (signature_search, rowid, petition, name, surname, postal)
        SELECT 'delete', id, 'p' || petition_id, name_key, surname_key, postal_key ${INDEXED}`,
      postgres: NOTHING_ON_POSTGRES,
    }),
    /** …and the rows come back with their erased (empty) keys, so a later deletion removes what is there. */
    reindexErased: db.prepare<[string]>({
      sqlite: `INSERT INTO signature_search (rowid, petition, name, surname, postal)
        SELECT id, 'p' || petition_id, name_key, surname_key, postal_key ${INDEXED}`,
      postgres: NOTHING_ON_POSTGRES,
    }),
    deleteWithdrawalsOf: db.prepare<[string]>({
      sqlite: `DELETE FROM signature_withdrawals WHERE signature_id IN ${ids.sqlite('?')}`,
      postgres: `DELETE FROM signature_withdrawals WHERE signature_id IN ${ids.postgres('?')}`,
    }),
    deleteQueuedOfPetition: db.prepare<[number]>('DELETE FROM signature_queue WHERE petition_id = ?'),
    blockEntryIdsOfPetition: db.prepare<[number], { id: number }>('SELECT id FROM block_entries WHERE petition_id = ?'),
  };
}
