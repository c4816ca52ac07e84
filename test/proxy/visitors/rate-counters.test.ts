// The in-memory rate counters (src/proxy/visitors/rate-counters.ts): a window per key begun by
// its first event and ended exactly windowMs later, and at most 20,000 keys: past that, ended
// windows go first, then the oldest keys (a renewed key counting as new).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { memoryRateCounters } from '../../../src/proxy/visitors/rate-counters.js';

describe('a key\'s window', () => {
  test('counts from the first event; the window ends exactly windowMs after it, and a new one begins', async () => {
    const counters = memoryRateCounters();
    assert.deepEqual(await counters.add('a', 1_000, 60_000), { startedAt: 1_000, count: 1 });
    assert.deepEqual(await counters.add('a', 30_000, 60_000), { startedAt: 1_000, count: 2 });
    assert.deepEqual(await counters.add('a', 60_999, 60_000), { startedAt: 1_000, count: 3 });
    assert.deepEqual(await counters.add('a', 61_000, 60_000), { startedAt: 61_000, count: 1 });
    assert.deepEqual(await counters.add('a', 61_001, 60_000), { startedAt: 61_000, count: 2 });
  });

  test('keys are counted apart', async () => {
    const counters = memoryRateCounters();
    await counters.add('a', 0, 60_000);
    await counters.add('a', 0, 60_000);
    assert.deepEqual(await counters.add('b', 5, 60_000), { startedAt: 5, count: 1 });
    assert.deepEqual(await counters.peek('a', 5), { startedAt: 0, count: 2 });
  });

  test('each window keeps the length it began with', async () => {
    const counters = memoryRateCounters();
    await counters.add('a', 0, 10);
    assert.deepEqual(await counters.add('a', 9, 60_000), { startedAt: 0, count: 2 });
    assert.deepEqual(await counters.add('a', 10, 60_000), { startedAt: 10, count: 1 });
  });

  test('peek tells the count without counting; none (count 0, starting now) once the window has ended', async () => {
    const counters = memoryRateCounters();
    assert.deepEqual(await counters.peek('a', 500), { startedAt: 500, count: 0 });
    await counters.add('a', 1_000, 60_000);
    assert.deepEqual(await counters.peek('a', 1_000), { startedAt: 1_000, count: 1 });
    assert.deepEqual(await counters.peek('a', 60_999), { startedAt: 1_000, count: 1 });
    assert.deepEqual(await counters.peek('a', 61_000), { startedAt: 61_000, count: 0 });
    assert.deepEqual(await counters.add('a', 60_999, 60_000), { startedAt: 1_000, count: 2 }, 'peek counted nothing');
  });
});

describe('the keys kept', () => {
  test('20,000 by default: the 20,001st live key drops the oldest', async () => {
    const counters = memoryRateCounters();
    for (let i = 0; i < 20_000; i++) await counters.add(`k${i}`, 0, 60_000);
    assert.equal((await counters.peek('k0', 1)).count, 1, 'the 20,000th key dropped none');
    await counters.add('k20000', 1, 60_000);
    assert.equal((await counters.peek('k0', 1)).count, 0);
    assert.equal((await counters.peek('k1', 1)).count, 1);
    assert.equal((await counters.peek('k20000', 1)).count, 1);
  });

  test('past the cap, the oldest live key goes; exactly at it, none', async () => {
    const counters = memoryRateCounters(3);
    for (const key of ['a', 'b', 'c']) await counters.add(key, 0, 60_000);
    assert.deepEqual(await Promise.all(['a', 'b', 'c'].map(async (key) => (await counters.peek(key, 1)).count)), [1, 1, 1]);
    await counters.add('d', 1, 60_000);
    assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd'].map(async (key) => (await counters.peek(key, 1)).count)), [0, 1, 1, 1]);
  });

  test('ended windows go before any live key, however old that is; one that ends exactly now has ended', async () => {
    const counters = memoryRateCounters(3);
    // Clock times as Date.now gives them.
    const t = 1_700_000_000_000;
    await counters.add('old-live', t, 60_000);
    await counters.add('ended', t + 10, 90);
    await counters.add('live', t + 20, 60_000);
    await counters.add('new', t + 100, 60_000);
    assert.equal((await counters.peek('old-live', t + 100)).count, 1);
    assert.equal((await counters.peek('live', t + 100)).count, 1);
    assert.equal((await counters.peek('new', t + 100)).count, 1);
  });

  test('a key whose window was renewed counts as the newest', async () => {
    const counters = memoryRateCounters(2);
    await counters.add('a', 0, 10);
    await counters.add('b', 5, 60_000);
    await counters.add('a', 20, 60_000);
    assert.equal((await counters.peek('b', 20)).count, 1, 'a renewal at the cap makes its own room');
    await counters.add('c', 30, 60_000);
    assert.equal((await counters.peek('b', 30)).count, 0, 'the oldest, b, went');
    assert.equal((await counters.peek('a', 30)).count, 1);
    assert.equal((await counters.peek('c', 30)).count, 1);
  });
});
