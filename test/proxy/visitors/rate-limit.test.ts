// The per-key limits (src/proxy/visitors/rate-limit.ts) and the per-client ones that count an
// IPv6 client by its network (src/proxy/visitors/client-limit.ts): so many events a one-minute
// window, then refusals with the whole seconds until the window ends (Retry-After).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ClientLimit } from '../../../src/proxy/visitors/client-limit.js';
import { FixedWindowLimit } from '../../../src/proxy/visitors/rate-limit.js';
import { memoryRateCounters, type RateCounters } from '../../../src/proxy/visitors/rate-counters.js';

/** A clock the test moves; starts at a time as Date.now gives it. */
function clock() {
  let now = 1_700_000_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('FixedWindowLimit', () => {
  test('perWindow events are allowed, the next one is refused with the seconds left of the minute', async () => {
    const time = clock();
    const limit = new FixedWindowLimit({ counters: memoryRateCounters(), name: 'sign', perWindow: 3, now: time.now });
    for (let i = 0; i < 3; i++) assert.deepEqual(await limit.take('203.0.113.7'), { allowed: true });
    assert.deepEqual(await limit.take('203.0.113.7'), { allowed: false, retryAfterSeconds: 60 });
    time.advance(500);
    assert.deepEqual(await limit.take('203.0.113.7'), { allowed: false, retryAfterSeconds: 60 }, '59.5 s rounds up');
    time.advance(30_100);
    assert.deepEqual(await limit.take('203.0.113.7'), { allowed: false, retryAfterSeconds: 30 }, '29.4 s rounds up');
    time.advance(29_399);
    assert.deepEqual(await limit.take('203.0.113.7'), { allowed: false, retryAfterSeconds: 1 }, '1 ms left');
    time.advance(1);
    assert.deepEqual(await limit.take('203.0.113.7'), { allowed: true }, 'the minute is over: a new window');
  });

  test('one per window: the first is allowed, the second is not', async () => {
    const limit = new FixedWindowLimit({ counters: memoryRateCounters(), name: 'sign', perWindow: 1, now: clock().now });
    assert.deepEqual(await limit.take('k'), { allowed: true });
    assert.equal((await limit.take('k')).allowed, false);
  });

  test('each key, and each limit sharing the counters, is counted apart', async () => {
    const counters = memoryRateCounters();
    const time = clock();
    const signatures = new FixedWindowLimit({ counters, name: 'sign', perWindow: 1, now: time.now });
    const reads = new FixedWindowLimit({ counters, name: 'read', perWindow: 1, now: time.now });
    assert.deepEqual(await signatures.take('a'), { allowed: true });
    assert.deepEqual(await signatures.take('b'), { allowed: true });
    assert.deepEqual(await reads.take('a'), { allowed: true });
    assert.equal((await signatures.take('a')).allowed, false);
    assert.equal((await reads.take('a')).allowed, false);
  });

  test('without a clock, the time is Date.now', async () => {
    const limit = new FixedWindowLimit({ counters: memoryRateCounters(), name: 'sign', perWindow: 0 });
    // Refused at the window's first event: the whole minute is left.
    assert.deepEqual(await limit.take('k'), { allowed: false, retryAfterSeconds: 60 });
  });

  test('a window that ended by this clock but is still counted (counters shared with a clock behind) says 1 second, never less', async () => {
    const time = clock();
    const behind: RateCounters = {
      add: async () => ({ startedAt: time.now() - 61_000, count: 5 }),
      peek: async () => ({ startedAt: time.now() - 61_000, count: 5 }),
    };
    const limit = new FixedWindowLimit({ counters: behind, name: 'sign', perWindow: 1, now: time.now });
    assert.deepEqual(await limit.take('k'), { allowed: false, retryAfterSeconds: 1 });
  });
});

describe('ClientLimit', () => {
  const limitAt = (ipv6Prefix: number) => new ClientLimit({ counters: memoryRateCounters(), name: 'sign', perWindow: 1, now: clock().now, ipv6Prefix });

  test('an IPv6 client is counted by its network of ipv6Prefix bits', async () => {
    const at64 = limitAt(64);
    assert.deepEqual(await at64.take('2001:db8:a:1::1'), { allowed: true });
    assert.equal((await at64.take('2001:db8:a:1:ffff:ffff:ffff:ffff')).allowed, false);
    assert.deepEqual(await at64.take('2001:db8:a:2::1'), { allowed: true }, 'the next /64');
    const at128 = limitAt(128);
    assert.deepEqual(await at128.take('2001:db8:a:1::1'), { allowed: true });
    assert.deepEqual(await at128.take('2001:db8:a:1::2'), { allowed: true });
    assert.equal((await at128.take('2001:db8:a:1::1')).allowed, false);
  });

  test('an IPv4 client by its address, however written', async () => {
    const limit = limitAt(64);
    assert.deepEqual(await limit.take('203.0.113.50'), { allowed: true });
    assert.equal((await limit.take('::ffff:203.0.113.50')).allowed, false);
    assert.deepEqual(await limit.take('203.0.113.51'), { allowed: true });
  });
});
