// The console's sign-in budgets at their boundaries, with `now` set, on the service's real
// database (a SQLite file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres): 10 attempts per
// client network and 20 per email in a 15-minute window begun by the first, the email in any
// case or with spaces, an IPv6 client by its /64, and counts that outlive the process that made
// them. console-auth.test.ts and sign-in-burst.test.ts have them over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL, SIGN_IN_WINDOW_MS, SignInLimit } from '../../../src/service/limits/sign-in-limit.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { newTestDatabase } from '../test-database.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const SPELLINGS = ['Operator@Example.org ', '  OPERATOR@EXAMPLE.ORG', '\toperator@Example.Org\n', 'oPeRaToR@example.org'];

let dir: string;
let database: string;
const opened: Store[] = [];
async function openLimit(): Promise<SignInLimit> {
  const store = createStore(await openStoreEngine(database));
  opened.push(store);
  return new SignInLimit(store, 64);
}
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sign-in-limit-'));
  database = await newTestDatabase(dir);
});
after(async () => {
  for (const store of opened) await store.db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function allowed(limit: SignInLimit, address: string, email: string, now: number): Promise<boolean> {
  return (await limit.reserve(address, email, now)).allowed;
}

describe('per client network', () => {
  test('the 10th attempt from an address is allowed, the 11th refused with the seconds left in the window', async () => {
    const limit = await openLimit();
    for (let i = 1; i <= FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal(await allowed(limit, '192.0.2.1', `a${i}@example.org`, NOW + i), true, `attempt ${i}`);
    const refused = await limit.reserve('192.0.2.1', 'fresh@example.org', NOW + 1001);
    assert.deepEqual(refused, { allowed: false, retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 - 1 }, 'the window began at the first attempt, NOW + 1');
    assert.equal(await allowed(limit, '192.0.2.2', 'fresh@example.org', NOW + 1000), true, 'the next address is another client');
    assert.equal(await allowed(limit, '::ffff:192.0.2.1', 'fresh@example.org', NOW + 1000), false, 'a dual-stack socket\'s spelling of it is the same client');
  });

  test('the window ends exactly 15 minutes after its first attempt: a millisecond before, refused; at it, a new window', async () => {
    const limit = await openLimit();
    const start = NOW + 3_600_000;
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal(await allowed(limit, '192.0.2.3', `b${i}@example.org`, start + i * 1000), true);
    const lastMs = start + SIGN_IN_WINDOW_MS - 1;
    assert.deepEqual(await limit.reserve('192.0.2.3', 'c@example.org', lastMs), { allowed: false, retryAfterSeconds: 1 });
    assert.equal(await allowed(limit, '192.0.2.3', 'c@example.org', start + SIGN_IN_WINDOW_MS), true, 'a new window begins');
    for (let i = 2; i <= FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal(await allowed(limit, '192.0.2.3', `d${i}@example.org`, start + SIGN_IN_WINDOW_MS + i), true);
    assert.equal(await allowed(limit, '192.0.2.3', 'e@example.org', start + SIGN_IN_WINDOW_MS + 100), false, 'and holds 10 again');
  });

  test('an IPv6 client is its /64: ten addresses in it spend it, the neighbouring /64 goes on', async () => {
    const limit = await openLimit();
    for (let i = 1; i <= FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal(await allowed(limit, `2001:db8:5:6::${i.toString(16)}`, `v6-${i}@example.org`, NOW), true);
    assert.equal(await allowed(limit, '2001:db8:5:6:ffff:ffff:ffff:ffff', 'v6-x@example.org', NOW), false);
    assert.equal(await allowed(limit, '2001:db8:5:7::1', 'v6-x@example.org', NOW), true);
  });

  test('a refused attempt counts nothing, and a sign-in that succeeded gives its attempt back', async () => {
    const limit = await openLimit();
    const start = NOW + 7_200_000;
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS - 1; i++) assert.equal(await allowed(limit, '192.0.2.4', `f${i}@example.org`, start), true);
    const right = await limit.reserve('192.0.2.4', 'ok@example.org', start);
    assert.ok(right.allowed);
    await limit.giveBack(right.reservation);
    assert.equal(await allowed(limit, '192.0.2.4', 'g@example.org', start), true, 'the 10th failure');
    for (let i = 0; i < 5; i++) assert.equal(await allowed(limit, '192.0.2.4', 'victim@example.org', start), false);
    assert.equal(await allowed(limit, '192.0.2.5', 'victim@example.org', start), true, 'the refused five were not counted against the email');
  });
});

describe('per email', () => {
  test('attempts under any spelling of one email fill one budget of 20: the 20th allowed, the 21st refused in every spelling', async () => {
    const limit = await openLimit();
    // A fresh address every few attempts, so only the per-email budget can run out.
    const addressOf = (attempt: number) => `198.51.100.${Math.floor(attempt / (FAILED_SIGN_INS_PER_ADDRESS - 1))}`;
    for (let attempt = 0; attempt < FAILED_SIGN_INS_PER_EMAIL; attempt++) {
      assert.equal(await allowed(limit, addressOf(attempt), SPELLINGS[attempt % SPELLINGS.length]!, NOW), true, `attempt ${attempt + 1}`);
    }
    for (const spelling of ['operator@example.org', ...SPELLINGS]) assert.equal(await allowed(limit, '203.0.113.1', spelling, NOW), false, JSON.stringify(spelling));
    assert.equal(await allowed(limit, '203.0.113.1', 'other@example.org', NOW), true, 'another email has its own budget');
  });
});

test('the counts live in the database: a limit opened afresh (a restarted service) refuses the spent address', async () => {
  const first = await openLimit();
  const start = NOW + 10_800_000;
  for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal(await allowed(first, '192.0.2.9', `h${i}@example.org`, start), true);
  const second = await openLimit();
  assert.equal(await allowed(second, '192.0.2.9', 'i@example.org', start + 1), false);
});

test('ended windows are forgotten by the upkeep, and only those', async () => {
  const limit = await openLimit();
  const store = opened.at(-1)!;
  const later = NOW + 86_400_000;
  await limit.reserve('192.0.2.200', 'old@example.org', later);
  await limit.reserve('192.0.2.201', 'new@example.org', later + 1);
  await limit.forgetEnded(later + SIGN_IN_WINDOW_MS + 1);
  const left = await store.db.prepare<[number], { started_at: number }>('SELECT started_at FROM sign_in_attempts WHERE started_at >= ? ORDER BY started_at').all(later);
  assert.deepEqual(left.map((row) => row.started_at), [later + 1, later + 1]);
});

test('windows counted by the running release still count after an upgrade: the stored keys are `address:` and `email:` with the value, hashed', async () => {
  // Instances of two releases share one database during a rolling upgrade, and a restart reads
  // what the last one counted: these keys are what the released service writes for 192.0.2.77
  // and upgrade@example.org (SHA-256, base64url), each budget spent.
  const limit = await openLimit();
  const store = opened.at(-1)!;
  const start = NOW + 172_800_000;
  const insert = store.db.prepare<[string, number, number]>('INSERT INTO sign_in_attempts (key, started_at, count) VALUES (?, ?, ?)');
  await insert.run('0wuM70XI9xXLZS5hJ52zxQhj2nNwmJXkHADnHFEad2w', start, 10);
  await insert.run('gLGYbTaKFCPTfZxAJEZdZXvnJwnExgzj4FNigHDW8dM', start, 20);
  assert.deepEqual(await limit.reserve('192.0.2.77', 'someone@example.org', start + 1000), { allowed: false, retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 - 1 });
  assert.deepEqual(await limit.reserve('192.0.2.78', ' Upgrade@Example.org', start + 1000), { allowed: false, retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 - 1 });
  assert.equal(await allowed(limit, '192.0.2.78', 'someone@example.org', start + 1000), true, 'neither budget is another’s');
});
