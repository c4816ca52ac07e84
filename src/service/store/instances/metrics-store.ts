// What /metrics reads from the database at each scrape (metrics/service-metrics.ts): sizes and
// ages of what waits, each a count over a small partial index or an empty table.
import type { SqlEngine } from '../engines/sql-engine.js';

export interface WaitingSummary {
  entries: number;
  /** Milliseconds since the epoch of the oldest waiting row; null when none waits. */
  oldest: number | null;
}

export interface WaitingDeliveries extends WaitingSummary {
  kind: 'callback' | 'alert_webhook';
}

export function metricsStatements(db: SqlEngine) {
  return {
    /** Signatures accepted but not listed yet (left by a version that queued them: queue-worker.ts). */
    queueSummary: db.prepare<[], WaitingSummary>('SELECT COUNT(*) AS entries, MIN(received_at) AS oldest FROM signature_queue'),
    /** Callbacks and alert webhook posts still to be delivered, retried or not. */
    waitingDeliveries: db.prepare<[], WaitingDeliveries>(
      `SELECT 'callback' AS kind, COUNT(*) AS entries, MIN(created_at) AS oldest FROM callback_deliveries WHERE state = 'pending'
       UNION ALL
       SELECT 'alert_webhook' AS kind, COUNT(*) AS entries, MIN(created_at) AS oldest FROM alert_deliveries WHERE state = 'pending'`,
    ),
  };
}
