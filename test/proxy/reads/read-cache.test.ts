// The read cache: on a clock the test moves, a read taken just after a signature went through is
// kept only until the service has had time to list it, then for the full period; and only 200
// answers are kept, so a service that is back is seen at once, against a real one too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LISTING_DELAY_MS, ReadCache, type ReadAnswer } from '../../../src/proxy/reads/read-cache.js';
import { Stack, keysDecided } from '../stack.js';

test('after a signature, an answer is kept only until the service lists it, then for the full period', async () => {
  let now = 1_000_000;
  const cache = new ReadCache(30_000, () => now);
  let loads = 0;
  const load = async () => ({ body: String(++loads), stale: false, etag: `"${loads}"` });
  const read = () => cache.get('/petitions/1/signatures/recent?', 1, load);

  assert.equal((await read()).body, '1');
  now += 10_000;
  assert.equal((await read()).body, '1', 'cached within the period');

  cache.invalidate(1);
  now += 10;
  assert.equal((await read()).body, '2', 'a signature went through: read again');
  now += LISTING_DELAY_MS / 2;
  assert.equal((await read()).body, '2', 'still cached while the service may be listing it');
  now += LISTING_DELAY_MS / 2;
  assert.equal((await read()).body, '3', 'not kept past the listing delay');
  now += 20_000;
  assert.equal((await read()).body, '3', 'then cached for the full period again');
  assert.equal(loads, 3);
});

test('a failed read is not kept: the next reader asks again, and a success is kept', async () => {
  const cache = new ReadCache(30_000, () => 1_000_000);
  const answers: Array<Error | ReadAnswer> = [new Error('unavailable'), { body: 'back', stale: false, etag: '"b"' }, { body: 'later', stale: false, etag: '"l"' }];
  const read = () =>
    cache.get('/petitions/1/signatures/recent?', 1, async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
  await assert.rejects(read(), /unavailable/);
  assert.deepEqual(await read(), { body: 'back', stale: false, etag: '"b"' });
  assert.deepEqual(await read(), { body: 'back', stale: false, etag: '"b"' }, 'the success is kept');
});

describe('reads with cacheSeconds 30 while the service is stopped or failing', () => {
  let stack: Stack;
  /** While set, the service answers every read 500, as with a failing database. */
  let failing = false;
  before(async () => {
    stack = await new Stack({
      petitionCount: 2,
      config: { cacheSeconds: 30 },
      proxy: {
        // Reads ask the service again at once after a failure: this is about the cache alone.
        readPauseMs: 0,
        fetch: async (input, init) =>
          failing && init?.method === 'GET'
            ? new Response('{"result":"failure","messages":["Something went wrong."]}', { status: 500 })
            : fetch(input, init),
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  const reads = (petition: number) => [
    `/api/petitions/${petition}`,
    `/api/petitions/${petition}/signatures?page=1&page_size=5`,
    `/api/petitions/${petition}/signatures/recent`,
  ];

  test('a 503 while the service is stopped is not served once it is back: the next read is 200', async () => {
    const petition = stack.petitionIds[0]!;
    await stack.stopService();
    for (const path of reads(petition)) assert.equal((await stack.call('GET', path)).status, 503, path);
    await stack.startService();
    for (const path of reads(petition)) assert.equal((await stack.call('GET', path)).status, 200, path);
  });

  test('a 503 while the service answers 500 is not served once it answers again: the next read is 200', async () => {
    const petition = stack.petitionIds[1]!;
    failing = true;
    for (const path of reads(petition)) assert.equal((await stack.call('GET', path)).status, 503, path);
    failing = false;
    for (const path of reads(petition)) assert.equal((await stack.call('GET', path)).status, 200, path);
  });
});
