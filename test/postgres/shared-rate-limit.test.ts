// Two instances sharing a consumer's budget through one PostgreSQL database (shared-rate-limit.ts;
// docs/api.md "Limits"), with `now` set: what one counted reaches the other at their syncs, a
// sync while one is running returns at once, and rows of windows before the last are dropped once
// a window. Always on a throwaway cluster of its own (the module is PostgreSQL's only, so a run on
// SQLite would never reach it: issue 31, "Mutation testing as a standing measure").
import { existsSync, readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FixedWindowLimit } from '../../src/service/limits/rate-limit.js';
import { RateLimitSharing } from '../../src/service/limits/shared-rate-limit.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../src/service/store/store.js';
import { startPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.js';

const installed = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
/** Outside CI a machine without PostgreSQL skips this file; CI has it, and fails loudly if not. */
const skip = !installed && !process.env['CI'] && 'PostgreSQL binaries are absent (/usr/lib/postgresql); CI runs this file';

const MINUTE = Date.parse('2026-11-22T10:00:00Z');
const T0 = MINUTE + 30_000;
const CONSUMER = 7;

describe('instances sharing a budget on PostgreSQL', { skip }, () => {
  let cluster: PostgresCluster;
  let databases = 0;
  const opened: Store[] = [];
  before(async () => {
    cluster = await startPostgresCluster();
  });
  after(async () => {
    for (const store of opened.splice(0)) await store.db.close();
    await cluster?.stop();
  });

  /** A new database, and `n` instances on it: each its own connection, limit and sharing. */
  async function instances(n: number, perMinute = 5) {
    const url = await cluster.createDatabase(`shared_rate_${++databases}`);
    const made = [];
    for (let i = 0; i < n; i++) {
      const store = createStore(await openStoreEngine(url));
      opened.push(store);
      const limit = new FixedWindowLimit<number>(perMinute, 60_000, true);
      made.push({ store, limit, sharing: new RateLimitSharing(store, limit) });
    }
    return made;
  }

  async function windowsStored(store: Store): Promise<Array<{ key: string; window_start: number; count: number }>> {
    const rows = await store.db.prepare<[], { key: string; window_start: string | number; count: string | number }>(
      'SELECT key, window_start, count FROM rate_counts ORDER BY window_start, key',
    ).all();
    return rows.map((row) => ({ key: row.key, window_start: Number(row.window_start), count: Number(row.count) }));
  }

  const count = (limit: FixedWindowLimit<number>, times: number, now: number) => {
    for (let i = 0; i < times; i++) limit.count(CONSUMER, now);
  };

  test('what each instance counted reaches the other at their syncs: 3 here and 2 there spend a budget of 5', async () => {
    const [a, b] = await instances(2);
    count(a!.limit, 3, T0);
    await a!.sharing.sync(T0);
    assert.deepEqual(await windowsStored(a!.store), [{ key: String(CONSUMER), window_start: MINUTE, count: 3 }]);
    count(b!.limit, 1, T0);
    await b!.sharing.sync(T0);
    assert.equal(b!.limit.retryAfter(CONSUMER, T0), 0, '4 of 5');
    b!.limit.count(CONSUMER, T0);
    assert.equal(b!.limit.retryAfter(CONSUMER, T0), 30, 'B: 2 here and 3 heard of');
    assert.equal(a!.limit.retryAfter(CONSUMER, T0), 0, 'A has not heard of B\'s yet');
    await b!.sharing.sync(T0 + 1);
    await a!.sharing.sync(T0 + 1);
    assert.equal(a!.limit.retryAfter(CONSUMER, T0 + 1), 30, 'A: 3 here and 2 heard of');
    assert.deepEqual(await windowsStored(a!.store), [{ key: String(CONSUMER), window_start: MINUTE, count: 5 }]);
    // Sync after sync: each adds only what it counted since the last.
    a!.limit.count(CONSUMER, T0 + 2);
    await a!.sharing.sync(T0 + 2);
    await a!.sharing.sync(T0 + 3);
    assert.deepEqual(await windowsStored(a!.store), [{ key: String(CONSUMER), window_start: MINUTE, count: 6 }]);
  });

  test('a sync asked for while one is running returns at once, without reading the database', async () => {
    const [a] = await instances(1);
    count(a!.limit, 2, T0);
    const first = a!.sharing.sync(T0);
    const second = a!.sharing.sync(T0).then(() => 'returned');
    const io = new Promise((resolve) => setImmediate(() => resolve('the database answered first')));
    assert.equal(await Promise.race([second, io]), 'returned');
    await first;
    assert.deepEqual(await windowsStored(a!.store), [{ key: String(CONSUMER), window_start: MINUTE, count: 2 }]);
  });

  test('windows before the last are dropped at the first sync of a window; the last one stays for the others', async () => {
    const [a, b] = await instances(2);
    count(a!.limit, 1, T0 - 120_000);
    await a!.sharing.sync(T0 - 120_000);
    count(a!.limit, 2, T0 - 60_000);
    await a!.sharing.sync(T0 - 60_000);
    assert.deepEqual((await windowsStored(a!.store)).map((row) => [row.window_start, row.count]), [[MINUTE - 120_000, 1], [MINUTE - 60_000, 2]]);
    count(a!.limit, 3, T0);
    await a!.sharing.sync(T0);
    assert.deepEqual((await windowsStored(a!.store)).map((row) => [row.window_start, row.count]), [[MINUTE - 60_000, 2], [MINUTE, 3]]);
    // The current window's row, kept, is what another instance hears of.
    await b!.sharing.sync(T0 + 1);
    count(b!.limit, 2, T0 + 1);
    assert.equal(b!.limit.retryAfter(CONSUMER, T0 + 1), 30, '2 here and 3 heard of');
  });

  test('the old windows are dropped once a window, at its first sync, not at every sync', async () => {
    const [a] = await instances(1);
    const prunes: number[] = [];
    const forget = a!.store.forgetRateCountsBefore;
    const measured: Store = { ...a!.store, forgetRateCountsBefore: { ...forget, run: (...args: Parameters<typeof forget.run>) => (prunes.push(Number(args[0])), forget.run(...args)) } };
    const sharing = new RateLimitSharing(measured, a!.limit);
    for (const now of [T0, T0 + 1, T0 + 29_999]) await sharing.sync(now);
    assert.deepEqual(prunes, [MINUTE - 60_000]);
    for (const now of [T0 + 30_000, T0 + 30_001]) await sharing.sync(now);
    assert.deepEqual(prunes, [MINUTE - 60_000, MINUTE]);
  });
});
