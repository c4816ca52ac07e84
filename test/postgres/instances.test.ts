// Several service instances on one PostgreSQL database, in a throwaway cluster of their own:
// what only makes sense there. Every 202 is listed exactly once with dense positions whichever
// instance took it, a callback goes out once whichever instance sends it, an instance killed
// mid-stream loses nothing, and one consumer's budget holds across instances.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from '../../src/service/index.js';
import type { RunningService } from '../../src/service/index.js';
import { POSTGRES_MIGRATIONS } from '../../src/service/store/migrations/postgres-schema.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { startCallbackReceiver } from '../service/callback-receiver.js';
import type { CallbackReceiver } from '../service/callback-receiver.js';
import { spawnService } from '../service/child-service.js';
import { authKeysPath, eventually, keyRequestFields } from '../service/harness.js';
import { listedNames, signedPostTo } from '../service/service-client.js';
import { assertDense, grantedKey, serviceOptions, setUp, sign, useCluster } from './fixture.js';
import type { Setup } from './fixture.js';

useCluster();

describe('two instances on one database', () => {
  let s: Setup;
  let a: RunningService;
  let b: RunningService;
  let receiver: CallbackReceiver;

  before(async () => {
    s = await setUp();
    // Started together on a new database: the schema is made once, under the advisory lock.
    [a, b] = await Promise.all([startService(serviceOptions(s.url)), startService(serviceOptions(s.url))]);
    receiver = await startCallbackReceiver(s.consumer.secret);
  });
  after(async () => {
    await a.close();
    await b.close();
    await receiver.close();
    await s.admin.close();
  });

  test('two instances starting at once on a new database migrate it once', async () => {
    const db = await openStoreEngine(s.url);
    try {
      assert.deepEqual(await db.prepare('SELECT version FROM schema_version').all(), [{ version: POSTGRES_MIGRATIONS.length }]);
    } finally {
      await db.close();
    }
  });

  test('signatures spread over both: every 202 listed exactly once, positions dense', async () => {
    const source = 'https://spread.example.org/';
    const key = await grantedKey(s, a.baseUrl, source, receiver.url);
    const accepted: string[] = [];
    const TOTAL = 300;
    let next = 0;
    const client = async (lane: number) => {
      while (next < TOTAL) {
        const n = next++;
        const { status, name } = await sign(s, (n + lane) % 2 === 0 ? a.baseUrl : b.baseUrl, source, key, n);
        assert.equal(status, 202);
        accepted.push(name);
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, lane) => client(lane)));
    const listed = await listedNames(b.baseUrl, s.consumer.api_key, s.petitionId);
    assert.equal(listed.length, TOTAL, 'each signature listed once');
    assert.deepEqual([...listed].sort(), [...accepted].sort());
    await assertDense(s, TOTAL);
  });

  test('a grant made by the admin command reaches its callback within 2 s, sent once by one of the two', async () => {
    const sources = Array.from({ length: 12 }, (_, i) => `https://grant-${i}.example.org/`);
    for (const source of sources) {
      assert.equal((await signedPostTo(b.baseUrl, s.consumer.api_key, s.consumer.secret, authKeysPath(s.petitionId), keyRequestFields(source, receiver.url))).status, 202);
    }
    const before = receiver.received.length;
    const requests = (await s.admin.listAuthKeys()).filter((row) => sources.includes(row.source));
    const grantedAt = Date.now();
    for (const request of requests) await s.admin.grant(request.id);
    await eventually(() => receiver.received.length - before, (n) => n >= sources.length, 2000);
    assert.ok(Date.now() - grantedAt < 2000, `all ${sources.length} callbacks within 2 s of the grants`);
    // Both instances poll every 300 ms: a second copy would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const got = receiver.received.slice(before).map((callback) => String(callback.payload['source']));
    assert.deepEqual([...got].sort(), [...sources].sort(), 'each callback exactly once');
  });

  test("one consumer's budget is shared: spent on one instance, the other answers 429", async () => {
    const t = await setUp();
    const limited = { ...serviceOptions(t.url), rateLimitPerMinute: 10 };
    // The budget's windows are whole minutes: never start the test at the end of one.
    if (Date.now() % 60_000 > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 100));
    const [one, two] = [await startService(limited), await startService(limited)];
    try {
      const read = (service: RunningService) => fetch(`${service.baseUrl}/petitions/${t.petitionId}?api_key=${t.consumer.api_key}`);
      for (let i = 0; i < 10; i++) assert.equal((await read(one)).status, 200);
      assert.equal((await read(one)).status, 429, 'the first instance has spent it');
      // What each instance counted reaches the other within a few syncs (every 250 ms). One
      // read only: each read on the second instance counts against the budget too.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const answer = await read(two);
      assert.equal(answer.status, 429, 'the second instance knows the budget is spent');
      assert.ok(Number(answer.headers.get('retry-after')) >= 1);
    } finally {
      await one.close();
      await two.close();
      await t.admin.close();
    }
  });
});

test('SIGKILL one instance mid-stream: the other carries on, and nothing answered 202 is lost', async () => {
  const s = await setUp();
  const receiver = await startCallbackReceiver(s.consumer.secret);
  const args = ['--db', s.url, '--allow-private-callbacks', '--rate-limit', '1000000'];
  const [doomed, survivor] = await Promise.all([spawnService(args), spawnService(args)]);
  try {
    const source = 'https://kill.example.org/';
    const key = await grantedKey(s, survivor.baseUrl, source, receiver.url);
    const accepted: string[] = [];
    const TOTAL = 400;
    const killAfter = 100;
    let next = 0;
    let killed = false;
    const client = async (lane: number) => {
      while (next < TOTAL) {
        const n = next++;
        // Half the clients use the instance that is killed, until it is; then all use the other.
        const target = !killed && lane % 2 === 0 ? doomed.baseUrl : survivor.baseUrl;
        try {
          const { status, name } = await sign(s, target, source, key, n);
          if (status === 202) accepted.push(name);
        } catch {
          // The connection died with the process: this one was never answered.
        }
        if (!killed && accepted.length >= killAfter) {
          killed = true;
          doomed.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, lane) => client(lane)));
    assert.ok(killed, `only ${accepted.length} accepted before the end`);
    assert.equal(await doomed.exited, 'SIGKILL');
    const listed = await listedNames(survivor.baseUrl, s.consumer.api_key, s.petitionId);
    assert.deepEqual(accepted.filter((name) => !listed.includes(name)), [], 'every 202 is listed');
    assert.equal(listed.length, new Set(listed).size, 'none twice');
    await assertDense(s, listed.length);
  } finally {
    doomed.child.kill('SIGKILL');
    survivor.child.kill('SIGTERM');
    await survivor.exited;
    await receiver.close();
    await s.admin.close();
  }
});
