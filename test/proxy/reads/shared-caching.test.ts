// The public reads against a real proxy and service, as a browser or a cache in front sees them:
// every read (the petition, a page, the recent signers, the breakdown) carries its caching headers
// and ETag, and answers a matching If-None-Match with a 304 that has no body but keeps Vary and
// the CORS headers, whether the app or the listener ahead of it on Node answers; the tag moves
// when the count does; and what is one visitor's or a failure says no-store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { normalised, rawRequest, type RawAnswer } from '../raw-answer.js';
import { openAdmin } from '../../../src/service/admin.js';
import { Stack, eventually, keysDecided, received, signer } from '../stack.js';

const ALLOWED = 'https://www.example.org';
const FRESH = 'public, max-age=0, s-maxage=30, stale-if-error=86400';

/** The listener ahead of the app names headers as its code does; the app's Node adapter lower-cases them. */
const fromListener = (answer: RawAnswer) => answer.headers.some(([name]) => name === 'ETag');

describe('reads a shared cache can keep', () => {
  let stack: Stack;
  let reads: Array<[string, string]>;
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(stack.proxy!.url, path, { headers });
  before(async () => {
    stack = await new Stack({ seedPerPetition: 3, config: { cacheSeconds: 30, rateLimit: { signaturesPerIpPerMinute: 100, challengesPerIpPerMinute: 1 } } }).start();
    await keysDecided(stack.proxy!);
    const id = stack.petitionIds[0]!;
    reads = [
      ['the petition', `/api/petitions/${id}`],
      ['a page of signers', `/api/petitions/${id}/signatures?page=1&page_size=2`],
      ['the recent signers', `/api/petitions/${id}/signatures/recent`],
      ['the breakdown', `/api/petitions/${id}/breakdown`],
    ];
  });
  after(() => stack.close());

  test('each read: Cache-Control for shared caches, an ETag, and 304 without a body for a matching If-None-Match, with Vary and CORS', async () => {
    for (const [name, path] of reads) {
      for (const origin of [undefined, ALLOWED]) {
        const asking: Record<string, string> = origin ? { origin } : {};
        const full = await get(path, asking);
        const headers = normalised(full);
        assert.equal(full.status, 200, name);
        assert.equal(headers['cache-control'], FRESH, name);
        assert.equal(headers['cdn-cache-control'], 'public, max-age=30, stale-while-revalidate=30, stale-if-error=86400', name);
        assert.match(headers['etag'] ?? '', /^"[0-9a-f]{32}"$/, name);
        const etag = headers['etag']!;
        for (const field of [etag, `W/${etag}`, `"0000", ${etag}`, '*']) {
          const again = await get(path, { ...asking, 'if-none-match': field });
          const kept = normalised(again);
          assert.equal(again.status, 304, `${name}, If-None-Match: ${field}`);
          assert.equal(again.body, '', name);
          assert.equal(kept['etag'], etag, name);
          assert.equal(kept['cache-control'], FRESH, name);
          assert.equal(kept['vary'], 'Origin', name);
          assert.equal(kept['access-control-allow-origin'], origin, name);
          assert.equal(kept['content-type'], 'application/json; charset=utf-8', `${name}: a cache's copy keeps its type`);
          assert.equal(kept['content-length'], undefined, name);
        }
        const other = await get(path, { ...asking, 'if-none-match': '"0000", W/"1111"' });
        assert.equal(other.status, 200, `${name}: another tag gets the answer`);
        assert.equal(other.body, full.body);
      }
    }
  });

  test('the listener ahead of the app answers the recent signers\' 304 header for header as the app does', async () => {
    const [, recent] = reads[2]!;
    await get(recent);
    const etag = normalised(await get(recent))['etag']!;
    for (const asking of [{}, { origin: ALLOWED }] as Array<Record<string, string>>) {
      const byListener = await get(recent, { ...asking, 'if-none-match': etag });
      // A query the listener leaves to the app, for the same kept read.
      const byApp = await get(`${recent}?from=app`, { ...asking, 'if-none-match': etag });
      assert.ok(fromListener(byListener) && !fromListener(byApp), 'one of each');
      assert.equal(byListener.status, 304);
      assert.deepEqual(normalised(byListener), normalised(byApp));
      const fullByListener = await get(recent, asking);
      const fullByApp = await get(`${recent}?from=app`, asking);
      assert.deepEqual(normalised(fullByListener), normalised(fullByApp));
    }
  });

  test('the ETag changes when the count changes, and the old tag then gets the new answer', async () => {
    const [, summary] = reads[0]!;
    const before = await get(summary);
    const etag = normalised(before)['etag']!;
    const count = (JSON.parse(before.body) as { signature_count: number }).signature_count;
    const signed = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { json: signer(stack) });
    assert.equal(signed.status, 202);
    received(signed.json());
    assert.equal(signed.headers['cache-control'], 'no-store', 'the 202 holds the signer\'s withdrawal link');
    const after = (await eventually(async () => {
      const answer = await get(summary, { 'if-none-match': etag });
      return answer.status === 200 && (JSON.parse(answer.body) as { signature_count: number }).signature_count === count + 1 ? answer : undefined;
    }, 5000, 'the new count'))!;
    assert.notEqual(normalised(after)['etag'], etag);
  });

  test('failures and what is one visitor\'s say no-store: 404, 403, 400, 429, 503 and the challenge', async () => {
    const id = stack.petitionIds[0]!;
    const noStore = async (answer: Promise<{ status: number; headers: Array<[string, string]> }>, status: number, what: string) => {
      const { status: actual, headers } = await answer;
      assert.equal(actual, status, what);
      assert.equal(normalised({ status, headers, body: '' })['cache-control'], 'no-store', what);
    };
    await noStore(get('/api/petitions/999'), 404, 'an unknown petition');
    await noStore(get('/api/petitions/999/signatures/recent'), 404, 'an unknown petition\'s recent signers');
    await noStore(get(reads[0]![1], { origin: 'https://elsewhere.example.net' }), 403, 'a refused origin');
    await noStore(get(`/api/petitions/${id}/signatures?page=0`), 400, 'a bad page');
    await noStore(get(`/api/petitions/${id}/challenge`), 200, 'a challenge');
    await noStore(get(`/api/petitions/${id}/challenge`), 429, 'a challenge over the limit');
    await stack.stopService();
    try {
      // Never read, so no last good answer: 503.
      await noStore(get(`/api/petitions/${id}/signatures?page=7&page_size=3`), 503, 'a read the service cannot answer');
    } finally {
      await stack.startService();
    }
  });

  test('a key revoked within the cache period changes the petition\'s answer and its ETag at once', async () => {
    const [, summary] = reads[0]!;
    const before = await get(summary);
    assert.equal((JSON.parse(before.body) as { key_status: string }).key_status, 'granted');
    const admin = await openAdmin(stack.dbPath);
    try {
      await admin.revoke((await admin.listAuthKeys())[0]!.id);
    } finally {
      await admin.close();
    }
    await eventually(() => stack.storedKeys()[0]?.status === 'revoked', 5000, 'the revocation');
    const after = await get(summary, { 'if-none-match': normalised(before)['etag']! });
    assert.equal(after.status, 200);
    assert.deepEqual(JSON.parse(after.body).key_status, 'revoked');
    assert.notEqual(normalised(after)['etag'], normalised(before)['etag']);
  });
});
