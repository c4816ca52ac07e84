// Connection limits (src/shared/connection-limits.ts) on a real node:http server with small caps:
// the deadlines' checking interval at its bounds, and the cap per peer address at its boundary,
// per address, and freed again when a connection closes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { capConnections, DEFAULT_CONNECTION_LIMITS, serverTimeouts, type ConnectionLimits } from '../../src/shared/connection-limits.js';

test('the deadlines as node:http options, checked every quarter of the header deadline, from 100 ms to 1 s', () => {
  const limits = (headersTimeoutMs: number): ConnectionLimits => ({ ...DEFAULT_CONNECTION_LIMITS, headersTimeoutMs });
  assert.deepEqual(serverTimeouts(DEFAULT_CONNECTION_LIMITS), {
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1000,
  });
  const intervals = [100, 399, 400, 403, 404, 2000, 3999, 4000, 4004].map((ms) => serverTimeouts(limits(ms)).connectionsCheckingInterval);
  assert.deepEqual(intervals, [100, 100, 100, 100, 101, 500, 999, 1000, 1000]);
});

interface Connection {
  socket: Socket;
  /** 'answered' when the server answered a request on it, 'closed' when it closed it unanswered. */
  outcome: Promise<'answered' | 'closed'>;
}

function open(port: number, localAddress: string): Connection {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => {});
  const outcome = new Promise<'answered' | 'closed'>((resolve) => {
    socket.once('data', () => resolve('answered'));
    socket.once('close', () => resolve('closed'));
  });
  socket.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n');
  return { socket, outcome };
}

async function cappedServer(maxConnectionsPerAddress: number): Promise<{ server: Server; port: number; closedOnServer: () => Promise<void> }> {
  const server = createServer((_request, response) => response.end('ok'));
  capConnections(server, { ...DEFAULT_CONNECTION_LIMITS, maxConnectionsPerAddress, maxConnections: 50 }, 56);
  // Registered after the cap's own listeners, so the cap has counted a close when this sees it.
  const closes: Array<() => void> = [];
  server.on('connection', (socket: Socket) => socket.once('close', () => closes.shift()?.()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    closedOnServer: () => new Promise<void>((resolve) => closes.push(resolve)),
  };
}

test('a peer address holds at most its cap; one more is closed at once, another address is not counted with it', async (t) => {
  const { server, port } = await cappedServer(2);
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  assert.equal(server.maxConnections, 50);
  const first = open(port, '127.0.0.1');
  assert.equal(await first.outcome, 'answered');
  const second = open(port, '127.0.0.1');
  assert.equal(await second.outcome, 'answered');
  const third = open(port, '127.0.0.1');
  assert.equal(await third.outcome, 'closed');
  const elsewhere = open(port, '127.0.0.2');
  assert.equal(await elsewhere.outcome, 'answered');
  for (const connection of [first, second, elsewhere]) connection.socket.destroy();
});

test('a closed connection frees its place, and only its own', async (t) => {
  const { server, port, closedOnServer } = await cappedServer(2);
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const first = open(port, '127.0.0.1');
  const second = open(port, '127.0.0.1');
  assert.deepEqual(await Promise.all([first.outcome, second.outcome]), ['answered', 'answered']);
  const closed = closedOnServer();
  first.socket.destroy();
  await closed;
  const third = open(port, '127.0.0.1');
  assert.equal(await third.outcome, 'answered');
  const fourth = open(port, '127.0.0.1');
  assert.equal(await fourth.outcome, 'closed');
  // Both closed: the address starts again from nothing.
  const bothClosed = Promise.all([closedOnServer(), closedOnServer()]);
  second.socket.destroy();
  third.socket.destroy();
  await bothClosed;
  const again = [open(port, '127.0.0.1'), open(port, '127.0.0.1')];
  assert.deepEqual(await Promise.all(again.map((connection) => connection.outcome)), ['answered', 'answered']);
  for (const connection of again) connection.socket.destroy();
});
