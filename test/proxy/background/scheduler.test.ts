// The one scheduler of the proxy's background work, on a clock and an alarm the test holds (as an
// edge runtime's alarm would be): work runs when due and not before, the earliest wake wins, a
// run is never doubled, drain() waits for what is due, close() stops everything; and the Node
// timer drives it on its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTimerScheduler, WakeScheduler, type Alarm } from '../../../src/proxy/background/scheduler.js';

function manual() {
  let now = 1_000_000;
  const alarm: Alarm & { at: number | undefined } = {
    at: undefined,
    set(at) {
      this.at = at;
    },
  };
  const logs: string[] = [];
  const scheduler = new WakeScheduler({ alarm, log: (line) => logs.push(line), now: () => now });
  return { scheduler, alarm, logs, advance: (ms: number) => (now += ms), now: () => now };
}

test('work runs when it is due, not before; the alarm is set to the earliest wake', async () => {
  const { scheduler, alarm, advance, now } = manual();
  const runs: number[] = [];
  scheduler.register('job', async () => void runs.push(now()));
  scheduler.wakeAt('job', now() + 5000);
  scheduler.wakeAt('job', now() + 2000);
  scheduler.wakeAt('job', now() + 9000);
  assert.equal(alarm.at, now() + 2000, 'the earliest time asked for wins');
  assert.equal(scheduler.nextWake(), now() + 2000);
  await scheduler.drain();
  assert.deepEqual(runs, [], 'drain() does not run what is not due');
  advance(2000);
  await scheduler.drain();
  assert.equal(runs.length, 1);
  assert.equal(scheduler.nextWake(), undefined, 'one run answers every wake asked for before it');
  assert.equal(alarm.at, undefined);
});

test('a time already past runs the work at once', async () => {
  const { scheduler, now } = manual();
  let runs = 0;
  scheduler.register('job', async () => void runs++);
  scheduler.wakeAt('job', now() - 10);
  assert.equal(runs, 1, 'started within wakeAt');
  await scheduler.drain();
  assert.equal(runs, 1);
});

test('never two runs at once: woken while running, the work runs again once it is done', async () => {
  const { scheduler, now } = manual();
  let running = 0;
  let most = 0;
  let runs = 0;
  let release!: () => void;
  scheduler.register('job', async () => {
    running++;
    most = Math.max(most, running);
    runs++;
    if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    running--;
  });
  scheduler.wakeAt('job', now());
  scheduler.wakeAt('job', now());
  scheduler.wakeAt('job', now());
  assert.equal(runs, 1);
  const drained = scheduler.drain();
  release();
  await drained;
  assert.equal(runs, 2, 'the wakes during the run make one more run');
  assert.equal(most, 1);
});

test('drain() also waits for work that the work it ran woke for now', async () => {
  const { scheduler, advance, now } = manual();
  const order: string[] = [];
  scheduler.register('first', async () => {
    order.push('first');
    scheduler.wakeAt('second', now());
  });
  scheduler.register('second', async () => void order.push('second'));
  scheduler.wakeAt('first', now() + 1);
  advance(1);
  await scheduler.drain();
  assert.deepEqual(order, ['first', 'second']);
});

test('a failing run is logged by its kind only, and the work can be woken again', async () => {
  const { scheduler, logs, now } = manual();
  let runs = 0;
  scheduler.register('job', async () => {
    runs++;
    throw new TypeError('secret detail ada@example.net');
  });
  scheduler.wakeAt('job', now());
  await scheduler.drain();
  scheduler.wakeAt('job', now());
  await scheduler.drain();
  assert.equal(runs, 2);
  assert.deepEqual(logs, ['background work "job" failed (TypeError)', 'background work "job" failed (TypeError)']);
});

test('close() aborts the running work\'s signal, waits for it, and ignores later wakes', async () => {
  const { scheduler, alarm, now } = manual();
  let aborted = false;
  let runs = 0;
  scheduler.register('job', async (signal) => {
    runs++;
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    aborted = signal.aborted;
  });
  scheduler.register('later', async () => undefined);
  scheduler.wakeAt('later', now() + 60_000);
  scheduler.wakeAt('job', now());
  await scheduler.close();
  assert.equal(aborted, true);
  assert.equal(alarm.at, undefined, 'the alarm is cleared');
  scheduler.wakeAt('job', now());
  assert.equal(runs, 1);
});

test('a name is registered once, and only registered names can be woken', () => {
  const { scheduler, now } = manual();
  scheduler.register('job', async () => undefined);
  assert.throws(() => scheduler.register('job', async () => undefined), /registered already/);
  assert.throws(() => scheduler.wakeAt('other', now()), /nothing is registered/);
});

test('on Node, one timer drives it: work woken for 50 ms later runs then', async () => {
  const scheduler = createTimerScheduler(() => undefined);
  const started = Date.now();
  const ran = new Promise<number>((resolve) => scheduler.register('job', async () => resolve(Date.now() - started)));
  scheduler.wakeAt('job', Date.now() + 50);
  // The scheduler's timer is unref'd (it never keeps a process alive): this test must.
  const keepAlive = setTimeout(() => undefined, 5000);
  const after = await ran;
  clearTimeout(keepAlive);
  assert.ok(after >= 45 && after < 1000, `ran after ${after} ms`);
  await scheduler.close();
});
