// The Node transport to the service (src/proxy/upstream/http-transport.ts) against real servers on
// loopback: answers and headers as sent, one deadline per request, a refused connection, an
// answer cut off or too large, and connections kept alive between requests.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { DEFAULT_CONNECTION_LIMITS } from '../../../src/shared/connection-limits.js';
import { IDLE_CONNECTION_MS, httpTransport } from '../../../src/proxy/upstream/http-transport.js';
import { UpstreamUnavailable } from '../../../src/proxy/upstream/upstream-transport.js';
import { freePort } from '../stack.js';

let server: Server;
let base: string;
const sockets = new Set<unknown>();
const routes: Record<string, (request: IncomingMessage, body: string, response: ServerResponse) => void> = {
  '/echo': (request, body, response) =>
    response.writeHead(201, { 'content-type': 'application/json', 'retry-after': '7' }).end(JSON.stringify({ method: request.method, body, type: request.headers['content-type'] ?? null })),
  '/hang': () => undefined,
  '/slow-body': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"partial":');
  },
  '/cut': (request, _body, response) => {
    response.writeHead(200, { 'content-length': '100' });
    response.write('{"only":"part"');
    request.socket.destroy();
  },
  '/huge': (_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const more = () => {
      while (sent < 6 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    more();
  },
};

before(async () => {
  server = createServer((request, response) => {
    sockets.add(request.socket);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => routes[request.url ?? '']?.(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test('a POST arrives with its body and content type; status, headers and body come back', async () => {
  const transport = httpTransport();
  try {
    const answer = await transport.send({ method: 'POST', url: `${base}/echo`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=%C3%A9', timeoutMs: 2000 });
    assert.equal(answer.status, 201);
    assert.equal(answer.header('retry-after'), '7');
    assert.equal(answer.header('x-absent'), undefined);
    assert.deepEqual(JSON.parse(answer.body), { method: 'POST', body: 'a=1&b=%C3%A9', type: 'application/x-www-form-urlencoded' });
  } finally {
    transport.close();
  }
});

test('connections are kept alive: twenty requests in a row use at most two sockets', async () => {
  const transport = httpTransport();
  sockets.clear();
  try {
    // undici may open a second connection for a request sent as the first one's is being freed.
    for (let i = 0; i < 20; i++) assert.equal((await transport.send({ method: 'GET', url: `${base}/echo`, headers: {}, timeoutMs: 2000 })).status, 201);
    assert.ok(sockets.size >= 1 && sockets.size <= 2, `${sockets.size} sockets`);
  } finally {
    transport.close();
  }
});

test('a connection unused for the idle time is let go by the proxy, before the service would close it', async () => {
  assert.ok(IDLE_CONNECTION_MS < DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs);
  const transport = httpTransport({ idleMs: 200 });
  sockets.clear();
  try {
    assert.equal((await transport.send({ method: 'GET', url: `${base}/echo`, headers: {}, timeoutMs: 2000 })).status, 201);
    assert.equal((await transport.send({ method: 'GET', url: `${base}/echo`, headers: {}, timeoutMs: 2000 })).status, 201);
    const used = [...sockets] as Socket[];
    assert.ok(used.every((socket) => !socket.destroyed), 'kept while in use');
    // This test server keeps its connections 5 s: only the proxy's side can close them this soon.
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.ok(used.every((socket) => socket.destroyed), 'closed after the idle time');
    assert.equal((await transport.send({ method: 'GET', url: `${base}/echo`, headers: {}, timeoutMs: 2000 })).status, 201);
    assert.equal(sockets.size, used.length + 1, 'a new connection after the idle time');
  } finally {
    transport.close();
  }
});

test('the deadline covers the answer and its body: a hang and a stalled body are timeouts', async () => {
  const transport = httpTransport();
  try {
    for (const path of ['/hang', '/slow-body']) {
      const started = Date.now();
      await assert.rejects(transport.send({ method: 'GET', url: `${base}${path}`, headers: {}, timeoutMs: 300 }), (error) => {
        assert.ok(error instanceof UpstreamUnavailable, path);
        assert.equal(error.reason, 'timeout', path);
        return true;
      });
      const took = Date.now() - started;
      assert.ok(took >= 250 && took < 2000, `${path}: ${took} ms`);
    }
  } finally {
    transport.close();
  }
});

test('a refused connection, a cut-off answer and an answer over 4 MiB are unreachable, with no internals', async () => {
  const transport = httpTransport();
  try {
    const closedPort = await freePort();
    for (const url of [`http://127.0.0.1:${closedPort}/`, `${base}/cut`, `${base}/huge`]) {
      await assert.rejects(transport.send({ method: 'GET', url, headers: {}, timeoutMs: 5000 }), (error) => {
        assert.ok(error instanceof UpstreamUnavailable, url);
        assert.equal(error.reason, 'unreachable', url);
        assert.equal(error.message, 'petition service unreachable');
        return true;
      });
    }
  } finally {
    transport.close();
  }
});
