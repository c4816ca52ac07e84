// A queued signature was promised to its signer. When the service refuses it for a fault of this
// system (what the proxy sends, 400/413/415, or its credentials, 401) it is held, never removed:
// the entries behind it go on, new submissions are not queued behind it, it is tried again at the
// backoff's slowest pace and at every start, and it is delivered once the fault is fixed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sqlite } from '../../../src/sqlite.js';
import { openOutboxDatabase, outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

const OWN_FAULTS = [400, 401, 413, 415];

describe('a queued signature the service refuses for a fault of this system', () => {
  let stack: Stack;
  let petition: number;
  /** Signers (by first name) whose submissions the "service" refuses, with the status it gives. */
  const refusing = new Map<string, number>();
  const triedOnce = new Set<string>();
  /** Refused tries, by signer. */
  const refusedTries = new Map<string, number>();

  before(async () => {
    stack = await new Stack({
      proxy: {
        // Stands in for a service that refuses what this proxy sends: the answer a mismatched
        // version or a wrong secret gets, in the spec's error body.
        fetch: async (input, init) => {
          const body = String(init?.body ?? '');
          for (const [name, status] of refusing) {
            if (init?.method !== 'POST' || !body.includes(`first_name=${name}&`)) continue;
            // The first try goes to the (stopped) service, so the signature is queued; every
            // later try is refused.
            if (!triedOnce.has(name)) {
              triedOnce.add(name);
              break;
            }
            refusedTries.set(name, (refusedTries.get(name) ?? 0) + 1);
            return Response.json({ result: 'failure', messages: [`refused with ${status}`] }, { status });
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  async function listedNames(): Promise<string[]> {
    const page = (await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=100`)).json() as { signatures: Array<{ name: string }> };
    return page.signatures.map((s) => s.name);
  }

  for (const status of OWN_FAULTS) {
    test(`${status}: held while the entries behind it go on, then delivered once fixed`, async () => {
      const held = `Held${status}`;
      const behind = `Behind${status}`;
      refusing.set(held, status);
      await stack.stopService();
      for (const first_name of [held, behind]) {
        const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack, { first_name, last_name: 'Queued' }) });
        assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
      }
      await stack.startService();

      await eventually(async () => (await listedNames()).includes(`${behind} Queued`), 10_000, 'the entry behind the held one');
      await eventually(() => stack.logs.some((line) => line.includes(`held, not removed`) && line.includes(`(${status}: refused with ${status})`)), 5000, 'the held log line');
      assert.ok(!(await listedNames()).includes(`${held} Queued`));

      // A new signature is not queued behind a held one: it goes straight through.
      const fresh = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
      assert.deepEqual(received(fresh.json()), { result: 'success' });

      // Still held after three more tries (at retry.maxMs, 200 ms here), and logged once, not per try.
      const refused = () => refusedTries.get(held) ?? 0;
      const refusedBefore = refused();
      await eventually(() => refused() >= refusedBefore + 3, 10_000, 'three more tries of the held entry');
      assert.ok(!(await listedNames()).includes(`${held} Queued`));
      assert.equal(stack.logs.filter((line) => line.includes('held, not removed') && line.includes(`(${status}:`)).length, 1);

      const delivered = () => stack.relay.count(`POST /v1/petitions/${petition}/signatures`);
      const deliveredBefore = delivered();
      refusing.delete(held);
      await eventually(async () => (await listedNames()).includes(`${held} Queued`), 10_000, 'the held entry, delivered once fixed');
      assert.ok(delivered() > deliveredBefore, 'delivered by a try made after the refusal ended, through to the service');
      assert.ok(!stack.logs.some((line) => line.includes('and removed')), stack.logs.join('\n'));
    });
  }

  test('a first try the service refuses for this system\'s fault was promised nothing: the signer hears of it', async () => {
    triedOnce.add('Direct'); // refused from its first try on
    refusing.set('Direct', 413);
    try {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack, { first_name: 'Direct' }) });
      assert.notEqual(answer.status, 202);
      assert.equal((answer.json() as { result: string }).result, 'failure');
    } finally {
      refusing.delete('Direct');
    }
  });

  test('held entries are tried again at once when the proxy starts (a fix comes with a restart)', async () => {
    refusing.set('Restart', 413);
    await stack.stopService();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack, { first_name: 'Restart', last_name: 'Queued' }) });
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    await stack.startService();
    await eventually(() => stack.logs.some((line) => line.includes('held, not removed') && line.includes('(413:')), 5000, 'the entry held');
    await stack.stopProxy();
    refusing.delete('Restart');
    await stack.startProxy();
    await eventually(() => stack.logs.some((line) => /1 held submissions tried again at start/.test(line)), 5000, 'the release at start');
    await eventually(async () => (await listedNames()).includes('Restart Queued'), 10_000, 'the held entry, delivered after the restart');
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

test('an outbox written before holding existed keeps its promised entries when opened', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-outbox-old-'));
  try {
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    // The first version's schema, as a proxy of that version left it.
    const old = new Sqlite(outboxPath(dataDir));
    old.exec(`CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, petition_id INTEGER NOT NULL,
      signer_json TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL)`);
    old.prepare('INSERT INTO outbox (petition_id, signer_json, attempts, next_attempt_at) VALUES (7, ?, 3, 0)').run(JSON.stringify({ first_name: 'Old' }));
    old.close();

    const store = openOutboxDatabase(dataDir);
    try {
      const entry = await store.firstInLine();
      assert.deepEqual(entry, { id: 1, petitionId: 7, signer: { first_name: 'Old' }, attempts: 3, nextAttemptAt: 0 });
      await store.hold(1, '413: too large', 4, 10);
      assert.equal(await store.lineLength(), 0);
      assert.equal((await store.nextHeld())?.heldCause, '413: too large');
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
