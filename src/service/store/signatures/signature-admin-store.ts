// The operator's statements on signatures (moderation.ts, signer-erasure.ts,
// signature-directory.ts, signature-export.ts), part of the store (store.ts).
import type { SqlEngine } from '../engines/sql-engine.js';
import type { SignatureState } from '../store-rows.js';

/** A signature as the console shows it in a list. */
export interface SignatureListRow {
  id: number;
  petition_id: number;
  first_name: string;
  last_name: string;
  email: string;
  city: string;
  postal_code: string;
  country_code: string;
  signed_on: number;
  hidden: number;
  state: SignatureState;
  listed_position: number | null;
}

/** Everything a signature holds, for its own page in the console. */
export interface SignatureRecord extends SignatureListRow {
  email_identity: string;
  address: string;
  state_province: string;
  phone: string | null;
  reason: string | null;
  auth_key_request_id: number | null;
  /** The signer's network address as address-key.ts keeps it. */
  client_ip: string | null;
  /** How it was gathered; a paper one keeps its batch (src/service/paper/). */
  channel: 'online' | 'paper';
  paper_batch_id: number | null;
}

/**
 * A row of the export (signature-export.ts), as an array in EXPORT_COLUMNS' order: a million
 * of them are read per export, and arrays cost half what objects do.
 */
export type ExportRow = [
  id: number,
  first_name: string,
  last_name: string,
  email: string,
  address: string,
  city: string,
  state_province: string,
  postal_code: string,
  country_code: string,
  phone: string | null,
  reason: string | null,
  hidden: number,
  signed_on: number,
  channel: 'online' | 'paper',
];

/**
 * Where positions are parked while a block of them moves by one: far above any real position,
 * so that neither step of the move ever puts two rows on one position of the unique index.
 */
export const PARKED_POSITION_OFFSET = 1e15;

export const LIST_COLUMNS = 'id, petition_id, first_name, last_name, email, city, postal_code, country_code, signed_on, hidden, state, listed_position';

export function signatureAdminStatements(db: SqlEngine) {
  return {
    signatureById: db.prepare<[number], SignatureRecord>('SELECT * FROM signatures WHERE id = ?'),
    /** Every signature an email address made, on any petition (each lookup on the email index). */
    signaturesOfEmail: db.prepare<[string], SignatureRecord>(
      'SELECT * FROM signatures WHERE email_identity = ? AND petition_id IN (SELECT id FROM petitions) ORDER BY id',
    ),
    deleteSignature: db.prepare<[number]>('DELETE FROM signatures WHERE id = ?'),
    deleteQueuedOfEmail: db.prepare<[string]>('DELETE FROM signature_queue WHERE email_identity = ?'),
    hideSignature: db.prepare<[number]>('UPDATE signatures SET hidden = 1, listed_position = NULL WHERE id = ?'),
    /** Back in the list at `position` (null: listed when its signer confirms). */
    showSignature: db.prepare<{ id: number; position: number | null }>('UPDATE signatures SET hidden = 0, listed_position = @position WHERE id = @id'),
    /** The listed signature just before a time and id, in the list's order (time, then id). */
    listedBefore: db.prepare<{ petition_id: number; signed_on: number; id: number }, { listed_position: number }>(
      `SELECT listed_position FROM signatures
       WHERE petition_id = @petition_id AND listed_position IS NOT NULL
         AND (signed_on < @signed_on OR (signed_on = @signed_on AND id < @id))
       ORDER BY signed_on DESC, id DESC LIMIT 1`,
    ),
    /** The petition's listed range after a signature came back into the list. */
    recordListedRange: db.prepare<{ id: number; first: number; last: number }>(
      'UPDATE petitions SET first_listed_position = @first, last_listed_position = @last WHERE id = @id',
    ),
    invalidateSignature: db.prepare<[number]>(
      "UPDATE signatures SET state = 'invalidated', listed_position = NULL WHERE id = ?",
    ),
    parkListedPositions: db.prepare<{ petition_id: number; from: number; to: number; by: number }>(
      `UPDATE signatures SET listed_position = listed_position + @by + ${PARKED_POSITION_OFFSET}
       WHERE petition_id = @petition_id AND listed_position BETWEEN @from AND @to`,
    ),
    landParkedPositions: db.prepare<{ petition_id: number }>(
      `UPDATE signatures SET listed_position = listed_position - ${PARKED_POSITION_OFFSET}
       WHERE petition_id = @petition_id AND listed_position >= ${PARKED_POSITION_OFFSET / 2}`,
    ),
    /** The petition's listed range and count after a signature left the list or the count. */
    recordSignatureRemoved: db.prepare<{ id: number; first: number; last: number; counted: number }>(
      `UPDATE petitions SET first_listed_position = @first, last_listed_position = @last,
         signature_count = signature_count - @counted WHERE id = @id`,
    ),
    listedNewestFirst: db.prepare<[number, number, number], SignatureListRow>(
      `SELECT ${LIST_COLUMNS} FROM signatures WHERE petition_id = ? AND listed_position BETWEEN ? AND ?
       ORDER BY listed_position DESC`,
    ),
    unlistedBefore: db.prepare<[number, number, number], SignatureListRow>(
      `SELECT ${LIST_COLUMNS} FROM signatures WHERE petition_id = ? AND listed_position IS NULL AND id < ?
       ORDER BY id DESC LIMIT ?`,
    ),
    unlistedCount: db.prepare<[number], { count: number }>(
      'SELECT COUNT(*) AS count FROM signatures WHERE petition_id = ? AND listed_position IS NULL',
    ),
    /** The partial index's own condition, written out, is what lets SQLite count on it. */
    invalidatedCount: db.prepare<[number], { count: number }>(
      "SELECT COUNT(*) AS count FROM signatures WHERE petition_id = ? AND state = 'invalidated' AND state <> 'counted'",
    ),
    searchByEmail: db.prepare<[number, string], SignatureListRow>(
      `SELECT ${LIST_COLUMNS} FROM signatures WHERE petition_id = ? AND email_identity = ?`,
    ),
    /**
     * Counted signatures after `id`, in id order, as arrays: the export reads in batches by id,
     * never with OFFSET. `+petition_id` keeps SQLite on the rowid range (one pass over the
     * table however many batches) rather than the email index, which would sort each batch.
     */
    exportBatch: db.prepare<[number, number, number], ExportRow>(
      `SELECT id, first_name, last_name, email, address, city, state_province, postal_code, country_code, phone, reason,
         hidden, signed_on, channel
       FROM signatures WHERE +petition_id = ? AND id > ? AND state = 'counted' ORDER BY id LIMIT ?`,
      { raw: true },
    ),
  };
}
