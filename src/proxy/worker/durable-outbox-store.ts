// OutboxStore in the proxy's Durable Object (proxy-object.ts): the table, migrations and queries
// of the Node store (outbox/outbox-sql.ts) on the object's SQLite. Each write is durable before
// the object's answer leaves it (the runtime's output gate), so a signature answered "queued"
// is kept like on Node with synchronous = FULL.
import { OUTBOX_MIGRATIONS, OUTBOX_SQL, outboxEntryOf, outboxInsertValues, type OutboxRow } from '../outbox/outbox-sql.js';
import type { OutboxStore } from '../outbox/outbox-store.js';
import { migrateDurable } from './durable-schema.js';

export function durableOutboxStore(storage: DurableObjectStorage): OutboxStore {
  migrateDurable(storage, 'outbox', OUTBOX_MIGRATIONS);
  const { sql } = storage;
  const first = (query: string, ...values: Array<string | number | null>) =>
    outboxEntryOf(sql.exec<Record<string, SqlStorageValue>>(query, ...values).toArray()[0] as OutboxRow | undefined);
  const count = (query: string) => sql.exec<{ n: number }>(query).one().n;
  return {
    async add(entry, nextAttemptAt) {
      // Stepped to its end, as on Node (outbox-sqlite.ts): the insert's failure is raised here.
      return sql.exec<{ id: number }>(OUTBOX_SQL.insert, ...outboxInsertValues(entry, nextAttemptAt)).toArray()[0]!.id;
    },
    async firstInLine() {
      return first(OUTBOX_SQL.firstInLine);
    },
    async nextHeld() {
      return first(OUTBOX_SQL.nextHeld);
    },
    async reschedule(id, attempts, nextAttemptAt) {
      sql.exec(OUTBOX_SQL.reschedule, attempts, nextAttemptAt, id);
    },
    async hold(id, cause, attempts, nextAttemptAt) {
      sql.exec(OUTBOX_SQL.hold, cause, attempts, nextAttemptAt, id);
    },
    async releaseHeld(at) {
      // Counted by RETURNING: rowsWritten would count the index's writes too.
      return sql.exec(`${OUTBOX_SQL.releaseHeld} RETURNING id`, at).toArray().length;
    },
    async remove(id) {
      sql.exec(OUTBOX_SQL.remove, id);
    },
    async lineLength() {
      return count(OUTBOX_SQL.countInLine);
    },
    // The object's storage has no handle to close.
    close() {},
  };
}
