// The service's background loops on their own (docs/api.md "Callbacks"; durability):
// a request's deliveries go out in order, a delivery is abandoned after the give-up time,
// endpoints that hang do not hold back the others, and a database locked by another process
// past the busy timeout is logged and retried instead of ending the process.
import { test } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sqlite } from '../../../src/sqlite.js';
import { openAdmin } from '../../../src/service/admin.js';
import { changeStatus } from '../../../src/service/auth-keys/auth-key-requests.js';
import { CallbackDelivery } from '../../../src/service/auth-keys/callback-delivery.js';
import type { DeliveryContext } from '../../../src/service/auth-keys/callback-delivery.js';
import { DEFAULT_DELIVERY_TIMING, type DeliveryTiming } from '../../../src/service/auth-keys/delivery-timing.js';
import { DatabaseHealth } from '../../../src/service/store/database-health.js';
import { callbackHost } from '../../../src/service/store/callbacks/callback-host.js';
import { openDatabase } from '../../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';
import { QueueWorker } from '../../../src/service/background/queue-worker.js';
import { createStore } from '../../../src/service/store/store.js';
import type { Store } from '../../../src/service/store/store.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import { eventually, keyRequestFields, authKeysPath, signedPost, startTestService } from '../harness.js';
import { newTestDatabase, onPostgres, SQLITE_ONLY } from '../test-database.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';

const FAST: DeliveryTiming = { ...DEFAULT_DELIVERY_TIMING, retryBaseMs: 50, pollMs: 20, requestTimeoutMs: 5000 };

interface Fixture {
  store: Store;
  health: DatabaseHealth;
  secret: string;
  dbPath: string;
  petitionId: number;
  /** A key request of the fixture's consumer whose callback goes to `url`, granted at `now`. */
  grantedRequest(url: string, now?: number): Promise<number>;
  close(): Promise<void>;
}

/** A fresh database file with a consumer and a petition, for the loops under test to run on. */
async function openFixture(): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'service-background-'));
  const dbPath = await newTestDatabase(dir);
  const admin = await openAdmin(dbPath);
  const { api_key, secret } = await admin.createConsumer('background');
  const { petition_id: petitionId } = await admin.createPetition('Background');
  await admin.close();
  const store = createStore(await openStoreEngine(dbPath));
  const health = new DatabaseHealth({
    path: onPostgres ? null : dbPath,
    store,
    reopen: () => new SqliteEngine(openDatabase(dbPath, { mustExist: true })),
    log: () => {},
  });
  const consumer = (await store.consumerByApiKey.get(api_key))!;
  let sources = 0;
  return {
    store,
    health,
    secret,
    dbPath,
    petitionId,
    async grantedRequest(url, now = Date.now()) {
      const { id } = (await store.insertAuthKeyRequest.get({
        petition_id: petitionId,
        consumer_id: consumer.id,
        source: `https://background.example.org/${++sources}`,
        source_description: 'background test',
        requester_email: 'team@example.org',
        callback_endpoint: url,
        callback_host: callbackHost(url),
        created_at: now,
      }))!;
      await changeStatus(store, id, 'grant', now);
      return id;
    },
    async close() {
      await store.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Callbacks in these tests go to receivers on loopback. */
function deliveryContext(fixture: Fixture, log: (line: string) => void): DeliveryContext {
  return { allowPrivate: true, health: fixture.health, log };
}

test("a request's deliveries go out one at a time, in order: never granted after revoked", async () => {
  const t = await startTestService({ retryBaseMs: 50 });
  const down = await startCallbackReceiver(t.consumer.secret);
  try {
    down.answerWith = 503;
    const source = 'https://ordered.example.org/';
    assert.equal((await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source, down.url))).status, 202);
    const { id } = (await t.admin.listAuthKeys()).find((row) => row.source === source)!;
    await t.admin.grant(id);
    await t.admin.revoke(id);
    const failing = await eventually(async () => (await t.admin.listAuthKeys()).find((row) => row.id === id)!.deliveries, ([grant]) => grant!.attempts >= 2);
    assert.ok(failing[0]!.attempts >= 2);
    assert.equal(failing[1]!.attempts, 0, 'the revocation waits for the grant to be delivered');
    down.answerWith = 204;
    await eventually(() => down.received.length, (n) => n >= 2, 3000);
    assert.deepEqual(down.received.map((callback) => callback.payload['status']), ['granted', 'revoked']);
  } finally {
    await t.close();
    await down.close();
  }
});

test('a delivery that keeps failing is abandoned once the give-up time has passed', async () => {
  const fixture = await openFixture();
  const failing = await startCallbackReceiver(fixture.secret);
  failing.answerWith = 500;
  const logs: string[] = [];
  const delivery = new CallbackDelivery(fixture.store, { ...FAST, giveUpAfterMs: 300 }, deliveryContext(fixture, (line) => logs.push(line)));
  try {
    const id = await fixture.grantedRequest(failing.url);
    delivery.start();
    const [row] = await eventually(async () => await fixture.store.deliveriesOf.all(id), ([d]) => d!.state !== 'pending', 3000);
    assert.equal(row!.state, 'abandoned');
    assert.ok(row!.attempts >= 2, `attempts ${row!.attempts}`);
    assert.ok(logs.some((line) => /attempt \d+ failed \(HTTP 500\); giving up$/.test(line)));
  } finally {
    await delivery.stop();
    await failing.close();
    await fixture.close();
  }
});

test('endpoints that hang until the timeout do not hold back other deliveries', async () => {
  const fixture = await openFixture();
  const receiver = await startCallbackReceiver(fixture.secret);
  const hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/never`;
  const delivery = new CallbackDelivery(fixture.store, FAST, deliveryContext(fixture, () => {}));
  try {
    const now = Date.now();
    // Due before the good one, and more than one poll starts.
    for (let i = 0; i < 25; i++) await fixture.grantedRequest(hangingUrl, now - 1000 + i);
    const good = await fixture.grantedRequest(receiver.url, now);
    delivery.start();
    await eventually(() => receiver.received.length, (n) => n >= 1, 2000);
    assert.equal(receiver.received.length, 1, 'delivered while the others still hang');
    // The receiver records the callback before it answers: the attempt is recorded right after.
    const recorded = await eventually(async () => (await fixture.store.deliveriesOf.all(good))[0]!.attempts, (n) => n === 1, 2000);
    assert.equal(recorded, 1);
  } finally {
    await delivery.stop();
    await new Promise<void>((resolve) => hanging.close(() => resolve()).closeAllConnections());
    await receiver.close();
    await fixture.close();
  }
});

test('a database locked by another process past the busy timeout: logged, retried, nothing lost', { skip: SQLITE_ONLY }, async () => {
  const fixture = await openFixture();
  (fixture.store.db as SqliteEngine).db.pragma('busy_timeout = 50');
  const logs: string[] = [];
  const worker = new QueueWorker(fixture.store, fixture.health, () => {}, (line) => logs.push(line));
  const failing = await startCallbackReceiver(fixture.secret);
  failing.answerWith = 500;
  const delivery = new CallbackDelivery(fixture.store, FAST, deliveryContext(fixture, (line) => logs.push(line)));
  const other = new Sqlite(fixture.dbPath);
  const email = 'locked@example.org';
  try {
    const request = await fixture.grantedRequest(failing.url);
    const signer = { first_name: 'Locked', last_name: 'Out', email, address: '1 Main Street', city: 'Lyon', state_province: '', postal_code: '69001', country_code: 'FR' };
    await fixture.store.insertQueued.run(fixture.petitionId, email, JSON.stringify(signer), request, Date.now(), 'en');
    other.exec('BEGIN IMMEDIATE');
    worker.start();
    delivery.start();
    const bothFailed = (lines: string[]) =>
      lines.some((line) => line === 'queue worker: drain failed (SQLITE_BUSY); retrying on the next poll') &&
      lines.some((line) => /^callback delivery \d+: recording the attempt failed \(SQLITE_BUSY\)$/.test(line));
    await eventually(() => logs, bothFailed, 3000);
    assert.ok(bothFailed(logs), logs.join('\n'));
    other.exec('COMMIT');
    const listed = await eventually(async () => await fixture.store.signatureByEmail.get(fixture.petitionId, email), (found) => found !== undefined, 2000);
    assert.ok(listed, 'the queued signature is listed once the lock is gone');
  } finally {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await worker.stop();
    await delivery.stop();
    await failing.close();
    await fixture.close();
  }
});
