// readIncomingText (src/shared/incoming-body.ts) on a real node:http server with a small limit:
// a declared length past it refused before any body arrives, a streamed body at the limit read
// and one byte past it refused, bodies of none, one and many chunks, a client that goes away,
// and nothing of the read left on the message afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { readIncomingText } from '../../src/shared/incoming-body.js';

class TooLarge extends Error {}

// A read that never settles (a mutant waiting for a body that never comes) fails in 2 s, not never.

interface Outcome {
  text?: string;
  error?: unknown;
  /** Listeners left on the message once the read settled. */
  left: number;
}

async function server(limitBytes: number) {
  const outcomes: Outcome[] = [];
  let notify: (() => void) | undefined;
  const s = createServer((request: IncomingMessage, response) => {
    const settle = (outcome: Omit<Outcome, 'left'>) => {
      outcomes.push({ ...outcome, left: request.listenerCount('data') + request.listenerCount('end') + request.listenerCount('error') });
      notify?.();
      if (!response.destroyed) response.writeHead(outcome.error instanceof TooLarge ? 413 : 200).end(outcome.text === undefined ? '' : String(outcome.text.length));
    };
    readIncomingText(request, limitBytes, () => new TooLarge()).then(
      (text) => settle({ text }),
      (error: unknown) => settle({ error }),
    );
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    /** The next outcome the server records (asked for before the request is sent). */
    next: () =>
      new Promise<Outcome>((resolve) => {
        const count = outcomes.length;
        notify = () => resolve(outcomes[count]!);
      }),
    close: () => {
      s.closeAllConnections();
      s.close();
    },
  };
}

/** A request body sent in chunked encoding, so no Content-Length says its size first. */
function streamed(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

test('a declared length within the limit is read; one byte past it is refused before any body is sent', { timeout: 2000 }, async (t) => {
  const s = await server(10);
  t.after(s.close);
  let outcome = s.next();
  assert.equal((await fetch(s.url, { method: 'POST', body: '0123456789' })).status, 200);
  assert.deepEqual(await outcome, { text: '0123456789', left: 0 });
  // Headers only: the body would follow, but the answer comes first.
  outcome = s.next();
  const socket = connect({ port: s.port, host: '127.0.0.1' });
  const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString())));
  socket.write('POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 11\r\n\r\n');
  assert.match(await answer, /^HTTP\/1\.1 413 /);
  const refused = await outcome;
  assert.ok(refused.error instanceof TooLarge);
  socket.destroy();
});

test('a body without a declared length: at the limit it is read, one byte past it refused', { timeout: 2000 }, async (t) => {
  const s = await server(10);
  t.after(s.close);
  let outcome = s.next();
  let response = await fetch(s.url, { method: 'POST', body: streamed('é12345678'), duplex: 'half' } as RequestInit);
  assert.equal(response.status, 200);
  assert.deepEqual(await outcome, { text: 'é12345678', left: 0 });
  outcome = s.next();
  response = await fetch(s.url, { method: 'POST', body: streamed('é123456789'), duplex: 'half' } as RequestInit);
  assert.equal(response.status, 413);
  const refused = await outcome;
  assert.ok(refused.error instanceof TooLarge);
  assert.equal(refused.left, 0);
});

test('an empty body, and a body of many chunks, are read whole as UTF-8', { timeout: 2000 }, async (t) => {
  const s = await server(1_000_000);
  t.after(s.close);
  let outcome = s.next();
  await (await fetch(s.url, { method: 'POST', body: '' })).text();
  assert.deepEqual(await outcome, { text: '', left: 0 });
  // 300 000 bytes arrive in several reads of the socket; a two-byte character on every boundary.
  const large = 'ü'.repeat(150_000);
  outcome = s.next();
  await (await fetch(s.url, { method: 'POST', body: large })).text();
  const read = await outcome;
  assert.equal(read.text, large);
  assert.equal(read.left, 0);
});

test('a client that goes away in the middle of its body: the read fails, with the error', { timeout: 2000 }, async (t) => {
  const s = await server(1000);
  t.after(s.close);
  const outcome = s.next();
  const socket = connect({ port: s.port, host: '127.0.0.1' });
  socket.on('error', () => {});
  socket.write('POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nhalf of it', () => socket.destroy());
  const failed = await outcome;
  assert.ok(failed.error instanceof Error);
  assert.ok(!(failed.error instanceof TooLarge));
  assert.equal(failed.left, 0);
});
