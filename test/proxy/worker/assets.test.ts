// The script and its chunks from the Worker (the Node proxy's in test/proxy/assets/assets.test.ts):
// the built files of dist/, through the static-assets binding and the proxy's asset routes, with
// their cache headers and 304 on a matching If-None-Match.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

const DIST = new URL('../../../dist/', import.meta.url);

describe('the script and its chunks from the Worker', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  before(async () => {
    stack = await new WorkerStack().start();
  });
  after(() => stack?.close());

  test('/petition-embed.js: the built file, cached five minutes, 304 on its ETag', async () => {
    const answer = await stack.call('GET', '/petition-embed.js', { headers: { origin: 'https://www.example.org' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(answer.headers.get('cache-control'), 'public, max-age=300');
    assert.equal(await answer.text(), readFileSync(new URL('petition-embed.js', DIST), 'utf8'));
    const etag = answer.headers.get('etag');
    assert.ok(etag);
    const again = await stack.call('GET', '/petition-embed.js', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
  });

  test('a chunk: immutable for a year, 304 on its ETag; an unknown script a JSON 404', async () => {
    const chunk = readdirSync(new URL('chunks/', DIST)).find((name) => name.endsWith('.js'))!;
    const answer = await stack.call('GET', `/chunks/${chunk}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(await answer.text(), readFileSync(new URL(`chunks/${chunk}`, DIST), 'utf8'));
    const again = await stack.call('GET', `/chunks/${chunk}`, { headers: { 'if-none-match': answer.headers.get('etag')! } });
    assert.equal(again.status, 304);

    const missing = await stack.call('GET', '/chunks/not-there-12345678.js');
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { result: string }).result, 'failure');
  });
});
