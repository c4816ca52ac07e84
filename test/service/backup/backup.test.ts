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
import { ALERT_IDENTITY, assertPrefixKept, assertSignaturesKept, assertTablesEqual, rowsOf, shownCount } from './compare-services.js';

const bin = new URL('../../../bin/petition-embed.js', import.meta.url).pathname;
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

/**
 * A petition's signature_count is its counted signatures, seeded history and paper included:
 * every writer (the signing batches, `admin seed`, a paper batch, a signer's confirmation) moves
 * it in the transaction that writes the rows, so a consistent copy's count equals its rows.
 */
async function assertCountsMatchRows(database: string): Promise<void> {
  const rows = await rowsOf(
    database,
    `SELECT p.id, p.signature_count, (SELECT count(*) FROM signatures s WHERE s.petition_id = p.id AND s.state = 'counted') AS counted FROM petitions p ORDER BY p.id`,
  );
  for (const row of rows) assert.equal(row['signature_count'], row['counted'], `petition ${String(row['id'])}: its count is its counted rows`);
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
    const answered: Array<{ lastName: string; at: number }> = [];
    let stop = false;
    let sent = 0;
    const stream = (async () => {
      while (!stop) {
        const fields = signerFields({ hidden: sent++ % 4 === 0 ? 'true' : '0' });
        const lastName = fields.find(([name]) => name === 'last_name')![1];
        const response = await submitSignature(t, source, key, fields);
        if (response.status === 202) answered.push({ lastName, at: Date.now() });
      }
    })();
    while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));

    const out = join(t.dir, 'backup.db');
    const countBefore = (await getJson(t, signaturesPath(t.petitionId))).body.signature_count as number;
    const began = Date.now();
    const backup = await backupCli(['--db', t.dbPath, '--out', out]);
    const ended = Date.now();
    stop = true;
    await stream;
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
    const restored = await startService({ dbPath: out, port: 0, log: () => {} });
    try {
      const beforeBackup = answered.filter(({ at }) => at < began).map(({ lastName }) => lastName);
      const made = [...campaign.paperNames, ...campaign.confirmedNames, ...campaign.waitingNames, ...campaign.trendNames];
      // Listed position, hidden flag, time, confirmation state and channel (paper), as before the copy.
      await assertSignaturesKept(t.dbPath, out, [...beforeBackup, ...made]);
      const copied = await rowsOf(out, 'SELECT hidden, listed_position, state, channel FROM signatures');
      assert.ok(copied.some((row) => row['hidden'] === 1) && copied.some((row) => row['listed_position'] !== null));
      assert.equal(copied.filter((row) => row['state'] === 'unconfirmed').length, campaign.waitingNames.length, 'the signer still waiting');
      assert.ok(copied.some((row) => row['channel'] === 'paper'));

      // Counts: the seeded history counts like any signature.
      await assertCountsMatchRows(out);
      const restoredService = { ...t, baseUrl: restored.baseUrl };
      const restoredCount = await shownCount(restored.baseUrl, t.consumer.api_key, t.petitionId);
      assert.ok(restoredCount >= countBefore, `the restored count ${restoredCount} is at least the ${countBefore} shown before the backup`);
      assert.ok(restoredCount >= SEEDED + campaign.paperNames.length + beforeBackup.length, `${restoredCount}: the seeded, paper and streamed signatures all count`);
      assert.equal(await shownCount(restored.baseUrl, t.consumer.api_key, campaign.confirmingPetitionId), campaign.confirmedNames.length, 'only confirmed signers count');

      // Keys, operators, block list, paper batches: equal; the audit log and alerts: up to the copy.
      await assertTablesEqual(t.dbPath, out);
      const confirmations = 'SELECT * FROM signature_confirmations ORDER BY signature_id';
      assert.deepEqual(await rowsOf(out, confirmations), await rowsOf(t.dbPath, confirmations), 'the waiting signer\'s confirmation');
      assert.equal((await rowsOf(out, 'SELECT id FROM block_entries')).length, 3);
      assert.equal((await rowsOf(out, 'SELECT id FROM paper_batches')).length, 1);
      await assertPrefixKept(t.dbPath, out, 'audit_log');
      await assertPrefixKept(t.dbPath, out, 'trending_alerts', ALERT_IDENTITY);
      const [alert] = await rowsOf(out, `SELECT dismissed_at FROM trending_alerts WHERE petition_id = ${campaign.trendPetitionId}`);
      assert.notEqual(alert!['dismissed_at'], null, 'the alert the operator dismissed stays dismissed');

      // The waiting signer's link, mailed before the backup, confirms on the restored service.
      const link = new URL(campaign.waitingLink);
      const confirmed = await fetch(new URL(link.pathname, restored.baseUrl), { method: 'POST', redirect: 'manual' });
      assert.equal(confirmed.status, 200);
      assert.equal(await shownCount(restored.baseUrl, t.consumer.api_key, campaign.confirmingPetitionId), campaign.confirmedNames.length + 1);

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
