// The Worker's public reads carry the Node proxy's caching headers (test/proxy/reads/
// shared-caching.test.ts): Cache-Control for shared caches, an ETag, and a 304 without a body for
// a matching If-None-Match, the same whether the isolate's memory answers (isolate-reads.ts, with
// Age) or the Durable Object's app does; failures say no-store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../stack.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

const ALLOWED = 'https://www.example.org';
const fromIsolate = (answer: Response) => answer.headers.has('age');

/** The headers a cache acts on, without those of the moment (date, age) and the transport's. */
function normalised(answer: Response): Record<string, string> {
  const headers = Object.fromEntries(answer.headers);
  for (const name of ['age', 'date', 'content-length', 'transfer-encoding', 'connection']) delete headers[name];
  return headers;
}

describe('the Worker\'s reads, for caches in front of it', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  before(async () => {
    stack = await new WorkerStack({}).start();
    await eventually(async () => {
      const summary = (await (await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`)).json()) as { key_status: string };
      return summary.key_status === 'granted';
    }, 10_000, 'the key to be granted');
  });
  after(() => stack?.close());

  test('each read: the Node proxy\'s Cache-Control and ETag, and 304 for a matching If-None-Match, with Vary and CORS', async () => {
    const id = stack.petitionIds[0]!;
    for (const path of [`/api/petitions/${id}`, `/api/petitions/${id}/signatures?page=1&page_size=2`, `/api/petitions/${id}/signatures/recent`, `/api/petitions/${id}/breakdown`]) {
      const full = await stack.call('GET', path, { headers: { origin: ALLOWED } });
      assert.equal(full.status, 200, path);
      assert.equal(full.headers.get('cache-control'), 'public, max-age=0, s-maxage=5, stale-if-error=86400', path);
      assert.equal(full.headers.get('cdn-cache-control'), 'public, max-age=5, stale-while-revalidate=5, stale-if-error=86400', path);
      const etag = full.headers.get('etag') ?? '';
      assert.match(etag, /^"[0-9a-f]{32}"$/, path);
      for (const field of [etag, `W/${etag}`, `"0000", ${etag}`, '*']) {
        const again = await stack.call('GET', path, { headers: { origin: ALLOWED, 'if-none-match': field } });
        assert.equal(again.status, 304, `${path}, If-None-Match: ${field}`);
        assert.equal(await again.text(), '');
        assert.equal(again.headers.get('etag'), etag);
        assert.equal(again.headers.get('vary'), 'Origin');
        assert.equal(again.headers.get('access-control-allow-origin'), ALLOWED);
      }
      assert.equal((await stack.call('GET', path, { headers: { 'if-none-match': '"0000"' } })).status, 200, path);
    }
  });

  test('the isolate\'s 304 and 200 equal the object\'s, header for header', async () => {
    const recent = `/api/petitions/${stack.petitionIds[0]}/signatures/recent`;
    const asking = { origin: ALLOWED };
    // The object's own answers: once the isolate's copy (kept at most 1 s) is gone.
    const byObject = (await eventually(async () => {
      const answer = await stack.call('GET', recent, { headers: asking });
      return fromIsolate(answer) ? undefined : answer;
    }, 5000, 'an answer of the object'))!;
    const etag = byObject.headers.get('etag')!;
    const byIsolate = await stack.call('GET', recent, { headers: asking });
    assert.ok(fromIsolate(byIsolate));
    assert.deepEqual(normalised(byIsolate), normalised(byObject));
    const notModifiedByIsolate = await stack.call('GET', recent, { headers: { ...asking, 'if-none-match': etag } });
    assert.ok(fromIsolate(notModifiedByIsolate));
    const notModifiedByObject = (await eventually(async () => {
      const answer = await stack.call('GET', recent, { headers: { ...asking, 'if-none-match': etag } });
      return fromIsolate(answer) ? undefined : answer;
    }, 5000, 'a 304 of the object'))!;
    assert.equal(notModifiedByObject.status, 304);
    assert.equal(notModifiedByIsolate.status, 304);
    assert.deepEqual(normalised(notModifiedByIsolate), normalised(notModifiedByObject));
  });

  test('a read with If-None-Match that the isolate does not have leaves it a copy for the next reads', async () => {
    const breakdown = `/api/petitions/${stack.petitionIds[0]}/breakdown`;
    const etag = (await stack.call('GET', breakdown)).headers.get('etag')!;
    // Once the isolate's copy is gone, a browser's check: the object is asked, the visitor gets a 304.
    const check = (await eventually(async () => {
      const answer = await stack.call('GET', breakdown, { headers: { 'if-none-match': etag } });
      return fromIsolate(answer) ? undefined : answer;
    }, 5000, 'a check the isolate cannot answer'))!;
    assert.equal(check.status, 304);
    assert.equal(await check.text(), '');
    const next = await stack.call('GET', breakdown);
    assert.equal(next.status, 200);
    assert.ok(fromIsolate(next), 'kept from the check\'s call to the object');
    assert.equal(next.headers.get('etag'), etag);
  });

  test('failures say no-store: 404, 403', async () => {
    assert.equal((await stack.call('GET', '/api/petitions/999')).headers.get('cache-control'), 'no-store');
    const refused = await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`, { headers: { origin: 'https://elsewhere.example.net' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
  });
});
