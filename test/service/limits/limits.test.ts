// Rate limit per API key (docs/api.md "Limits"), 503 while another process holds the
// file, a service that cannot listen letting its file go, callback retry spacing, and seeded
// history arriving after live signatures (positions stay in time order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DELIVERY_TIMING, retryDelay } from '../../../src/service/auth-keys/delivery-timing.js';
import { Sqlite } from '../../../src/sqlite.js';
import pg from 'pg';
import { startService } from '../../../src/service/index.js';
import { signFormBody } from '../../../src/shared/signing.js';
import {
  authKeysPath,
  eventually,
  getJson,
  grantedKey,
  keyRequestFields,
  postForm,
  signaturesPath,
  signedPairs,
  signerFields,
  startTestService,
  submitSignature,
} from '../harness.js';
import type { TestService } from '../harness.js';
import { awayFromTheMinuteEnd, onPostgres, SQLITE_ONLY } from '../test-database.js';

test('over the per-key limit: 429 with Retry-After, other keys unaffected', async () => {
  const t = await startTestService({ rateLimitPerMinute: 3 });
  try {
    await awayFromTheMinuteEnd();
    for (let i = 0; i < 3; i++) assert.equal((await getJson(t, signaturesPath(t.petitionId))).status, 200);
    const limited = await getJson(t, signaturesPath(t.petitionId));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.result, 'failure');
    assert.match(limited.body.messages[0], /^api_key: more than 3 requests a minute/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    const other = await t.admin.createConsumer('other');
    const response = await fetch(`${t.baseUrl}/petitions/${t.petitionId}/signatures?api_key=${other.api_key}`);
    assert.equal(response.status, 200);
  } finally {
    await t.close();
  }
});

/**
 * Another writer in the service's way until released: on SQLite another process holding the
 * file's write lock; on PostgreSQL another connection holding the petition's row (signatures
 * lock it, a key request's foreign key needs it).
 */
async function holdWrites(t: TestService): Promise<{ release(): Promise<void> }> {
  if (!onPostgres) {
    const other = new Sqlite(t.dbPath);
    other.exec('BEGIN IMMEDIATE');
    return {
      async release() {
        if (other.inTransaction) other.exec('COMMIT');
        other.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: t.dbPath });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM petitions WHERE id = $1 FOR UPDATE', [t.petitionId]);
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

test('another writer holding the database past the busy timeout: 503 with Retry-After; the same request goes through after', async () => {
  const t = await startTestService({ busyTimeoutMs: 50 });
  let holder: { release(): Promise<void> } | undefined;
  try {
    const source = 'https://locked.example.org/';
    const key = await grantedKey(t, source);
    const path = signaturesPath(t.petitionId);
    const fields = signerFields({ first_name: 'Locked', last_name: 'Out' });
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...fields]), t.consumer.secret, key);
    const keyPath = authKeysPath(t.petitionId);
    const keyBody = await signFormBody(signedPairs(t, keyPath, keyRequestFields('https://locked-key.example.org/')), t.consumer.secret);
    holder = await holdWrites(t);
    for (const [target, sent] of [[path, body], [keyPath, keyBody]] as const) {
      const busy = await postForm(t, target, sent);
      assert.equal(busy.status, 503, target);
      assert.equal(busy.headers.get('retry-after'), '1');
      assert.deepEqual(await busy.json(), { result: 'failure', messages: ['service busy: try again in a moment'] });
    }
    assert.equal((await getJson(t, path)).status, 200, 'reads go on meanwhile');
    await holder.release();
    holder = undefined;
    assert.equal((await postForm(t, path, body)).status, 202, 'the refused request was not recorded as seen (not a duplicate)');
    assert.equal((await postForm(t, keyPath, keyBody)).status, 202, 'nor the refused key request');
    const listed = await eventually(() => getJson(t, path), (r) => r.body.signatures.some((s: { name: string }) => s.name === 'Locked Out'), 2000);
    assert.ok(listed.body.signatures.some((s: { name: string }) => s.name === 'Locked Out'));
  } finally {
    await holder?.release();
    await t.close();
  }
});

test('a service that cannot listen (port taken) rejects and lets its database file go', { skip: SQLITE_ONLY }, async () => {
  const t = await startTestService();
  const otherDb = `${t.dir}/second.db`;
  try {
    await assert.rejects(startService({ dbPath: otherDb, port: t.service.port, log: () => {} }), /EADDRINUSE/);
    // Leaving WAL mode needs the only connection to the file: it fails while one is left open.
    const probe = new Sqlite(otherDb);
    try {
      assert.equal(probe.pragma('journal_mode = DELETE', { simple: true }), 'delete');
    } finally {
      probe.close();
    }
  } finally {
    await t.close();
  }
});

test('callback retries: about 5 s first, doubling, at most an hour apart', () => {
  const middle = () => 0.5;
  assert.equal(retryDelay(1, DEFAULT_DELIVERY_TIMING, middle), 5_000);
  assert.equal(retryDelay(2, DEFAULT_DELIVERY_TIMING, middle), 10_000);
  assert.equal(retryDelay(5, DEFAULT_DELIVERY_TIMING, middle), 80_000);
  assert.equal(retryDelay(40, DEFAULT_DELIVERY_TIMING, middle), 3_600_000);
  assert.equal(retryDelay(1, DEFAULT_DELIVERY_TIMING, () => 0), 4_000, 'jitter spreads ±20 %');
  assert.equal(retryDelay(1, DEFAULT_DELIVERY_TIMING, () => 1), 6_000);
  for (const attempts of [12, 13, 40, 1000, 1e6, Number.MAX_SAFE_INTEGER]) {
    assert.equal(retryDelay(attempts, DEFAULT_DELIVERY_TIMING, () => 1), 3_600_000, `never more than an hour apart (${attempts})`);
    assert.equal(retryDelay(attempts, DEFAULT_DELIVERY_TIMING, () => 0), 2_880_000, 'still spread below the cap');
  }
});

test('seeding a petition that already has signatures puts the history before them', async () => {
  const t = await startTestService();
  try {
    const source = 'https://seed-after.example.org/';
    const key = await grantedKey(t, source);
    for (const last of ['One', 'Two']) {
      assert.equal((await submitSignature(t, source, key, signerFields({ first_name: 'Live', last_name: last }))).status, 202);
    }
    await eventually(() => getJson(t, signaturesPath(t.petitionId)), (r) => r.body.signature_count === 2, 2000);
    assert.deepEqual(await t.admin.seed(t.petitionId, 120), { inserted: 120 });
    const { body } = await getJson(t, signaturesPath(t.petitionId), { page_size: '100' });
    assert.equal(body.signature_count, 122);
    const all = [...body.signatures];
    for (let page = 2; page <= body.total_pages; page++) {
      all.push(...(await getJson(t, signaturesPath(t.petitionId), { page_size: '100', page: String(page) })).body.signatures);
    }
    const times = all.map((s: { signed_on: string }) => s.signed_on);
    assert.deepEqual(times, [...times].sort());
    assert.deepEqual(all.slice(-2).map((s: { name: string }) => s.name), ['Live One', 'Live Two']);
  } finally {
    await t.close();
  }
});
