// The outbox's wait between tries: doubling from the base, ±20 % jitter, and never past the cap,
// jitter included, however many tries an entry has had.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Outbox, retryDelayMs, type RetryTiming } from '../../../src/proxy/outbox/outbox.js';
import type { OutboxEntry, OutboxStore } from '../../../src/proxy/outbox/outbox-store.js';
import { createTimerScheduler } from '../../../src/proxy/background/scheduler.js';

const RETRY: RetryTiming = { baseMs: 1000, maxMs: 300_000 };
const ATTEMPTS = [1, 10, 60, 1000, 1e6, Number.MAX_SAFE_INTEGER];
/** The ends of Math.random's range and a few points between. */
const RANDOMS = [0, 0.25, 0.5, 0.75, 0.999999, 1 - Number.EPSILON];

test('never more than retry.maxMs, jitter included, however many attempts', () => {
  for (const attempts of ATTEMPTS) {
    for (const random of RANDOMS) {
      const delayMs = retryDelayMs(attempts, RETRY, () => random);
      assert.ok(delayMs <= RETRY.maxMs, `attempt ${attempts}, random ${random}: ${delayMs} ms`);
      assert.ok(delayMs >= 0.8 * Math.min(RETRY.maxMs, RETRY.baseMs * 2 ** (attempts - 1)), `attempt ${attempts}, random ${random}: ${delayMs} ms`);
    }
  }
  for (let draw = 0; draw < 10_000; draw++) assert.ok(retryDelayMs(1e6, RETRY) <= RETRY.maxMs);
});

test('below the cap: the base doubling with each attempt, ±20 % jitter', () => {
  assert.equal(retryDelayMs(1, RETRY, () => 0.5), 1000);
  assert.equal(retryDelayMs(1, RETRY, () => 0), 800);
  assert.ok(Math.abs(retryDelayMs(1, RETRY, () => 1 - Number.EPSILON) - 1200) < 1e-6);
  assert.equal(retryDelayMs(4, RETRY, () => 0.5), 8000);
  assert.equal(retryDelayMs(8, RETRY, () => 0.5), 128_000);
});

test('at the cap, retries still spread out (below it)', () => {
  assert.equal(retryDelayMs(60, RETRY, () => 0), 0.8 * RETRY.maxMs);
  assert.equal(retryDelayMs(60, RETRY, () => 0.25), 0.9 * RETRY.maxMs);
  assert.equal(retryDelayMs(60, RETRY, () => 0.75), RETRY.maxMs);
});

/** An in-memory OutboxStore holding one entry that has already been tried `attempts` times. */
function storeWithOneEntry(attempts: number, rescheduled: (nextAttemptAt: number) => void): OutboxStore {
  const entry: OutboxEntry = {
    id: 1,
    petitionId: 1,
    signer: { first_name: 'Ada', last_name: 'Backoff', email: 'ada@example.net', address: '1 Lane', city: 'Springfield', state_province: 'IL', postal_code: '62701', country_code: 'US' },
    attempts,
    nextAttemptAt: 0,
  };
  return {
    add: async () => entry.id,
    firstInLine: async () => ({ ...entry }),
    nextHeld: async () => undefined,
    async reschedule(_id, attempts, nextAttemptAt) {
      rescheduled(nextAttemptAt);
      entry.attempts = attempts;
      entry.nextAttemptAt = nextAttemptAt;
    },
    hold: async () => undefined,
    releaseHeld: async () => 0,
    remove: async () => undefined,
    lineLength: async () => 1,
    close: () => undefined,
  };
}

test('the outbox schedules its tries with it: never past the cap after a million failed tries', async () => {
  // Each reading of the clock moves it a second on, so the entry is due again whenever it is looked
  // at; the delay scheduled is what the outbox added to the time it had just read.
  let clock = 0;
  const now = () => (clock += 1000);
  const delays: number[] = [];
  const retry = { baseMs: 1, maxMs: 5 };
  const scheduler = createTimerScheduler(() => undefined, now);
  const outbox = new Outbox({
    store: storeWithOneEntry(1e6, (nextAttemptAt) => delays.push(nextAttemptAt - clock)),
    deliver: async () => ({ kind: 'retry', reason: 'service answered 503' }),
    onAccepted: () => undefined,
    log: () => undefined,
    retry,
    scheduler,
    now,
  });
  try {
    outbox.kick();
    while (delays.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    await scheduler.close();
  }
  assert.ok(delays.every((delayMs) => delayMs <= retry.maxMs), delays.join(', '));
  assert.ok(delays.some((delayMs) => delayMs < retry.maxMs), 'jitter spreads the tries below the cap');
});
