// The /confirm page's budget of 20 typed codes per client network in 15 minutes, on the service's
// real database (a SQLite file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres), with `now`
// set: the 20th try allowed and the 21st refused, an IPv6 client by its /64, and a budget that
// outlives the process that counted it and that two instances on one database share (issue 31:
// it lived in one instance's memory, so a restart reset it and N instances allowed N x 20).
// confirmation-code.test.ts has it over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfirmationCodeLimit } from '../../../src/service/limits/confirmation-code-limit.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { newTestDatabase } from '../test-database.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const WINDOW_MS = 15 * 60_000;

let dir: string;
let database: string;
const opened: Store[] = [];
/** The limit as one service instance holds it: its own connection to the shared database. */
async function openLimit(): Promise<ConfirmationCodeLimit> {
  const store = createStore(await openStoreEngine(database));
  opened.push(store);
  return new ConfirmationCodeLimit(store, 64);
}
async function closeAll(): Promise<void> {
  for (const store of opened.splice(0)) await store.db.close();
}
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'code-limit-'));
  database = await newTestDatabase(dir);
});
after(async () => {
  await closeAll();
  rmSync(dir, { recursive: true, force: true });
});

test('the 20th code from a network is tried, the 21st waits out the window; the neighbouring /64 and the next IPv4 do not share it', async () => {
  const limit = await openLimit();
  for (let i = 1; i <= 20; i++) assert.equal(await limit.take(`2001:db8:1:2::${i.toString(16)}`, NOW + i), 0, `try ${i}`);
  assert.equal(await limit.take('2001:db8:1:2:ffff::1', NOW + 1001), WINDOW_MS / 1000 - 1, 'the window began at the first try, NOW + 1');
  assert.equal(await limit.take('2001:db8:1:3::1', NOW + 1001), 0);
  for (let i = 0; i < 20; i++) await limit.take('::ffff:192.0.2.1', NOW);
  assert.ok((await limit.take('192.0.2.1', NOW)) > 0, '::ffff:v4 and v4 are one client');
  assert.equal(await limit.take('192.0.2.2', NOW), 0);
});

test('the window ends exactly 15 minutes after its first try: a millisecond before, refused; at it, a new window', async () => {
  const limit = await openLimit();
  const start = NOW + 10 * WINDOW_MS;
  for (let i = 0; i < 20; i++) await limit.take('198.51.100.7', start);
  assert.equal(await limit.take('198.51.100.7', start + WINDOW_MS - 1), 1);
  assert.equal(await limit.take('198.51.100.7', start + WINDOW_MS), 0);
});

test('a restart forgets nothing, and two instances on one database share one budget of 20', async () => {
  const start = NOW + 20 * WINDOW_MS;
  const first = await openLimit();
  const second = await openLimit();
  for (let i = 0; i < 10; i++) {
    assert.equal(await first.take('203.0.113.9', start), 0, `first instance, try ${i + 1}`);
    assert.equal(await second.take('203.0.113.9', start), 0, `second instance, try ${i + 1}`);
  }
  assert.ok((await first.take('203.0.113.9', start)) > 0, 'the 21st, on either instance');
  assert.ok((await second.take('203.0.113.9', start)) > 0);
  await closeAll();
  const restarted = await openLimit();
  assert.ok((await restarted.take('203.0.113.9', start + 1000)) > 0, 'after a restart the budget is still spent');
  assert.equal(await restarted.take('203.0.113.10', start + 1000), 0);
});

test('a window counted by the running release still counts after an upgrade: the stored key is `confirmation-code:` and the network, hashed', async () => {
  // Instances of two releases share one database during a rolling upgrade: this key is what the
  // released service writes for 192.0.2.77 (SHA-256, base64url), its 20 codes spent.
  const limit = await openLimit();
  const store = opened.at(-1)!;
  const start = NOW + 40 * WINDOW_MS;
  await store.db.prepare<[string, number, number]>('INSERT INTO sign_in_attempts (key, started_at, count) VALUES (?, ?, ?)').run('XY6BXNNbzbLqhR5c6P9TIIuSDKBVTMH8Mnbeo6HboAg', start, 20);
  assert.equal(await limit.take('192.0.2.77', start + 1000), WINDOW_MS / 1000 - 1);
  assert.equal(await limit.take('192.0.2.78', start + 1000), 0);
});
