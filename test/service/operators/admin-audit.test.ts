// Every admin command that changes something is in the audit log, as the command line, naming its
// target and never a secret: each command run as an operator runs it (the built CLI, so
// `npx tsc -p tsconfig.server.json` first), the audit log read after each. The commands that only
// read (petition, auth-keys, import-paper without --confirm) write nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin } from '../child-service.js';
import { authKeysPath, keyRequestFields, signedPost, startTestService, type TestService } from '../harness.js';
import { withDatabase } from '../test-database.js';

interface Entry {
  actor: string;
  action: string;
  subject: string;
  detail: string;
}

const PASSWORD = 'a long operator password 0123456789';
let t: TestService;

before(async () => {
  t = await startTestService();
});
after(() => t.close());

const entries = () =>
  withDatabase(t.dbPath, (engine) => engine.prepare<[], Entry>('SELECT actor, action, subject, detail FROM audit_log ORDER BY id').all());

/** Runs the command; returns its output and the audit entries it added. */
async function audited(args: string[], input?: string): Promise<{ json: unknown; added: Entry[] }> {
  const before = (await entries()).length;
  const run = runAdmin([...args, '--db', t.dbPath], input);
  assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
  return { json: run.json, added: (await entries()).slice(before) };
}

const byCommandLine = (action: string, subject: string, detail: string): Entry => ({ actor: 'command line', action, subject, detail });

async function keyRequest(source: string): Promise<number> {
  assert.equal((await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source))).status, 202);
  return (await t.admin.listAuthKeys()).find((row) => row.source === source)!.id;
}

test('each admin command that changes something writes one entry naming it and its target; no secret in any entry', async () => {
  const consumer = await audited(['create-consumer', '--name', 'Campaign site']);
  const credentials = consumer.json as { api_key: string; secret: string };
  const consumerId = await withDatabase(t.dbPath, (engine) =>
    engine.prepare<[string], { id: number }>('SELECT id FROM consumers WHERE api_key = ?').get(credentials.api_key),
  );
  assert.deepEqual(consumer.added, [byCommandLine('consumer created', `consumer ${consumerId!.id}`, 'Campaign site')]);

  const created = await audited(['create-petition', '--title', 'Audited petition']);
  const petitionId = (created.json as { petition_id: number }).petition_id;
  assert.deepEqual(created.added, [byCommandLine('petition created', `petition ${petitionId}`, created.added[0]!.detail)]);

  const updated = await audited(['update-petition', String(petitionId), '--goal', '500']);
  assert.deepEqual(updated.added.map((e) => [e.actor, e.action, e.subject]), [['command line', 'petition updated', `petition ${petitionId}`]]);

  const seeded = await audited(['seed', '--petition', String(petitionId), '--count', '20']);
  assert.deepEqual(seeded.added, [byCommandLine('signatures seeded', `petition ${petitionId}`, '20 made-up signers')]);

  const signatureId = (await withDatabase(t.dbPath, (engine) =>
    engine.prepare<[number], { id: number }>('SELECT id FROM signatures WHERE petition_id = ? AND hidden = 0 ORDER BY id LIMIT 1').get(petitionId),
  ))!.id;
  const hidden = await audited(['hide-name', String(signatureId)]);
  assert.deepEqual(hidden.added.map((e) => [e.action, e.subject]), [['signature hidden', `signature ${signatureId}`]]);
  const shown = await audited(['show-name', String(signatureId)]);
  assert.deepEqual(shown.added.map((e) => [e.action, e.subject]), [['signature shown', `signature ${signatureId}`]]);

  const sheet = join(t.dir, 'sheet.csv');
  writeFileSync(sheet, 'first_name,last_name,email,address,city,postal_code,country_code\nAda,Lovelace,,1 Road,London,SW1Y 4JH,GB\n');
  assert.deepEqual((await audited(['import-paper', String(petitionId), sheet])).added, [], 'a preview changes nothing');
  const imported = await audited(['import-paper', String(petitionId), sheet, '--confirm']);
  const batchId = (imported.json as { batch_id: number }).batch_id;
  assert.deepEqual(imported.added.map((e) => [e.action, e.subject]), [['paper signatures added', `petition ${petitionId}`]]);
  assert.match(imported.added[0]!.detail, new RegExp(`batch ${batchId}`));
  const removed = await audited(['remove-paper-batch', String(batchId)]);
  assert.deepEqual(removed.added.map((e) => [e.action, e.subject]), [['paper batch removed', `petition ${petitionId}`]]);

  const delivered = await audited(['delivery', String(petitionId), '--out', join(t.dir, 'delivery.pdf')]);
  assert.deepEqual(delivered.added.map((e) => [e.action, e.subject]), [['delivery prepared', `petition ${petitionId}`]]);

  const first = await keyRequest('https://www.example.org/audit-one');
  const second = await keyRequest('https://www.example.org/audit-two');
  for (const [command, id, action] of [
    ['grant', first, 'key request granted'],
    ['revoke', first, 'key request revoked'],
    ['deny', second, 'key request denied'],
  ] as const) {
    const decided = await audited([command, String(id)]);
    assert.deepEqual(decided.added.map((e) => [e.actor, e.action]), [['command line', action]], command);
    assert.match(decided.added[0]!.subject, new RegExp(`\\b${id}\\b`), command);
  }

  const operator = await audited(['create-operator', '--email', 'auditor@example.org', '--password-stdin'], `${PASSWORD}\n`);
  assert.deepEqual(operator.added.map((e) => [e.action, e.detail]), [['operator created', 'auditor@example.org']]);
  const reset = await audited(['reset-operator-password', '--email', 'auditor@example.org']);
  assert.deepEqual(reset.added.map((e) => [e.action, e.detail]), [['operator password set', 'auditor@example.org']]);
  const oneTimePassword = (reset.json as { password?: string }).password;

  assert.deepEqual((await audited(['petition', String(petitionId)])).added, []);
  assert.deepEqual((await audited(['auth-keys'])).added, []);

  const log = JSON.stringify(await entries());
  for (const secret of [credentials.api_key, credentials.secret, PASSWORD, t.consumer.secret, ...(oneTimePassword ? [oneTimePassword] : [])]) {
    assert.ok(!log.includes(secret), 'a secret in the audit log');
  }
  const keys = await withDatabase(t.dbPath, (engine) => engine.prepare<[], { auth_key: string }>('SELECT auth_key FROM auth_key_requests WHERE auth_key IS NOT NULL').all());
  assert.ok(keys.length > 0);
  for (const { auth_key } of keys) assert.ok(!log.includes(auth_key), 'an authorization key in the audit log');
});
