// The opt-ins a signer ticked reach the service (issue 20): the proxy sends their ids with the
// signature (opt_ins), an empty value when none was ticked, also when the signature waited in
// the outbox through an outage; an outbox entry queued before this version, which has none,
// still delivers, and the service then does not know its opt-ins (null) rather than counting
// it as ticking none. No opt-in id is written to a log line.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Sqlite } from '../../../src/sqlite.js';
import type { SignerInput } from '../../../src/shared/signer-fields.js';
import { openOutboxDatabase, outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { withDatabase } from '../../service/test-database.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';

const OPT_INS = [
  { id: 'zz-campaign-news', label: { en: 'Email me about this campaign' }, version: '1' },
  { id: 'sms_updates', label: { en: 'Text me when we win' }, version: '1' },
];

async function optInsOf(stack: Stack, email: string): Promise<{ opt_ins: string | null } | undefined> {
  return withDatabase(stack.dbPath, (db) => db.prepare<[string], { opt_ins: string | null }>('SELECT opt_ins FROM signatures WHERE email = ?').get(email));
}

describe('the opt-ins ticked, from the proxy to the service', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack({ petitionConfig: () => ({ optIns: OPT_INS }) }).start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  const sign = (fields: Record<string, unknown>) => stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });

  test('the ids ticked, sorted; none ticked is said as such, by the form and by a client that sends no opt-ins', async () => {
    const both = signer(stack, { opt_ins: ['zz-campaign-news', 'sms_updates'] });
    const none = signer(stack, { opt_ins: [] });
    const older = signer(stack);
    for (const fields of [both, none, older]) assert.equal((await sign(fields)).status, 202);
    assert.deepEqual(await optInsOf(stack, both.email as string), { opt_ins: 'sms_updates,zz-campaign-news' });
    assert.deepEqual(await optInsOf(stack, none.email as string), { opt_ins: '' });
    assert.deepEqual(await optInsOf(stack, older.email as string), { opt_ins: '' });
  });

  test('a signature queued through an outage keeps its opt-ins in the outbox and delivers them', async () => {
    await stack.stopService();
    const fields = signer(stack, { opt_ins: ['sms_updates'] });
    assert.equal((await sign(fields)).status, 202);
    const queued = new Sqlite(outboxPath(stack.config.dataDir), { readonly: true });
    try {
      assert.deepEqual(queued.prepare('SELECT opt_ins FROM outbox').all(), [{ opt_ins: 'sms_updates' }]);
    } finally {
      queued.close();
    }
    await stack.startService();
    assert.deepEqual(await eventually(() => optInsOf(stack, fields.email as string), 10_000, 'the queued signature'), { opt_ins: 'sms_updates' });
  });

  test('an entry queued before opt-ins were passed on still delivers, its opt-ins not known', async () => {
    await stack.stopService();
    const fields = signer(stack, { opt_ins: ['sms_updates'] });
    assert.equal((await sign(fields)).status, 202);
    await stack.stopProxy();
    const outbox = new Sqlite(outboxPath(stack.config.dataDir));
    outbox.exec('UPDATE outbox SET opt_ins = NULL');
    outbox.close();
    await stack.startService();
    await stack.startProxy();
    assert.deepEqual(await eventually(() => optInsOf(stack, fields.email as string), 10_000, 'the old entry'), { opt_ins: null });
  });

  test('no opt-in id in any log line', () => {
    assert.ok(stack.logs.length > 0);
    for (const line of stack.logs) for (const { id } of OPT_INS) assert.ok(!line.includes(id), line);
  });
});

test('an outbox of the version before keeps its entries, read without opt-ins', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-outbox-v4-'));
  try {
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const old = new Sqlite(outboxPath(dataDir));
    old.exec(`CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, petition_id INTEGER NOT NULL, signer_json TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, language TEXT, held_cause TEXT, origin_json TEXT, withdrawal_token TEXT)`);
    old.pragma('user_version = 4');
    old.prepare('INSERT INTO outbox (petition_id, signer_json, next_attempt_at) VALUES (7, ?, 0)').run(JSON.stringify({ first_name: 'Old' }));
    old.close();
    const store = openOutboxDatabase(dataDir);
    try {
      assert.deepEqual(await store.firstInLine(), { id: 1, petitionId: 7, signer: { first_name: 'Old' }, attempts: 0, nextAttemptAt: 0 });
      // The store keeps the signer as it is given: a part of one is enough here.
      await store.add({ petitionId: 7, signer: { first_name: 'New' } as SignerInput, optIns: [] }, 0);
      await store.remove(1);
      assert.deepEqual((await store.firstInLine())?.optIns, []);
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
