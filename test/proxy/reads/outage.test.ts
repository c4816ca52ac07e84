// Through an outage of the service (issue 10): the proxy serves the last good answer of each read
// it has served, marked X-Petition-Stale: 1 (and `stale: true` in the summary), for up to
// staleForSeconds, also after a restart; a read never answered before is a 503. After a failure
// reads leave the service alone for readPauseMs. A real service behind the counting relay.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { ProxyOptions } from '../../../src/proxy/index.js';
import { stateDatabasePath } from '../../../src/proxy/config/state-database.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';

// Each test file runs in its own process, so this umask is this file's alone.
process.umask(0o022);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STALE = 'x-petition-stale';
const UNAVAILABLE = { result: 'failure', messages: ['The petition service is unavailable. Try again later.'] };

const summaryPath = (petition: number) => `/api/petitions/${petition}`;
const recentPath = (petition: number) => `/api/petitions/${petition}/signatures/recent`;
const pagePath = (petition: number, page = 1) => `/api/petitions/${petition}/signatures?page=${page}&page_size=2`;
/** The three reads the elements make, each a separate last good answer. */
const reads = (petition: number) => [summaryPath(petition), recentPath(petition), pagePath(petition)];

interface Read {
  status: number;
  stale: boolean;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
}

async function read(stack: Stack, path: string): Promise<Read> {
  const answer = await stack.call('GET', path);
  return { status: answer.status, stale: answer.headers[STALE] === '1', body: answer.json() as Record<string, unknown>, retryAfter: answer.headers['retry-after'] };
}

/** Lets the service answer the proxy's reads about `petition` with `status` (and Retry-After), as a failing one would. */
function failingFetch(state: { status: number | undefined; retryAfter?: string }): typeof fetch {
  return async (input, init) => {
    if (state.status === undefined || (init?.method ?? 'GET') !== 'GET') return fetch(input, init);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (state.retryAfter !== undefined) headers['retry-after'] = state.retryAfter;
    return new Response('{"result":"failure","messages":["Something went wrong."]}', { status: state.status, headers });
  };
}

/** What a read says that the service decides (the summary's own `stale` flag left out). */
function content(body: Record<string, unknown>): unknown {
  const { stale: _stale, ...rest } = body;
  return rest;
}

async function startedStack(config: Record<string, unknown> = {}, proxy: ProxyOptions = {}): Promise<Stack> {
  // cacheSeconds 0: every read reaches the upstream reads, so what is tested is the last good answers, not the memory cache.
  const stack = await new Stack({ seedPerPetition: 5, config: { cacheSeconds: 0, ...config }, proxy: { readPauseMs: 100, ...proxy } }).start();
  await keysDecided(stack.proxy!);
  stack.storedKeys();
  return stack;
}

describe('a service outage: last good answers, stale', () => {
  let stack: Stack;
  let petition: number;
  const before_: Record<string, unknown> = {};
  before(async () => {
    stack = await startedStack();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  test('while the service answers, reads are fresh: no header, `stale: false`', async () => {
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, false, path);
      before_[path] = answer.body;
    }
    assert.equal((before_[summaryPath(petition)] as { stale: boolean }).stale, false);
  });

  test('the service stopped: summary, recent and the page are the last good answers, marked stale', async () => {
    await stack.stopService();
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, true, path);
      assert.deepEqual(content(answer.body), content(before_[path] as Record<string, unknown>), path);
    }
    const summary = (await read(stack, summaryPath(petition))).body;
    assert.equal(summary.stale, true);
    assert.equal(summary.accepting_signatures, true, 'the form still renders');
    assert.ok(stack.logs.some((line) => line.startsWith('reads: the petition service cannot answer (petition service unreachable)')), stack.logs.join('\n'));
  });

  test('a read never answered before is 503 with Retry-After and nothing of the service\'s reasons', async () => {
    for (const path of [pagePath(petition, 2), `/api/petitions/${petition}/signatures?page=1&page_size=3`]) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 503, path);
      assert.ok(Number(answer.retryAfter) >= 1, path);
      assert.deepEqual(answer.body, UNAVAILABLE, path);
    }
  });

  test('signing works meanwhile (queued), and once the service is back the reads are fresh and list it', async () => {
    const fields = signer(stack, { first_name: 'Outage', last_name: 'Signer' });
    const signing = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(signing.status, 202);
    assert.deepEqual(signing.json(), { result: 'success', messages: [QUEUED_MESSAGE] });

    await stack.startService();
    await sleep(150); // the read pause (100 ms) after the last failure
    await eventually(async () => {
      const answer = await read(stack, recentPath(petition));
      return answer.status === 200 && !answer.stale && (answer.body as unknown as Array<{ name: string }>).some((s) => s.name === 'Outage Signer');
    }, 10_000, 'the queued signature listed');
    for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);
    const summary = (await read(stack, summaryPath(petition))).body;
    assert.equal(summary.stale, false);
    assert.equal(summary.signature_count, 6);
    assert.ok(stack.logs.includes('reads: the petition service answers again'));
  });

  test('state.sqlite (the last good answers), its -wal and -shm are 0600', () => {
    const database = stateDatabasePath(stack.config.dataDir);
    for (const file of [database, `${database}-wal`, `${database}-shm`]) assert.equal((statSync(file).mode & 0o777).toString(8), '600', file);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('the last good answers are durable: a proxy restarted during the outage still serves them', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack()));
  after(() => stack.close());

  test('read, stop the service, restart the proxy on the same data folder: stale, not 503', async () => {
    const petition = stack.petitionIds[0]!;
    const fresh = new Map<string, unknown>();
    for (const path of reads(petition)) fresh.set(path, content((await read(stack, path)).body));
    await stack.stopService();
    await stack.stopProxy();
    await stack.startProxy();
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, true, path);
      assert.deepEqual(content(answer.body), fresh.get(path), path);
    }
  });
});

describe('staleForSeconds: an answer older than it is not served', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack({ staleForSeconds: 1 })));
  after(() => stack.close());

  test('stale within the second, 503 after it', async () => {
    const petition = stack.petitionIds[0]!;
    for (const path of reads(petition)) assert.equal((await read(stack, path)).status, 200, path);
    await stack.stopService();
    for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, true, path);
    await sleep(1100);
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 503, path);
      assert.deepEqual(answer.body, UNAVAILABLE, path);
    }
  });
});

describe('lastGoodMaxEntries: past it, the pages saved longest ago go first', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack({}, { lastGoodMaxEntries: 3 })));
  after(() => stack.close());

  test('of five pages read, the last three are kept', async () => {
    const petition = stack.petitionIds[0]!;
    const pages = [1, 2, 3, 4, 5].map((page) => `/api/petitions/${petition}/signatures?page=${page}&page_size=1`);
    for (const path of pages) {
      assert.equal((await read(stack, path)).status, 200, path);
      await sleep(5); // distinct saving times
    }
    await stack.stopService();
    const statuses = [];
    for (const path of pages) statuses.push((await read(stack, path)).status);
    assert.deepEqual(statuses, [503, 503, 200, 200, 200]);
  });
});

describe('a service that answers 500 or 429 gives the last good answer too', () => {
  const failing: { status: number | undefined; retryAfter?: string } = { status: undefined };
  let stack: Stack;
  before(async () => (stack = await startedStack({}, { fetch: failingFetch(failing) })));
  after(() => stack.close());

  for (const status of [500, 429]) {
    test(`${status}: summary, recent and the page are stale; fresh again once it answers`, async () => {
      const petition = stack.petitionIds[0]!;
      for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);
      failing.status = status;
      for (const path of reads(petition)) {
        const answer = await read(stack, path);
        assert.equal(answer.status, 200, path);
        assert.equal(answer.stale, true, path);
      }
      assert.equal((await read(stack, summaryPath(petition))).body.stale, true);
      failing.status = undefined;
      await sleep(150);
      for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);
    });
  }

  test('a 429\'s Retry-After longer than the pause holds reads back for as long', async () => {
    const petition = stack.petitionIds[0]!;
    Object.assign(failing, { status: 429, retryAfter: '1' });
    const refusedAt = Date.now();
    assert.equal((await read(stack, summaryPath(petition))).stale, true);
    Object.assign(failing, { status: undefined, retryAfter: undefined });
    await sleep(300); // past readPauseMs (100 ms), within the second asked for
    assert.equal((await read(stack, summaryPath(petition))).stale, true);
    assert.ok(Date.now() - refusedAt < 1000);
    await sleep(1000 - (Date.now() - refusedAt) + 50);
    assert.equal((await read(stack, summaryPath(petition))).stale, false);
  });
});

describe('the read pause: after a failure, reads leave the service alone for readPauseMs', () => {
  const PAUSE_MS = 1500;
  let stack: Stack;
  before(async () => (stack = await startedStack({}, { readPauseMs: PAUSE_MS })));
  after(() => stack.close());

  test('during the pause reads are stale without asking the service; after it they ask again', async () => {
    const petition = stack.petitionIds[0]!;
    const upstreamReads = () =>
      ['', '/signatures', '/signatures/recent'].reduce((sum, path) => sum + stack.relay.count(`GET /v1/petitions/${petition}${path}`), 0);
    for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);

    await stack.stopService();
    stack.relay.reset();
    const failedAt = Date.now();
    assert.equal((await read(stack, summaryPath(petition))).stale, true);
    assert.equal(upstreamReads(), 1, 'the read that found the service down');

    await stack.startService();
    for (let i = 0; i < 5; i++) for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, true, path);
    assert.ok(Date.now() - failedAt < PAUSE_MS, 'the reads above were within the pause');
    assert.equal(upstreamReads(), 1, 'no read reached the service during the pause');

    await sleep(PAUSE_MS - (Date.now() - failedAt) + 50);
    for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);
    assert.equal(upstreamReads(), 4);
  });

  test('a read never answered before, during the pause, is 503 with the pause left as Retry-After', async () => {
    const petition = stack.petitionIds[0]!;
    stack.relay.answers.set(`GET /v1/petitions/${petition}/signatures/recent`, { status: 500, body: '{"result":"failure","messages":["x"]}' });
    assert.equal((await read(stack, recentPath(petition))).stale, true);
    stack.relay.answers.clear();
    stack.relay.reset();
    const answer = await read(stack, pagePath(petition, 3));
    assert.equal(answer.status, 503);
    assert.equal(answer.retryAfter, String(Math.ceil(PAUSE_MS / 1000)));
    assert.equal(stack.relay.count(`GET /v1/petitions/${petition}/signatures`), 0);
  });
});
