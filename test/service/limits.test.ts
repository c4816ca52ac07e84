// Rate limit per API key (decisions.md "Rate limits"), callback retry spacing, and seeded
// history arriving after live signatures (positions stay in time order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DELIVERY_TIMING, retryDelay } from '../../src/service/callback-delivery.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, startTestService, submitSignature } from './harness.js';

test('over the per-key limit: 429 with Retry-After, other keys unaffected', async () => {
  const t = await startTestService({ rateLimitPerMinute: 3 });
  try {
    for (let i = 0; i < 3; i++) assert.equal((await getJson(t, signaturesPath(t.petitionId))).status, 200);
    const limited = await getJson(t, signaturesPath(t.petitionId));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.result, 'failure');
    assert.match(limited.body.messages[0], /^api_key: more than 3 requests a minute/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    const other = t.admin.createConsumer('other');
    const response = await fetch(`${t.baseUrl}/petitions/${t.petitionId}/signatures?api_key=${other.api_key}`);
    assert.equal(response.status, 200);
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
    assert.deepEqual(t.admin.seed(t.petitionId, 120), { inserted: 120 });
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
