// WebhookStore in the proxy's Durable Object (proxy-object.ts): the table and queries of the Node
// store (webhooks/webhook-sql.ts) on the object's SQLite.
import { WEBHOOK_SCHEMA, WEBHOOK_SQL, webhookDeliveryOf, type WebhookRow } from '../webhooks/webhook-sql.js';
import type { WebhookStore } from '../webhooks/webhook-store.js';

export function durableWebhookStore(storage: DurableObjectStorage): WebhookStore {
  const { sql } = storage;
  sql.exec(WEBHOOK_SCHEMA);
  return {
    async add(eventId, payload, urls, createdAt) {
      // One event's deliveries are stored together or not at all.
      storage.transactionSync(() => {
        for (const url of urls) sql.exec(WEBHOOK_SQL.insert, eventId, url, payload, createdAt, createdAt);
      });
    },
    async due(now, limit, excludedIds) {
      return sql
        .exec<Record<string, SqlStorageValue>>(WEBHOOK_SQL.due, now, JSON.stringify(excludedIds), limit)
        .toArray()
        .map((row) => webhookDeliveryOf(row as unknown as WebhookRow));
    },
    async nextDueAt(excludedIds) {
      return sql.exec<{ at: number | null }>(WEBHOOK_SQL.nextDueAt, JSON.stringify(excludedIds)).one().at ?? undefined;
    },
    async reschedule(id, attempts, nextAttemptAt) {
      sql.exec(WEBHOOK_SQL.reschedule, attempts, nextAttemptAt, id);
    },
    async remove(id) {
      sql.exec(WEBHOOK_SQL.remove, id);
    },
    async count() {
      return sql.exec<{ n: number }>(WEBHOOK_SQL.count).one().n;
    },
    close() {},
  };
}
