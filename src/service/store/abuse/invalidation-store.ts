// Bulk invalidation's statements (src/service/abuse/bulk-invalidation.ts), part of the store
// (store.ts): a petition's counted signatures that match a filter, counted, shown, invalidated
// in one statement as a batch, and restored by their batch; and the renumbering of a petition's
// listed positions in chunks (listed-positions.ts). Each filter is optional: a parameter that is
// NULL leaves its condition out (the CASTs give PostgreSQL each parameter's type).
import type { SqlEngine } from '../engines/sql-engine.js';
import { PARKED_POSITION_OFFSET } from '../signatures/signature-admin-store.js';

/** A filter as parameters; null leaves a condition out. */
export interface InvalidationFilterParams {
  petition_id: number;
  /** A range's lowest and highest address key (address-key.ts). */
  ip_low: string | null;
  ip_high: string | null;
  /** Keys inside that range that it does not take: the IPv4 signers an IPv6 range spans (address-key.ts). */
  ip_skip_low: string | null;
  ip_skip_high: string | null;
  /** The email's domain exactly, or (domain_suffix, a LIKE pattern) any of its subdomains. */
  domain: string | null;
  domain_suffix: string | null;
  /** signed_on from (inclusive) and before (exclusive), in milliseconds. */
  signed_from: number | null;
  signed_before: number | null;
  utm_source: string | null;
  referrer_host: string | null;
  /** The source website of the key request the signature came through. */
  source: string | null;
  /** A LIKE pattern over the folded name (search-keys.ts's nameKey). */
  name_like: string | null;
}

export interface InvalidationBatchRow {
  id: number;
  petition_id: number;
  /** The filter as the operator wrote it (JSON), for the console and the audit log. */
  filter: string;
  invalidated: number;
  created_at: number;
  undone_at: number | null;
  restored: number | null;
}

export interface MatchExampleRow {
  id: number;
  first_name: string;
  last_name: string;
  signed_on: number;
}

/** The filter's conditions, whatever the signature's state. */
const FILTER = `(CAST(@ip_low AS TEXT) IS NULL OR client_ip BETWEEN @ip_low AND @ip_high)
  AND (CAST(@ip_skip_low AS TEXT) IS NULL OR client_ip NOT BETWEEN @ip_skip_low AND @ip_skip_high)
  AND (CAST(@domain AS TEXT) IS NULL OR email_domain = @domain OR email_domain LIKE @domain_suffix ESCAPE '\\')
  AND (CAST(@signed_from AS BIGINT) IS NULL OR signed_on >= @signed_from)
  AND (CAST(@signed_before AS BIGINT) IS NULL OR signed_on < @signed_before)
  AND (CAST(@utm_source AS TEXT) IS NULL OR utm_source = @utm_source)
  AND (CAST(@referrer_host AS TEXT) IS NULL OR referrer_host = @referrer_host)
  AND (CAST(@source AS TEXT) IS NULL OR auth_key_request_id IN
        (SELECT id FROM auth_key_requests WHERE petition_id = @petition_id AND source = @source))
  AND (CAST(@name_like AS TEXT) IS NULL OR name_key LIKE @name_like ESCAPE '\\')`;

const MATCHES = `petition_id = @petition_id AND state = 'counted' AND ${FILTER}`;

export function invalidationStatements(db: SqlEngine) {
  return {
    matchingCount: db.prepare<InvalidationFilterParams, { count: number }>(`SELECT COUNT(*) AS count FROM signatures WHERE ${MATCHES}`),
    matchingExamples: db.prepare<InvalidationFilterParams & { limit: number }, MatchExampleRow>(
      `SELECT id, first_name, last_name, signed_on FROM signatures WHERE ${MATCHES} ORDER BY id DESC LIMIT @limit`,
    ),
    /** The matching signatures' ids, in id order, to be invalidated a chunk at a time. */
    matchingIds: db.prepare<InvalidationFilterParams, number>(`SELECT id FROM signatures WHERE ${MATCHES} ORDER BY id`, { pluck: true }),
    /**
     * Takes signatures (a JSON array of ids) that still count out of the count and the list,
     * marked with their batch: a chunk of a bulk invalidation, short enough to let others run between.
     */
    invalidateIds: db.prepare<{ ids: string; batch_id: number }>({
      sqlite: `UPDATE signatures SET state = 'invalidated', listed_position = NULL, invalidation_batch_id = @batch_id
        WHERE id IN (SELECT value FROM json_each(@ids)) AND state = 'counted'`,
      postgres: `UPDATE signatures SET state = 'invalidated', listed_position = NULL, invalidation_batch_id = @batch_id
        WHERE id IN (SELECT value::bigint FROM jsonb_array_elements_text(@ids::jsonb)) AND state = 'counted'`,
    }),
    /** The batch's signatures that are still invalidated by it (an erased one is gone). */
    batchMembers: db.prepare<[number], { id: number; hidden: number; signed_on: number }>(
      `SELECT id, hidden, signed_on FROM signatures WHERE invalidation_batch_id = ? AND state = 'invalidated' ORDER BY signed_on, id`,
    ),
    /** Restores a chunk (a JSON array of ids) of the batch's signatures. */
    restoreBatchMembers: db.prepare<{ ids: string; batch_id: number }>({
      sqlite: `UPDATE signatures SET state = 'counted', invalidation_batch_id = NULL
        WHERE id IN (SELECT value FROM json_each(@ids)) AND invalidation_batch_id = @batch_id AND state = 'invalidated'`,
      postgres: `UPDATE signatures SET state = 'counted', invalidation_batch_id = NULL
        WHERE id IN (SELECT value::bigint FROM jsonb_array_elements_text(@ids::jsonb)) AND invalidation_batch_id = @batch_id AND state = 'invalidated'`,
    }),
    insertInvalidationBatch: db.prepare<{ petition_id: number; filter: string; created_at: number }, { id: number }>(
      `INSERT INTO invalidation_batches (petition_id, filter, invalidated, created_at) VALUES (@petition_id, @filter, 0, @created_at) RETURNING id`,
    ),
    setBatchInvalidated: db.prepare<[number, number]>('UPDATE invalidation_batches SET invalidated = ? WHERE id = ?'),
    /** A petition's batches not undone, made at or after `since`: those a signature waiting since then escaped. */
    batchesStandingSince: db.prepare<[number, number], InvalidationBatchRow>(
      'SELECT * FROM invalidation_batches WHERE petition_id = ? AND undone_at IS NULL AND created_at >= ? ORDER BY id',
    ),
    /** Whether a signature waiting for its confirmation matches a batch's filter. */
    waitingMatches: db.prepare<InvalidationFilterParams & { signature_id: number }, { count: number }>(
      `SELECT COUNT(*) AS count FROM signatures WHERE id = @signature_id AND petition_id = @petition_id AND state = 'unconfirmed' AND ${FILTER}`,
    ),
    /** A waiting signature joins the batch it escaped: invalidated with it, restored with it (then counted: its signer confirmed). */
    invalidateWaiting: db.prepare<{ id: number; batch_id: number }>(
      `UPDATE signatures SET state = 'invalidated', listed_position = NULL, invalidation_batch_id = @batch_id WHERE id = @id AND state = 'unconfirmed'`,
    ),
    countIntoBatch: db.prepare<[number]>('UPDATE invalidation_batches SET invalidated = invalidated + 1 WHERE id = ?'),
    markBatchUndone: db.prepare<{ id: number; undone_at: number; restored: number }>(
      'UPDATE invalidation_batches SET undone_at = @undone_at, restored = @restored WHERE id = @id',
    ),
    invalidationBatchById: db.prepare<[number], InvalidationBatchRow>('SELECT * FROM invalidation_batches WHERE id = ?'),
    invalidationBatchesOf: db.prepare<[number], InvalidationBatchRow>(
      'SELECT * FROM invalidation_batches WHERE petition_id = ? ORDER BY id DESC LIMIT 50',
    ),
    /** A petition's listed signatures after a position, in list order, a page at a time (the position index covers it). */
    listedAfter: db.prepare<[number, number, number], [id: number, position: number, signedOn: number]>(
      'SELECT id, listed_position, signed_on FROM signatures WHERE petition_id = ? AND listed_position > ? ORDER BY listed_position LIMIT ?',
      { raw: true },
    ),
    /** Brings the parked signatures bound for positions from..to down to them (landParkedPositions, a range at a time). */
    landParkedBetween: db.prepare<{ petition_id: number; from: number; to: number }>(
      `UPDATE signatures SET listed_position = listed_position - ${PARKED_POSITION_OFFSET}
       WHERE petition_id = @petition_id AND listed_position BETWEEN @from + ${PARKED_POSITION_OFFSET} AND @to + ${PARKED_POSITION_OFFSET}`,
    ),
    /**
     * Moves signatures, a JSON array of [id, position], to their positions parked far above
     * the list (landParkedPositions brings them down): no step puts two on one position.
     */
    parkAtPositions: db.prepare<[string]>({
      sqlite: `UPDATE signatures SET listed_position = CAST(j.value ->> 1 AS INTEGER) + ${PARKED_POSITION_OFFSET}
        FROM json_each(?) AS j WHERE signatures.id = CAST(j.value ->> 0 AS INTEGER)`,
      postgres: `UPDATE signatures SET listed_position = (e ->> 1)::bigint + ${PARKED_POSITION_OFFSET}
        FROM jsonb_array_elements(?::jsonb) AS e WHERE signatures.id = (e ->> 0)::bigint`,
    }),
  };
}
