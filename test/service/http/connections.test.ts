// Idle and trickling connections (slowloris) cannot use up the service: header, request and
// keep-alive deadlines close them, and caps per address and in all keep room for everyone else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { getJson, signaturesPath, startTestService } from '../harness.js';
import type { TestService } from '../harness.js';
import type { ConnectionLimits } from '../../../src/shared/connection-limits.js';

interface Held {
  socket: Socket;
  /** Milliseconds from opening to the server closing it, once it has. */
  closedAfter: Promise<number>;
  received: () => string;
}

function open(t: TestService, localAddress: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect({ port: t.service.port, host: '127.0.0.1', localAddress }, () =>
      resolve({ socket, closedAfter, received: () => received }),
    );
    const closedAfter = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

async function withService(limits: Partial<ConnectionLimits>, body: (t: TestService) => Promise<void>): Promise<void> {
  const t = await startTestService({ connectionLimits: limits });
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

const within = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

test('~1,000 idle sockets from one address: the rest of the world is served at once, and the idle ones are closed at the header deadline', async () => {
  // The deadline is well above the time opening a thousand sockets takes on a loaded machine:
  // were the first ones closed before the last were opened, their slots would take others in.
  await withService({ headersTimeoutMs: 5000 }, async (t) => {
    // In batches of 100: a thousand at once would overflow the listen backlog, and the kernel
    // would retry the dropped SYNs a second later, stretching every deadline in the test.
    const held: Held[] = [];
    const opening = Date.now();
    for (let batch = 0; batch < 10; batch++) {
      held.push(...(await Promise.all(Array.from({ length: 100 }, () => open(t, '127.0.0.2')))));
    }
    const openingMs = Date.now() - opening;
    const started = Date.now();
    assert.equal((await getJson(t, signaturesPath(t.petitionId))).status, 200);
    assert.ok(Date.now() - started < 1000, 'answered while the idle sockets are open');
    const closedAt = await Promise.race([Promise.all(held.map((h) => h.closedAfter)), within(12_000)]);
    assert.notEqual(closedAt, 'timeout', 'every idle socket is closed');
    const times = closedAt as number[];
    // Turned away: closed by the server with no answer at all. Kept: answered 408 at the deadline.
    const turnedAway = held.filter((h) => h.received() === '').length;
    assert.equal(turnedAway, 1000 - 256, 'beyond 256 from one address, closed unanswered');
    assert.ok(held.every((h) => h.received() === '' || h.received().startsWith('HTTP/1.1 408 ')), 'the kept ones are answered 408');
    assert.ok(openingMs < 5000, `every socket was open before the first deadline (${openingMs} ms)`);
    assert.ok(Math.max(...times) < 5000 + 2500, `the rest at the header deadline (${Math.max(...times)} ms)`);
  });
});

test('headers trickling in are answered 408 at the header deadline', async () => {
  await withService({ headersTimeoutMs: 1000 }, async (t) => {
    const slow = await open(t, '127.0.0.1');
    slow.socket.write(`GET ${signaturesPath(t.petitionId)} HTTP/1.1\r\nHost: x\r\n`);
    const drip = setInterval(() => slow.socket.write('X-Slow: y\r\n'), 150);
    try {
      const closed = await Promise.race([slow.closedAfter, within(4000)]);
      assert.notEqual(closed, 'timeout');
      assert.ok((closed as number) < 2500, `closed after ${closed} ms`);
      assert.match(slow.received(), /^HTTP\/1\.1 408 /);
      assert.deepEqual(JSON.parse(slow.received().split('\r\n\r\n')[1]!), { result: 'failure', messages: ['request: not received in time'] });
    } finally {
      clearInterval(drip);
    }
  });
});

test('a body trickling in is answered 408 at the request deadline', async () => {
  await withService({ headersTimeoutMs: 1000, requestTimeoutMs: 1500 }, async (t) => {
    const slow = await open(t, '127.0.0.1');
    slow.socket.write(`POST ${signaturesPath(t.petitionId)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`);
    const drip = setInterval(() => slow.socket.write('a'), 150);
    try {
      const closed = await Promise.race([slow.closedAfter, within(5000)]);
      assert.notEqual(closed, 'timeout');
      assert.ok((closed as number) >= 1400 && (closed as number) < 3500, `closed after ${closed} ms`);
      assert.match(slow.received(), /^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });
});

test('an idle keep-alive connection is closed after the keep-alive deadline', async () => {
  await withService({ keepAliveTimeoutMs: 500 }, async (t) => {
    const client = await open(t, '127.0.0.1');
    client.socket.write(`GET ${signaturesPath(t.petitionId)}?api_key=${t.consumer.api_key} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const closed = await Promise.race([client.closedAfter, within(3000)]);
    assert.notEqual(closed, 'timeout');
    assert.match(client.received(), /^HTTP\/1\.1 200 /);
    assert.ok((closed as number) < 2000, `closed after ${closed} ms`);
  });
});

test('a cap in all: past it new connections are closed, whoever opens them', async () => {
  await withService({ maxConnections: 30, maxConnectionsPerAddress: 20, headersTimeoutMs: 5000 }, async (t) => {
    const first = await Promise.all(Array.from({ length: 20 }, () => open(t, '127.0.0.2')));
    const second = await Promise.all(Array.from({ length: 20 }, () => open(t, '127.0.0.3')));
    const early = (held: Held[]) => Promise.all(held.map((h) => Promise.race([h.closedAfter, within(500)])));
    assert.equal((await early(first)).filter((v) => v !== 'timeout').length, 0);
    assert.equal((await early(second)).filter((v) => v !== 'timeout').length, 10);
    for (const held of [...first, ...second]) held.socket.destroy();
  });
});
