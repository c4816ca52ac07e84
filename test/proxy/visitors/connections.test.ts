// Idle and trickling connections (slowloris) cannot take the proxy down: the service's deadlines
// and caps (src/shared/connection-limits.ts) hold here too, and what Node's parser refuses gets
// the spec's error body (src/shared/malformed-http.ts). Batches and "closed unanswered" versus
// "answered 408" keep the timing honest on a loaded machine, as in test/service/http/connections.test.ts.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { test } from 'node:test';
import type { ConnectionLimits } from '../../../src/shared/connection-limits.js';
import { Stack, keysDecided } from '../stack.js';

interface Held {
  socket: Socket;
  /** Milliseconds from opening to the proxy closing it, once it has. */
  closedAfter: Promise<number>;
  received: () => string;
}

function open(stack: Stack, localAddress: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect({ port: stack.proxy!.port, host: '127.0.0.1', localAddress }, () =>
      resolve({ socket, closedAfter, received: () => received }),
    );
    const closedAfter = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

async function withProxy(limits: Partial<ConnectionLimits>, body: (stack: Stack) => Promise<void>): Promise<void> {
  const stack = await new Stack({ proxy: { connectionLimits: limits } }).start();
  try {
    await keysDecided(stack.proxy!);
    await body(stack);
  } finally {
    await stack.close();
  }
}

const within = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
const bodyOf = (answer: string) => JSON.parse(answer.split('\r\n\r\n')[1]!) as unknown;

test('~1,000 idle sockets from one address: others are served at once, the idle ones closed at the header deadline', async () => {
  await withProxy({ headersTimeoutMs: 5000 }, async (stack) => {
    const held: Held[] = [];
    const opening = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      held.push(...(await Promise.all(Array.from({ length: 100 }, () => open(stack, '127.0.0.2')))));
    }
    const openingMs = Date.now() - opening;
    const started = Date.now();
    assert.equal((await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`)).status, 200);
    assert.ok(Date.now() - started < 1000, 'answered while the idle sockets are open');
    const closedAt = await Promise.race([Promise.all(held.map((h) => h.closedAfter)), within(12_000)]);
    assert.notEqual(closedAt, 'timeout', 'every idle socket is closed');
    const turnedAway = held.filter((h) => h.received() === '').length;
    assert.equal(turnedAway, 1000 - 256, 'beyond 256 from one address, closed unanswered');
    assert.ok(held.every((h) => h.received() === '' || h.received().startsWith('HTTP/1.1 408 ')), 'the kept ones are answered 408');
    assert.ok(openingMs < 5000, `every socket was open before the first deadline (${openingMs} ms)`);
    assert.ok(Math.max(...(closedAt as number[])) < 5000 + 2500, 'the rest at the header deadline');
  });
});

test('headers trickling in are answered 408 with the spec\'s error body at the header deadline', async () => {
  await withProxy({ headersTimeoutMs: 1000 }, async (stack) => {
    const slow = await open(stack, '127.0.0.1');
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slow.socket.write('X-Slow: y\r\n'), 150);
    try {
      const closed = await Promise.race([slow.closedAfter, within(4000)]);
      assert.notEqual(closed, 'timeout');
      assert.ok((closed as number) < 2500, `closed after ${closed} ms`);
      assert.match(slow.received(), /^HTTP\/1\.1 408 /);
      assert.deepEqual(bodyOf(slow.received()), { result: 'failure', messages: ['request: not received in time'] });
    } finally {
      clearInterval(drip);
    }
  });
});

test('an idle keep-alive connection is closed after the keep-alive deadline', async () => {
  await withProxy({ keepAliveTimeoutMs: 500 }, async (stack) => {
    const client = await open(stack, '127.0.0.1');
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const closed = await Promise.race([client.closedAfter, within(3000)]);
    assert.notEqual(closed, 'timeout');
    assert.match(client.received(), /^HTTP\/1\.1 200 /);
    assert.ok((closed as number) < 2000, `closed after ${closed} ms`);
  });
});

test('a cap in all: past it new connections are closed, whoever opens them', async () => {
  await withProxy({ maxConnections: 30, maxConnectionsPerAddress: 20, headersTimeoutMs: 5000 }, async (stack) => {
    const first = await Promise.all(Array.from({ length: 20 }, () => open(stack, '127.0.0.2')));
    const second = await Promise.all(Array.from({ length: 20 }, () => open(stack, '127.0.0.3')));
    const early = (held: Held[]) => Promise.all(held.map((h) => Promise.race([h.closedAfter, within(500)])));
    assert.equal((await early(first)).filter((v) => v !== 'timeout').length, 0);
    assert.equal((await early(second)).filter((v) => v !== 'timeout').length, 10);
    for (const held of [...first, ...second]) held.socket.destroy();
  });
});

test('what Node\'s parser refuses is answered with the spec\'s error body, not a bare status line', async () => {
  await withProxy({}, async (stack) => {
    const badLength = await open(stack, '127.0.0.1');
    badLength.socket.write('POST /api/petitions/1/signatures HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    await Promise.race([badLength.closedAfter, within(3000)]);
    assert.match(badLength.received(), /^HTTP\/1\.1 400 /);
    assert.deepEqual(bodyOf(badLength.received()), { result: 'failure', messages: ['request: not valid HTTP'] });

    const hugeHeaders = await open(stack, '127.0.0.1');
    hugeHeaders.socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await Promise.race([hugeHeaders.closedAfter, within(3000)]);
    assert.match(hugeHeaders.received(), /^HTTP\/1\.1 413 /);
    assert.deepEqual(bodyOf(hugeHeaders.received()), { result: 'failure', messages: ['headers: larger than the server accepts'] });
  });
});
