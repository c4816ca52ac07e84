// What instances on one PostgreSQL database share beyond the rows of the API: who is alive
// (service-instance.ts) and each consumer's budget (shared-rate-limit.ts). Part of the store
// (store.ts); the tables are PostgreSQL's only, and SQLite never prepares these statements.
import type { SqlEngine } from '../engines/sql-engine.js';

/** How long an instance not seen keeps its claims (service-instance.ts says it is alive every second). */
export const INSTANCE_TIMEOUT_MS = 5000;

/** SQL: the claim in `column` is held by an instance seen within the timeout (`@now` bound). */
export const LIVE_CLAIM = (column: string): string =>
  `(${column} IS NOT NULL AND EXISTS (SELECT 1 FROM service_instances i WHERE i.id = ${column} AND i.seen_at > @now::bigint - ${INSTANCE_TIMEOUT_MS}))`;

export function instanceStatements(db: SqlEngine) {
  return {
    instanceSeen: db.prepare<{ id: string; now: number }>(
      `INSERT INTO service_instances (id, seen_at) VALUES (@id, @now)
       ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
    ),
    forgetInstance: db.prepare<[string]>('DELETE FROM service_instances WHERE id = ?'),
    /** Shared budgets. */
    addRateCount: db.prepare<{ key: string; window_start: number; added: number }>(
      `INSERT INTO rate_counts (key, window_start, count) VALUES (@key, @window_start, @added)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counts.count + excluded.count`,
    ),
    rateCountsOf: db.prepare<[number], { key: string; count: number }>('SELECT key, count FROM rate_counts WHERE window_start = ?'),
    forgetRateCountsBefore: db.prepare<[number]>('DELETE FROM rate_counts WHERE window_start < ?'),
  };
}
