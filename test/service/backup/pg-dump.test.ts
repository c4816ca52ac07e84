// The service on PostgreSQL backed up as README "Backups" says: `pg_dump -Fc` of its database
// while it runs and signs, `pg_restore` into a new, empty database, and a service started on that
// holds everything answered before the dump began (the same checks as the SQLite backup's
// restore, compare-services.ts). Runs on npm test's PostgreSQL pass (SERVICE_TEST_DATABASE=postgres).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { startService } from '../../../src/service/index.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';
import { newTestDatabase, onPostgres } from '../test-database.js';
import { makeCampaignState, TREND } from './campaign-state.js';
import { assertCampaignRestored, rowsOf, shownCount, signaturesByName } from './compare-services.js';
import { streamSignatures } from './signature-stream.js';

const source = 'https://pg-dump.example.org/';
const SEEDED = 20_000;

/** A command in a child process, without blocking this one: the service here keeps signing meanwhile. */
function run(file: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { encoding: 'utf8', timeout: 120_000 }, (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }));
  });
}

describe('pg_dump and pg_restore of a running service', { skip: !onPostgres && 'needs PostgreSQL (SERVICE_TEST_DATABASE=postgres)' }, () => {
  let catcher: MailCatcher;
  let f: ConsoleFixture;
  let t: TestService;

  before(async () => {
    catcher = await startMailCatcher();
    f = await startConsoleFixture({ smtp: { url: catcher.url, from: 'Petitions <petitions@example.org>' }, trend: TREND });
    t = f.t;
  });
  after(async () => {
    await f?.close();
    await catcher?.close();
  });

  test('a dump taken while signatures stream in restores into a new database whose service holds every signature answered 202 before it began (count, position, hidden flag, confirmation state), the keys, operators, audit log, block list, paper batches and alerts', async () => {
    await t.admin.seed(t.petitionId, SEEDED);
    await t.admin.createOperator('backup.operator@example.org');
    const campaign = await makeCampaignState(f, catcher);
    const key = await grantedKey(t, source);
    const stream = await streamSignatures(t, source, key);

    // As README: the dump made 0600 (it holds signers' personal data, keys and password hashes).
    const dump = join(t.dir, 'service.dump');
    const countBefore = await shownCount(t.baseUrl, t.consumer.api_key, t.petitionId);
    const began = Date.now();
    const dumped = await run('sh', ['-c', 'umask 077 && exec pg_dump -Fc --dbname "$1" --file "$2"', 'pg_dump', t.dbPath, dump]);
    const ended = Date.now();
    await stream.stop();
    assert.equal(dumped.status, 0, dumped.stderr);
    assert.equal(dumped.stderr, '');
    assert.ok(stream.answered.some(({ at }) => at > began && at < ended), 'signatures were answered while pg_dump ran');
    assert.equal(statSync(dump).mode & 0o777, 0o600);

    // Restore into a new, empty database, and start a service on it.
    const target = await newTestDatabase(t.dir);
    const restoredDump = await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target, dump]);
    assert.equal(restoredDump.status, 0, restoredDump.stderr);
    assert.deepEqual(await rowsOf(target, 'SELECT version FROM schema_version'), await rowsOf(t.dbPath, 'SELECT version FROM schema_version'));
    const restoredAt = Date.now();
    const restored = await startService({ dbPath: target, port: 0, log: () => {} });
    try {
      await assertCampaignRestored({
        original: t.dbPath,
        copy: target,
        restoredBaseUrl: restored.baseUrl,
        apiKey: t.consumer.api_key,
        petitionId: t.petitionId,
        seeded: SEEDED,
        campaign,
        answeredBefore: stream.answered.filter(({ at }) => at < began).map(({ lastName }) => lastName),
        countBefore,
        restoredAt,
      });
      // The key granted before the dump still signs on the restored service, and the new
      // signature is written: its id continues after the restored ones (pg_dump carries the
      // identity sequences; without them its insert would collide with a restored row).
      const fields = signerFields();
      const again = await submitSignature({ ...t, baseUrl: restored.baseUrl }, source, key, fields);
      assert.equal(again.status, 202);
      const lastName = fields.find(([name]) => name === 'last_name')![1];
      const written = await eventually(() => signaturesByName(target), (rows) => rows.has(lastName), 5000);
      assert.ok(written.has(lastName), 'the signature taken after the restore is written');
    } finally {
      await restored.close();
    }
  });
});
