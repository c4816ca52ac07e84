// The read cache on a clock the test moves: a read taken just after a signature went through is
// kept only until the service has had time to list it, then reads are cached for the full period.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LISTING_DELAY_MS, ReadCache } from '../../src/proxy/read-cache.js';

test('after a signature, an answer is kept only until the service lists it, then for the full period', async () => {
  let now = 1_000_000;
  const cache = new ReadCache(30_000, () => now);
  let loads = 0;
  const load = async () => ({ status: 200, body: String(++loads) });
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
