// answerMalformedRequests (src/shared/malformed-http.ts) on a real node:http server: what Node's
// parser refuses (bad framing, headers past the server's size, a request past its deadline) is
// answered with the spec's error body, byte for byte; a peer that reset is closed unanswered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createServer, type ServerOptions } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { answerMalformedRequests } from '../../src/shared/malformed-http.js';

async function start(options: ServerOptions) {
  const server = createServer(options, (_request, response) => response.end('ok'));
  answerMalformedRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Everything the server sends on one connection until it closes it. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(request));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

function answer(status: string, body: string): string {
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
}

test('bad framing is 400, with the spec\'s failure body, and the connection closed', async (t) => {
  const { server, port } = await start({});
  t.after(() => server.close());
  const body = '{"result":"failure","messages":["request: not valid HTTP"]}';
  assert.equal(body.length, 59);
  assert.equal(await exchange(port, 'POST / HTTP/1.1\r\nHost: test\r\nContent-Length: ten\r\n\r\n'), answer('400 Bad Request', body));
  assert.equal(await exchange(port, 'NOT HTTP AT ALL\r\n\r\n'), answer('400 Bad Request', body));
});

test('headers larger than the server accepts are 413', async (t) => {
  const { server, port } = await start({ maxHeaderSize: 1024 });
  t.after(() => server.close());
  const body = '{"result":"failure","messages":["headers: larger than the server accepts"]}';
  assert.equal(await exchange(port, `GET / HTTP/1.1\r\nHost: test\r\nX-Long: ${'a'.repeat(2000)}\r\n\r\n`), answer('413 Payload Too Large', body));
});

test('a request that does not arrive within the deadline is 408', async (t) => {
  const { server, port } = await start({ headersTimeout: 200, requestTimeout: 300, connectionsCheckingInterval: 50 });
  t.after(() => server.close());
  const body = '{"result":"failure","messages":["request: not received in time"]}';
  assert.equal(await exchange(port, 'GET / HTTP/1.1\r\nHost: te'), answer('408 Request Timeout', body));
});

/** A connected socket pair through a listener of its own; `received` is all the client got once closed. */
async function socketPair(t: { after: (fn: () => void) => void }): Promise<{ socket: Socket; received: Promise<string> }> {
  let received: Promise<string> | undefined;
  const socket = await new Promise<Socket>((resolve) => {
    const listener = createNetServer(resolve);
    t.after(() => listener.close());
    listener.listen(0, '127.0.0.1', () => {
      const client = connect({ port: (listener.address() as AddressInfo).port, host: '127.0.0.1' });
      t.after(() => client.destroy());
      client.setEncoding('utf8');
      let text = '';
      client.on('data', (chunk: string) => (text += chunk));
      received = new Promise((done) => client.on('close', () => done(text)));
    });
  });
  return { socket, received: received! };
}

// The server's clientError raised on a socket pair as Node raises it: for a peer that reset, and
// for a socket already answered and ended.
test('a peer that reset its connection is closed without an answer', async (t) => {
  const { socket, received } = await socketPair(t);
  const server = new EventEmitter();
  answerMalformedRequests(server);
  assert.equal(socket.writable, true);
  server.emit('clientError', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), socket);
  assert.equal(await received, '');
  assert.equal(socket.destroyed, true);
});

test('a socket already answered is closed, with nothing more written to it', async (t) => {
  const { socket, received } = await socketPair(t);
  const errors: Error[] = [];
  socket.on('error', (error) => errors.push(error));
  const server = new EventEmitter();
  answerMalformedRequests(server);
  socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  assert.equal(socket.writable, false);
  server.emit('clientError', Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), socket);
  assert.equal(await received, 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  assert.deepEqual(errors, []);
});
