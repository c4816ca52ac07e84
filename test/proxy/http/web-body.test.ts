// The body limit on the Web-standard path (app.ts webBodyReader), which edge runtimes use: the
// app is called with Web Requests, as a runtime calls it. On Node, bodies are read from the
// IncomingMessage instead (src/shared/incoming-body.ts; test/proxy/outbox/submission-body.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Hono } from 'hono';
import { BODY_LIMIT_BYTES, webBodyReader } from '../../../src/proxy/app.js';
import { ProxyError } from '../../../src/proxy/errors/proxy-error.js';
import { failureResponse } from '../../../src/proxy/http/failure.js';

function echoApp(): Hono {
  const app = new Hono();
  const read = webBodyReader();
  app.onError((error, c) => (error instanceof ProxyError ? failureResponse(c, error) : c.text('unexpected', 500)));
  app.post('/', async (c) => c.text(await read(c)));
  return app;
}

/** A body sent in chunks with no Content-Length, as a streaming client sends it. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream({
    pull(controller) {
      if (left === 0) return controller.close();
      const chunk = Math.min(left, 4096);
      left -= chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
  });
}

test('a body at the limit is read whole, declared or streamed', async () => {
  const app = echoApp();
  const declared = await app.request('/', { method: 'POST', body: 'a'.repeat(BODY_LIMIT_BYTES) });
  assert.equal(declared.status, 200);
  assert.equal((await declared.text()).length, BODY_LIMIT_BYTES);
  const chunked = await app.request('/', { method: 'POST', body: streamed(BODY_LIMIT_BYTES), duplex: 'half' } as RequestInit);
  assert.equal(chunked.status, 200);
  assert.equal((await chunked.text()).length, BODY_LIMIT_BYTES);
});

test('one byte over is 413 in the error body, declared or streamed', async () => {
  const app = echoApp();
  const refusal = { result: 'failure', messages: [`body: must be at most ${BODY_LIMIT_BYTES} bytes`] };
  const declared = await app.request('/', { method: 'POST', body: 'a'.repeat(BODY_LIMIT_BYTES + 1) });
  assert.equal(declared.status, 413);
  assert.deepEqual(await declared.json(), refusal);
  const chunked = await app.request('/', { method: 'POST', body: streamed(BODY_LIMIT_BYTES + 1), duplex: 'half' } as RequestInit);
  assert.equal(chunked.status, 413);
  assert.deepEqual(await chunked.json(), refusal);
});
