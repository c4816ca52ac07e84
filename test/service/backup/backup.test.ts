// `petition-embed service admin backup` (README "Backups"), run as the built CLI against a
// service that signs in this process: the copy is consistent, 0600, never written over an
// existing file, and restores into a service that holds everything answered before it began.
// Needs `npx tsc -p tsconfig.server.json` first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService } from '../../../src/service/index.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';
import { SQLITE_ONLY } from '../test-database.js';
import { makeCampaignState, TREND } from './campaign-state.js';
import { assertCampaignRestored, rowsOf } from './compare-services.js';
import { streamSignatures } from './signature-stream.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();
const source = 'https://backup.example.org/';
const SEEDED = 20_000;

/** The CLI in a child process, without blocking this one: the service here keeps signing meanwhile. */
function backupCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, 'service', 'admin', 'backup', ...args], { encoding: 'utf8', timeout: 60_000 }, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

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

describe('admin backup of a SQLite database', { skip: SQLITE_ONLY }, () => {
  test('taken while signatures stream in: 0600, and a service started on it holds every signature answered 202 before it began (count, position, hidden flag, confirmation state), the keys, operators, audit log, block list, paper batches and alerts', async () => {
    await t.admin.seed(t.petitionId, SEEDED);
    await t.admin.createOperator('backup.operator@example.org');
    const campaign = await makeCampaignState(f, catcher);
    const key = await grantedKey(t, source);
    const stream = await streamSignatures(t, source, key);
    const { answered } = stream;

    const out = join(t.dir, 'backup.db');
    const countBefore = (await getJson(t, signaturesPath(t.petitionId))).body.signature_count as number;
    const began = Date.now();
    const backup = await backupCli(['--db', t.dbPath, '--out', out]);
    const ended = Date.now();
    await stream.stop();
    assert.equal(backup.status, 0, backup.stderr);
    const during = answered.filter(({ at }) => at > began && at < ended).length;
    assert.ok(during > 0, 'signatures were answered while the backup ran');

    // What it says it holds: one line, counts and the schema version, no signer's data.
    assert.equal(backup.stdout.trim().split('\n').length, 1);
    const summary = JSON.parse(backup.stdout);
    assert.equal(summary.petitions, 3, 'the main petition, the confirming one, the trending one');
    assert.ok(summary.signatures + summary.queued_signatures >= SEEDED + answered.filter(({ at }) => at < began).length);
    const [version] = await rowsOf(t.dbPath, 'PRAGMA user_version');
    assert.equal(summary.schema_version, version!['user_version']);
    assert.doesNotMatch(backup.stdout, /@example\.org|Lovelace/);

    assert.equal(statSync(out).mode & 0o777, 0o600, 'the backup is 0600');
    for (const suffix of ['-wal', '-shm', '-journal']) assert.equal(existsSync(`${out}${suffix}`), false, `no ${suffix} left beside the copy`);

    // The operator's audit log names the backup (on the live database, after the copy).
    const [entry] = await rowsOf(t.dbPath, "SELECT * FROM audit_log WHERE action = 'database backed up'");
    assert.equal(entry!['actor'], 'command line');

    // Restore: the service stopped, the file in place with mode 0600, the service started.
    await t.service.close();
    const restoredAt = Date.now();
    const restored = await startService({ dbPath: out, port: 0, log: () => {} });
    try {
      await assertCampaignRestored({
        original: t.dbPath,
        copy: out,
        restoredBaseUrl: restored.baseUrl,
        apiKey: t.consumer.api_key,
        petitionId: t.petitionId,
        seeded: SEEDED,
        campaign,
        answeredBefore: answered.filter(({ at }) => at < began).map(({ lastName }) => lastName),
        countBefore,
        restoredAt,
      });

      const restoredService = { ...t, baseUrl: restored.baseUrl };
      // The key granted before the backup still signs on the restored service.
      const again = await submitSignature(restoredService, source, key, signerFields());
      assert.equal(again.status, 202);
    } finally {
      // The tests below run the command only: no service is started again (the harness's close()
      // closes the one it started, already closed here, and a second one would keep this file running).
      await restored.close();
    }
  });

  test('an existing file is never written over: refused, exit 2, its bytes unchanged', async () => {
    const out = join(t.dir, 'precious.db');
    writeFileSync(out, 'an earlier backup');
    const result = await backupCli(['--db', t.dbPath, '--out', out]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /exists; a backup never overwrites/);
    assert.equal(result.stdout, '');
    assert.equal(readFileSync(out, 'utf8'), 'an earlier backup');
  });

  test('a --db that is not there is refused, and no empty database is made in its place', async () => {
    const missing = join(t.dir, 'missing.db');
    const result = await backupCli(['--db', missing, '--out', join(t.dir, 'never.db')]);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /is not a file/);
    assert.equal(existsSync(missing), false);
    assert.equal(existsSync(join(t.dir, 'never.db')), false);
  });
});

test('on PostgreSQL the command refuses in one line naming pg_dump and exits 2', async () => {
  // On SQLite runs a URL nothing listens on: the refusal comes before any connection.
  const database = t.dbPath.startsWith('postgres') ? t.dbPath : 'postgres://app@127.0.0.1:9/none';
  const out = join(t.dir, 'pg-backup.db');
  const result = await backupCli(['--db', database, '--out', out]);
  assert.equal(result.status, 2);
  assert.equal(result.stderr.trim().split('\n').length, 1);
  assert.match(result.stderr, /use pg_dump -Fc .*pg_restore.*continuous archiving/);
  assert.equal(existsSync(out), false);
});
