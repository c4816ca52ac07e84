// Whether anything waits in the outbox's line (outbox.ts hasWaiting), which decides whether a new
// signature may go straight to the service or must queue behind what is waiting: once the line
// was counted empty it is known empty without asking the file again, until a new entry joins it,
// even one that joins while the count is being taken.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTimerScheduler } from '../../../src/proxy/background/scheduler.js';
import { Outbox } from '../../../src/proxy/outbox/outbox.js';
import { openOutboxDatabase } from '../../../src/proxy/outbox/outbox-sqlite.js';
import type { Delivery } from '../../../src/proxy/outbox/signature-delivery.js';
import { eventually } from '../stack.js';

const entry = (n: number) => ({
  petitionId: 1,
  signer: { first_name: 'Ada', last_name: `Line${n}`, email: `ada.${n}@example.net`, address: '1 Lane', city: 'Springfield', state_province: 'IL', postal_code: '62701', country_code: 'US' },
});

async function withOutbox(deliver: () => Delivery, body: (outbox: Outbox) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-outbox-line-'));
  const store = openOutboxDatabase(dir);
  const scheduler = createTimerScheduler(() => undefined);
  const outbox = new Outbox({ store, deliver: async () => deliver(), onAccepted: () => undefined, log: () => undefined, retry: { baseMs: 10, maxMs: 50 }, scheduler });
  try {
    await body(outbox);
  } finally {
    await scheduler.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an entry that joins while the line is being counted is not missed by the next submission', async () => {
  await withOutbox(() => ({ kind: 'retry', reason: 'service unavailable' }), async (outbox) => {
    // The count starts on an empty line and ends after the entry was added.
    const [countedBefore] = await Promise.all([outbox.hasWaiting(), outbox.queue(entry(1))]);
    assert.equal(countedBefore, false);
    assert.equal(await outbox.hasWaiting(), true, 'the next submission queues behind it');
  });
});

test('a line known empty is waited behind again as soon as an entry joins, and known empty again once it is delivered', async () => {
  let accept = false;
  await withOutbox(() => (accept ? { kind: 'accepted' } : { kind: 'retry', reason: 'service unavailable' }), async (outbox) => {
    assert.equal(await outbox.hasWaiting(), false);
    assert.equal(await outbox.hasWaiting(), false, 'known empty');
    await outbox.queue(entry(2));
    assert.equal(await outbox.hasWaiting(), true);
    await outbox.queue(entry(3));
    assert.equal(await outbox.hasWaiting(), true);
    accept = true;
    outbox.kick();
    await eventually(async () => !(await outbox.hasWaiting()), 5000, 'both delivered');
    await outbox.queue(entry(4));
    assert.equal(await outbox.hasWaiting(), true, 'not the empty line remembered from before');
  });
});
