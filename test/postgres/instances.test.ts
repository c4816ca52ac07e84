// Several service instances on one PostgreSQL database, in a throwaway cluster of their own:
// what only makes sense there. Every 202 is listed exactly once with dense positions whichever
// instance took it, a callback goes out once whichever instance sends it, an instance killed
// mid-stream loses nothing, a database restarted under load is a 503 with Retry-After until it
// is back, and one consumer's budget holds across instances.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import type { ServiceAdmin } from '../../src/service/admin.js';
import { startService } from '../../src/service/index.js';
import type { RunningService } from '../../src/service/index.js';
import { POSTGRES_MIGRATIONS } from '../../src/service/postgres-schema.js';
import { openStoreEngine } from '../../src/service/store-engine.js';
import { startCallbackReceiver } from '../service/callback-receiver.js';
import type { CallbackReceiver } from '../service/callback-receiver.js';
import { spawnService } from '../service/child-service.js';
import { authKeysPath, eventually, keyRequestFields, signaturesPath, signerFields } from '../service/harness.js';
import { startPostgresCluster, stopWithProcess } from '../service/postgres-cluster.js';
import type { PostgresCluster } from '../service/postgres-cluster.js';
import { listedNames, signedPostTo } from '../service/service-client.js';

let cluster: PostgresCluster;
let databases = 0;

before(async () => {
  cluster = stopWithProcess(await startPostgresCluster());
});
after(() => cluster.stop());

interface Setup {
  url: string;
  admin: ServiceAdmin;
  consumer: { api_key: string; secret: string };
  petitionId: number;
}

async function setUp(): Promise<Setup> {
  const url = await cluster.createDatabase(`instances_${++databases}`);
  const admin = await openAdmin(url);
  const consumer = await admin.createConsumer('instances');
  const { petition_id: petitionId } = await admin.createPetition('Instances');
  return { url, admin, consumer, petitionId };
}

const serviceOptions = (url: string) => ({ dbPath: url, port: 0, allowPrivateCallbacks: true, rateLimitPerMinute: 1_000_000, log: () => {} });

/** A granted key for `source`, asked through `baseUrl` and granted by the admin command. */
async function grantedKey(s: Setup, baseUrl: string, source: string, callback: string): Promise<string> {
  const path = authKeysPath(s.petitionId);
  assert.equal((await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, path, keyRequestFields(source, callback))).status, 202);
  const request = (await s.admin.listAuthKeys()).find((row) => row.source === source)!;
  await s.admin.grant(request.id);
  const again = (await (await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, path, keyRequestFields(source, callback))).json()) as { auth_key: string };
  return again.auth_key;
}

/** One signature through `baseUrl`; the signer's name when it was answered 202, else the status. */
async function sign(s: Setup, baseUrl: string, source: string, key: string, n: number): Promise<{ status: number; name: string; retryAfter: string | null }> {
  const last = `Signer${n}`;
  const response = await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, signaturesPath(s.petitionId),
    [['source', source], ...signerFields({ first_name: 'Many', last_name: last, email: `many.${n}@example.org` })], key);
  await response.arrayBuffer();
  return { status: response.status, name: `Many ${last}`, retryAfter: response.headers.get('retry-after') };
}

/** The petition's positions are exactly first..last, one signature each, and the count is theirs. */
async function assertDense(s: Setup, listed: number): Promise<void> {
  const db = await openStoreEngine(s.url);
  try {
    const petition = (await db.prepare<[number], { first: number; last: number; count: number }>(
      'SELECT first_listed_position AS first, last_listed_position AS last, signature_count AS count FROM petitions WHERE id = ?',
    ).get(s.petitionId))!;
    const rows = (await db.prepare<[number], { n: number; distinct_positions: number; low: number; high: number }>(
      `SELECT count(*) AS n, count(DISTINCT listed_position) AS distinct_positions, min(listed_position) AS low, max(listed_position) AS high
       FROM signatures WHERE petition_id = ? AND listed_position IS NOT NULL`,
    ).get(s.petitionId))!;
    assert.deepEqual(rows, { n: listed, distinct_positions: listed, low: petition.first, high: petition.last });
    assert.equal(petition.last - petition.first + 1, listed);
    assert.equal(petition.count, listed);
  } finally {
    await db.close();
  }
}

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

test('the database restarted under load: 503 with Retry-After meanwhile, then on by itself, nothing answered 202 lost', async () => {
  const s = await setUp();
  const receiver = await startCallbackReceiver(s.consumer.secret);
  const dir = mkdtempSync(join(tmpdir(), 'pg-restart-'));
  const logs: string[] = [];
  const [a, b] = [
    await startService({ ...serviceOptions(s.url), log: (line) => logs.push(line) }),
    await startService({ ...serviceOptions(s.url), log: (line) => logs.push(line) }),
  ];
  try {
    const source = 'https://restart.example.org/';
    const key = await grantedKey(s, a.baseUrl, source, receiver.url);
    await s.admin.close();
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    let unavailableWithoutRetryAfter = 0;
    let next = 0;
    let restarted = false;
    const deadline = Date.now() + 60_000;
    const client = async (lane: number) => {
      // Until the database has been restarted and 50 more signatures have gone through.
      while (Date.now() < deadline && !(restarted && accepted.length >= 150)) {
        const n = next++;
        const { status, name, retryAfter } = await sign(s, lane % 2 === 0 ? a.baseUrl : b.baseUrl, source, key, n);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 202) accepted.push(name);
        if (status === 503 && !retryAfter) unavailableWithoutRetryAfter++;
        if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, lane) => client(lane)));
    await eventually(() => accepted.length, (n) => n >= 100, 20_000);
    await cluster.restart(1500);
    restarted = true;
    await load;
    assert.ok((statuses.get(503) ?? 0) >= 1, `503 while the database was down: ${JSON.stringify([...statuses])}`);
    assert.equal(unavailableWithoutRetryAfter, 0, 'every 503 says when to retry');
    assert.deepEqual([...statuses.keys()].filter((status) => status !== 202 && status !== 503), [], 'nothing but 202 and 503');
    assert.ok(accepted.length >= 150, 'the instances went on by themselves');
    const listed = await listedNames(a.baseUrl, s.consumer.api_key, s.petitionId);
    assert.deepEqual(accepted.filter((name) => !listed.includes(name)), [], 'every 202 is listed');
    assert.equal(listed.length, accepted.length, 'and nothing else');
    assert.ok(logs.some((line) => /^database cannot be written \(/.test(line)), logs.join('\n'));
    assert.ok(logs.some((line) => /^database writable again after/.test(line)), logs.join('\n'));
    for (const line of logs) assert.doesNotMatch(line, /@example\.org|postgres:\/\//);
  } finally {
    await a.close();
    await b.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
