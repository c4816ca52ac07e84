// The delivery PDF's statements (src/service/delivery/), part of the store (store.ts): the
// petition's counts for its first page, then its signers in batches by id (never OFFSET).
import type { SqlEngine } from '../engines/sql-engine.js';

/**
 * A signer as the delivery lists them, an array (100,000 are read per delivery): no email,
 * address or phone is even read.
 */
export type DeliverySignerRow = [id: number, first_name: string, last_name: string, city: string, country_code: string, hidden: number];

export interface DeliveryCountRow {
  /** Counted signatures: confirmed ones where the petition confirms its signers. */
  counted: number;
  /** The newest of them: the list stops there, so a signature that arrives meanwhile is in neither. */
  last_id: number;
  /** Of the counted, those gathered on paper (channel 'paper'). */
  on_paper: number;
}

export function petitionDeliveryStatements(db: SqlEngine) {
  return {
    deliveryCounts: db.prepare<[number], DeliveryCountRow>(
      "SELECT COUNT(*) AS counted, COALESCE(MAX(id), 0) AS last_id, COALESCE(SUM(CASE WHEN channel = 'paper' THEN 1 ELSE 0 END), 0) AS on_paper FROM signatures WHERE petition_id = ? AND state = 'counted'",
    ),
    /**
     * Counted signatures after one id, up to another, in id order (the order they were
     * recorded). `+petition_id` keeps SQLite on the rowid range, as the CSV export does.
     */
    deliverySigners: db.prepare<[number, number, number, number], DeliverySignerRow>(
      `SELECT id, first_name, last_name, city, country_code, hidden FROM signatures
       WHERE +petition_id = ? AND id > ? AND id <= ? AND state = 'counted' ORDER BY id LIMIT ?`,
      { raw: true },
    ),
  };
}
