// The webhook deliveries' SQL, shared by their two stores: webhook-sqlite.ts (better-sqlite3 on
// Node) and worker/durable-webhook-store.ts (a Durable Object's SQLite on Cloudflare Workers).
import type { WebhookDelivery } from './webhook-store.js';

export const WEBHOOK_SCHEMA = `CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT NOT NULL,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id);`;

export const WEBHOOK_SQL = {
  insert: 'INSERT INTO webhook_deliveries (event_id, url, payload, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)',
  /** Bound with (now, JSON array of the ids being sent, limit). */
  due: `SELECT * FROM webhook_deliveries WHERE next_attempt_at <= ? AND id NOT IN (SELECT value FROM json_each(?))
     ORDER BY next_attempt_at, id LIMIT ?`,
  /** Bound with the JSON array of the ids being sent. */
  nextDueAt: 'SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE id NOT IN (SELECT value FROM json_each(?))',
  reschedule: 'UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ? WHERE id = ?',
  remove: 'DELETE FROM webhook_deliveries WHERE id = ?',
  count: 'SELECT COUNT(*) AS n FROM webhook_deliveries',
} as const;

export interface WebhookRow {
  id: number;
  event_id: string;
  url: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
}

export const webhookDeliveryOf = (row: WebhookRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  url: row.url,
  payload: row.payload,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  createdAt: row.created_at,
});
