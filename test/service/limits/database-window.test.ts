// The attempt windows kept in the database (database-window.ts) under the sign-in and code limits,
// with `now` set, on the service's real database (a SQLite file, or PostgreSQL with
// SERVICE_TEST_DATABASE=postgres): each budget its own key by kind and value, what an allowed
// attempt reports as counted, a failing database surfacing as an error (never as "refused"), the
// email folded to lower case (not upper: 'ß' is not 'ss'), and the limit watch's counts.
// Issue 31, "Mutation testing as a standing measure".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { countAttempt } from '../../../src/service/limits/database-window.js';
import { SignInLimit } from '../../../src/service/limits/sign-in-limit.js';
import { LimitWatch } from '../../../src/service/metrics/limit-watch.js';
import { ServiceMetrics } from '../../../src/service/metrics/service-metrics.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { createLogger } from '../../../src/shared/observability/logger.js';
import { newTestDatabase } from '../test-database.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const WINDOW_MS = 15 * 60_000;

let dir: string;
let database: string;
const opened: Store[] = [];
async function openStore(): Promise<Store> {
  const store = createStore(await openStoreEngine(database));
  opened.push(store);
  return store;
}
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'database-window-'));
  database = await newTestDatabase(dir);
});
after(async () => {
  for (const store of opened) await store.db.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

test('each budget has its own window: another value, or the same value of another kind, is not spent by this one', async () => {
  const store = await openStore();
  const at = NOW;
  assert.equal((await countAttempt(store, [{ kind: 'address', value: '192.0.2.1', limit: 1 }], WINDOW_MS, at)).allowed, true);
  assert.deepEqual(await countAttempt(store, [{ kind: 'address', value: '192.0.2.1', limit: 1 }], WINDOW_MS, at + 1000), { allowed: false, retryAfterSeconds: 899 });
  assert.equal((await countAttempt(store, [{ kind: 'address', value: '192.0.2.2', limit: 1 }], WINDOW_MS, at + 1000)).allowed, true);
  assert.equal((await countAttempt(store, [{ kind: 'email', value: '192.0.2.1', limit: 1 }], WINDOW_MS, at + 1000)).allowed, true);
});

test('an allowed attempt reports exactly one counted window per budget, with its start and count', async () => {
  const store = await openStore();
  const at = NOW + 10 * WINDOW_MS;
  const first = await countAttempt(store, [{ kind: 'k1', value: 'v', limit: 5 }, { kind: 'k2', value: 'v', limit: 5 }], WINDOW_MS, at);
  assert.ok(first.allowed);
  assert.equal(first.counted.length, 2);
  assert.deepEqual(first.counted.map(({ startedAt, count }) => ({ startedAt: Number(startedAt), count: Number(count) })), [
    { startedAt: at, count: 1 },
    { startedAt: at, count: 1 },
  ]);
  assert.notEqual(first.counted[0]!.key, first.counted[1]!.key);
  const second = await countAttempt(store, [{ kind: 'k1', value: 'v', limit: 5 }], WINDOW_MS, at + 5);
  assert.ok(second.allowed);
  assert.deepEqual(second.counted.map(({ key, startedAt, count }) => ({ key, startedAt: Number(startedAt), count: Number(count) })), [
    { key: first.counted[0]!.key, startedAt: at, count: 2 },
  ]);
});

test('a database that fails is an error for the caller, not a refusal', async () => {
  const store = createStore(await openStoreEngine(database));
  await store.db.close();
  await assert.rejects(countAttempt(store, [{ kind: 'address', value: '192.0.2.9', limit: 1 }], WINDOW_MS, NOW));
});

function watched() {
  const metrics = new ServiceMetrics({ processMetrics: false });
  const logger = createLogger({ format: 'json', level: 'info', destination: () => {} });
  const metric = async (pattern: RegExp) => Number(pattern.exec(await metrics.registry.metrics())?.[1] ?? 0);
  return { watch: new LimitWatch(metrics, logger), metric };
}

test('a sign-in refused is counted as the sign_in limit reached, and a failed password as a failed sign-in', async () => {
  const { watch, metric } = watched();
  const limit = new SignInLimit(await openStore(), 64, watch);
  const at = NOW + 20 * WINDOW_MS;
  for (let i = 1; i <= 10; i++) assert.equal((await limit.reserve('198.51.100.20', `w${i}@example.org`, at)).allowed, true);
  assert.equal((await limit.reserve('198.51.100.20', 'w11@example.org', at)).allowed, false);
  assert.equal(await metric(/^petition_service_limit_reached_total\{limit="sign_in"\} (\S+)$/m), 1);
  limit.failed();
  limit.failed();
  assert.equal(await metric(/^petition_service_sign_in_failures_total (\S+)$/m), 2);
  new SignInLimit(await openStore(), 64).failed();
});

test('emails are folded to lower case: "straße" and "strasse" are two operators, each with 20 attempts', async () => {
  const limit = new SignInLimit(await openStore(), 64);
  const at = NOW + 30 * WINDOW_MS;
  for (let i = 0; i < 20; i++) assert.equal((await limit.reserve(`203.0.113.${i}`, 'straße@example.org', at)).allowed, true, `attempt ${i + 1}`);
  assert.equal((await limit.reserve('203.0.113.100', 'STRASSE@example.org', at)).allowed, true);
  assert.equal((await limit.reserve('203.0.113.101', 'Straße@Example.org', at)).allowed, false);
});
