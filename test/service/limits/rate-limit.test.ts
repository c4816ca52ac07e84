// The fixed windows behind the per-API-key request budget and the per-address budget of failed
// authentications (docs/api.md "Limits"), with `now` set: the budget spent exactly at its size,
// Retry-After, a window ending exactly at its length, what one instance tells the others and
// hears from them (shared-rate-limit.ts), the sweep of ended windows past 10,000 keys, and the
// 429 bodies with the limit watch's count. Issue 31, "Mutation testing as a standing measure".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/service/errors/api-error.js';
import { AuthFailureLimit, ConsumerRateLimit, FixedWindowLimit } from '../../../src/service/limits/rate-limit.js';
import { LimitWatch } from '../../../src/service/metrics/limit-watch.js';
import { ServiceMetrics } from '../../../src/service/metrics/service-metrics.js';
import { createLogger } from '../../../src/shared/observability/logger.js';

/** A minute boundary, then 30 s into that minute: an unaligned start. */
const MINUTE = Date.parse('2026-11-22T10:00:00Z');
const T0 = MINUTE + 30_000;

function countTimes(limit: FixedWindowLimit<string>, key: string, times: number, now: number): void {
  for (let i = 0; i < times; i++) limit.count(key, now);
}

/** How many keys the limit holds: the sweep keeps memory bounded under a flood of addresses. */
function keysHeld(limit: FixedWindowLimit<string>): number {
  return (limit as unknown as { windows: Map<string, unknown> }).windows.size;
}

test('the budget is spent at exactly its size, and Retry-After is the rest of the window', () => {
  const limit = new FixedWindowLimit<string>(5);
  countTimes(limit, 'a', 4, T0);
  assert.equal(limit.retryAfter('a', T0), 0);
  limit.count('a', T0);
  assert.equal(limit.retryAfter('a', T0), 60);
  assert.equal(limit.retryAfter('a', T0 + 1), 60);
  assert.equal(limit.retryAfter('a', T0 + 1_000), 59);
  assert.equal(limit.retryAfter('a', T0 + 59_999), 1);
  assert.equal(limit.retryAfter('b', T0), 0, 'another key has its own budget');
});

test('a window ends exactly its length after its first count, and the next one starts from nothing', () => {
  const limit = new FixedWindowLimit<string>(5);
  countTimes(limit, 'a', 5, T0);
  assert.equal(limit.retryAfter('a', T0 + 60_000), 0);
  countTimes(limit, 'a', 4, T0 + 60_000);
  assert.equal(limit.retryAfter('a', T0 + 60_000), 0, 'the old window\'s counts are not carried over');
  limit.count('a', T0 + 60_000);
  assert.equal(limit.retryAfter('a', T0 + 60_000), 60, 'the new window starts at its first count');
});

test('aligned windows start on the window\'s multiples', () => {
  const limit = new FixedWindowLimit<string>(2, 60_000, true);
  assert.equal(limit.alignedStart(T0), MINUTE);
  assert.equal(limit.alignedStart(MINUTE), MINUTE);
  assert.equal(limit.alignedStart(MINUTE + 59_999), MINUTE);
  countTimes(limit, 'a', 2, T0);
  assert.equal(limit.retryAfter('a', T0), 30);
  assert.equal(limit.retryAfter('a', MINUTE + 60_000), 0);
});

test('takeUnshared tells each key\'s count since the last call, once, and nothing of an ended window', () => {
  const limit = new FixedWindowLimit<string>(100, 60_000, true);
  assert.deepEqual(limit.takeUnshared(T0), []);
  countTimes(limit, 'a', 3, T0);
  limit.count('b', T0);
  assert.deepEqual(limit.takeUnshared(T0), [
    { key: 'a', startedAt: MINUTE, unshared: 3 },
    { key: 'b', startedAt: MINUTE, unshared: 1 },
  ]);
  assert.deepEqual(limit.takeUnshared(T0), [], 'told once');
  countTimes(limit, 'a', 2, T0 + 1);
  assert.deepEqual(limit.takeUnshared(T0 + 1), [{ key: 'a', startedAt: MINUTE, unshared: 2 }]);
  limit.count('a', T0 + 2);
  assert.deepEqual(limit.takeUnshared(MINUTE + 60_000), [], 'the window ended exactly at its length');
  // Skipped while the window had ended is not taken as told: within the window it still is told.
  limit.count('c', MINUTE + 59_999);
  assert.deepEqual(limit.takeUnshared(MINUTE + 59_999), [
    { key: 'a', startedAt: MINUTE, unshared: 1 },
    { key: 'c', startedAt: MINUTE, unshared: 1 },
  ]);
});

test('what the others counted in the same window joins this instance\'s count', () => {
  const limit = new FixedWindowLimit<string>(5, 60_000, true);
  countTimes(limit, 'a', 2, T0);
  limit.takeUnshared(T0);
  // Every instance together told of 4: the 2 counted here and 2 elsewhere.
  limit.heard('a', MINUTE, 4, T0);
  assert.equal(limit.retryAfter('a', T0), 0);
  // Now 5 in all: spent.
  limit.heard('a', MINUTE, 5, T0);
  assert.equal(limit.retryAfter('a', T0), 30);
  // A total below what this instance told (an old read) counts nothing elsewhere.
  limit.heard('a', MINUTE, 1, T0);
  assert.equal(limit.retryAfter('a', T0), 0);
  countTimes(limit, 'a', 3, T0);
  assert.equal(limit.retryAfter('a', T0), 30);
});

test('a total heard for another window than the current one is not counted', () => {
  const limit = new FixedWindowLimit<string>(5, 60_000, true);
  limit.count('a', T0);
  limit.takeUnshared(T0);
  limit.heard('a', MINUTE - 60_000, 50, T0);
  assert.equal(limit.retryAfter('a', T0), 0);
  limit.heard('b', MINUTE, 5, T0);
  assert.equal(limit.retryAfter('b', T0), 30, 'a key first heard of takes the others\' count');
});

test('past 10,000 keys, windows that ended are dropped before another key is added', () => {
  const limit = new FixedWindowLimit<string>(1);
  for (let i = 0; i < 9_999; i++) limit.count(`ended-${i}`, T0);
  limit.count('live', T0 + 1);
  assert.equal(keysHeld(limit), 10_000);
  // A key whose window ended is renewed in place: no sweep.
  limit.count('ended-0', T0 + 60_000);
  assert.equal(keysHeld(limit), 10_000);
  // The 10,001st key: the 9,998 other windows that ended exactly now go; the live one stays.
  limit.count('new', T0 + 60_000);
  assert.equal(keysHeld(limit), 3);
  assert.equal(limit.retryAfter('live', T0 + 60_000), 1);
  assert.equal(limit.retryAfter('ended-0', T0 + 60_000), 60);
});

test('below 10,000 keys nothing is swept, even windows that ended', () => {
  const limit = new FixedWindowLimit<string>(1);
  for (let i = 0; i < 9_999; i++) limit.count(`ended-${i}`, T0);
  limit.count('new', T0 + 60_000);
  assert.equal(keysHeld(limit), 10_000);
  const few = new FixedWindowLimit<string>(1);
  few.count('a', T0);
  few.count('b', T0 + 60_000);
  few.count('a', T0 + 120_000);
  assert.equal(keysHeld(few), 2);
});

function watched() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ format: 'json', level: 'info', destination: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = new ServiceMetrics({ processMetrics: false });
  const reached = async (limit: string) => {
    const text = await metrics.registry.metrics();
    return Number(new RegExp(`^petition_service_limit_reached_total\\{limit="${limit}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  };
  return { lines, watch: new LimitWatch(metrics, logger), reached };
}

function refusal(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    return error;
  }
  assert.fail('not refused');
}

test('a consumer\'s request past its budget is 429 with the budget and Retry-After, counted by the limit watch', async () => {
  const { lines, watch, reached } = watched();
  const limit = new ConsumerRateLimit(3, false, watch);
  for (let i = 0; i < 3; i++) limit.take(7, T0);
  const error = refusal(() => limit.take(7, T0 + 1_000));
  assert.equal(error.status, 429);
  assert.deepEqual(error.messages, ['api_key: more than 3 requests a minute; retry after 59 s']);
  assert.deepEqual(error.headers, { retryAfter: 59 });
  assert.equal(await reached('consumer_rate'), 1);
  assert.deepEqual(lines.map(({ time: _time, ...rest }) => rest), [{ level: 'warn', msg: 'limit reached', limit: 'consumer_rate', consumer_id: 7 }]);
  limit.take(8, T0 + 1_000);
});

test('a consumer\'s window starts at its first request unless instances share the budget', () => {
  const own = new ConsumerRateLimit(1);
  own.take(7, T0);
  assert.deepEqual(refusal(() => own.take(7, T0)).headers, { retryAfter: 60 });
  const shared = new ConsumerRateLimit(1, true);
  shared.take(7, T0);
  assert.deepEqual(refusal(() => shared.take(7, T0)).headers, { retryAfter: 30 });
});

test('failed authentications past the budget are 429 with Retry-After, counted by the limit watch without the address', async () => {
  const { lines, watch, reached } = watched();
  const limit = new AuthFailureLimit(2, 64, watch);
  limit.recordFailure('192.0.2.1', T0);
  limit.refuseIfSpent('192.0.2.1', T0);
  limit.recordFailure('192.0.2.1', T0);
  const error = refusal(() => limit.refuseIfSpent('192.0.2.1', T0 + 20_000));
  assert.equal(error.status, 429);
  assert.deepEqual(error.messages, ['too many failed authentications from this address; retry after 40 s']);
  assert.deepEqual(error.headers, { retryAfter: 40 });
  assert.equal(await reached('auth_failures'), 1);
  assert.deepEqual(lines.map(({ time: _time, ...rest }) => rest), [{ level: 'warn', msg: 'limit reached', limit: 'auth_failures' }]);
  const unwatched = new AuthFailureLimit(1, 64);
  unwatched.recordFailure('192.0.2.1', T0);
  assert.equal(refusal(() => unwatched.refuseIfSpent('192.0.2.1', T0)).status, 429);
});
