// The last good answers' limits and the failures that call for them: served for staleForSeconds
// and not after, at most lastGoodMaxEntries of them, given for a 500 or a 429 too, and after a
// failure reads leave the service alone for readPauseMs. A real service behind the counting relay.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack } from '../stack.js';
import { UNAVAILABLE, failingFetch, pagePath, read, reads, recentPath, sleep, startedStack, summaryPath } from './outage-fixture.js';

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
