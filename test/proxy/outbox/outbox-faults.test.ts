// The outbox when things go wrong on this side: a failing disk while forwarding, a proxy killed
// right after answering "queued", and the service refusing this proxy's own credentials (401).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../../../src/proxy/outbox/outbox.js';
import { openOutboxDatabase } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { createTimerScheduler } from '../../../src/proxy/background/scheduler.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

test('an unexpected error while forwarding (a failing disk, say) keeps the entry and is tried again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-outbox-'));
  const store = openOutboxDatabase(dir);
  const logs: string[] = [];
  let calls = 0;
  const scheduler = createTimerScheduler((line) => logs.push(line));
  const outbox = new Outbox({
    store,
    deliver: async () => {
      calls++;
      if (calls === 1) throw new Error('EIO: i/o error, write /data/proxy/auth-keys.json');
      return { kind: 'accepted' };
    },
    onAccepted: () => undefined,
    log: (line) => logs.push(line),
    retry: { baseMs: 10, maxMs: 50 },
    scheduler,
  });
  try {
    await outbox.queue({
      petitionId: 1,
      signer: { first_name: 'Ada', last_name: 'Disk', email: 'ada@example.net', address: '1 Lane', city: 'Springfield', state_province: 'IL', postal_code: '62701', country_code: 'US' },
    });
    await eventually(async () => !(await outbox.hasWaiting()), 5000, 'the entry to be delivered on a later try');
    assert.equal(calls, 2);
    assert.ok(logs.some((line) => /forwarding interrupted \(Error\)/.test(line)), logs.join('\n'));
    assert.ok(!logs.some((line) => line.includes('EIO') || line.includes('ada@example.net')), logs.join('\n'));
  } finally {
    await scheduler.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a proxy killed right after answering "queued"', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('loses nothing: the next proxy on the same dataDir delivers it', async () => {
    const petition = stack.petitionIds[0]!;
    await stack.stopProxy();
    await stack.stopService();
    const child = await stack.spawnProxy();
    try {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
        json: signer(stack, { first_name: 'Killed', last_name: 'Proxy' }),
      });
      assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    } finally {
      // No clean shutdown: whatever was not on disk when "queued" was answered is gone.
      await child.kill();
    }

    await stack.startService();
    await stack.startProxy();
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Killed Proxy');
    }, 10_000, 'the signature queued by the killed proxy to be listed');
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a queued signature the service refuses with 401 (this proxy\'s credentials or clock)', () => {
  let stack: Stack;
  /** While set, submissions reach the real service with a wrong rsig, as with a rotated secret. */
  let wrongSignature = false;
  before(async () => {
    stack = await new Stack({
      proxy: {
        fetch: async (input, init) => {
          if (wrongSignature && init?.method === 'POST' && String(input).endsWith('/signatures')) {
            return fetch(input, { ...init, body: String(init.body).replace(/rsig=[0-9a-f]+$/, `rsig=${'0'.repeat(64)}`) });
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('is kept and delivered once the proxy is fixed, not removed', async () => {
    const petition = stack.petitionIds[0]!;
    // Set before anything is sent, so no try of this signature can reach the service unaltered.
    wrongSignature = true;
    await stack.stopService();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Refused', last_name: 'Credentials' }),
    });
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    stack.relay.reset();
    await stack.startService();
    await eventually(() => stack.relay.count(`POST /v1/petitions/${petition}/signatures`) >= 2, 5000, 'two refused tries');
    wrongSignature = false;
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Refused Credentials');
    }, 10_000, 'the queued signature to be listed');
    assert.ok(stack.logs.some((line) => /held, not removed: .*\(401: .*refused this proxy's credentials/.test(line)), stack.logs.join('\n'));
    assert.ok(!stack.logs.some((line) => line.includes('and removed')), stack.logs.join('\n'));
    assert.deepEqual(stack.leaks(), []);
  });
});
