// The service on PostgreSQL recovered by continuous archiving, as README "Backups" says: a server
// archiving its WAL with the README's settings, a pg_basebackup taken while signatures stream in,
// then recovery of that base backup and the archive to a moment during the stream. A service on
// the recovered database holds every signature answered before that moment, as it was, and none
// sent after it. Runs on npm test's PostgreSQL pass (SERVICE_TEST_DATABASE=postgres), on a
// throwaway cluster of its own (it is stopped and its data folder replaced).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { startService } from '../../../src/service/index.js';
import { startPostgresCluster, stopWithProcess } from '../../../support/postgres-cluster.js';
import type { PostgresCluster } from '../../../support/postgres-cluster.js';
import { grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import { onPostgres } from '../test-database.js';
import { shownCount, signaturesByName } from './compare-services.js';
import { streamSignatures } from './signature-stream.js';

const source = 'https://pg-archive.example.org/';

/** `path` owned as `reference` is: the server's files by the postgres system user when this test runs as root. */
function ownedLike(reference: string, path: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = statSync(reference);
  execFileSync('chown', ['-R', `${uid}:${gid}`, path]);
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !(await check()); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
  }
}

/** PostgreSQL's timestamp syntax for `recovery_target_time`, in UTC to the microsecond. */
const pgTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00');

describe('continuous archiving of a running service, recovered to a point in time', { skip: !onPostgres && 'needs PostgreSQL (SERVICE_TEST_DATABASE=postgres)' }, () => {
  let cluster: PostgresCluster;
  let archive: string;

  before(async () => {
    cluster = stopWithProcess(await startPostgresCluster());
    archive = join(dirname(cluster.dataDir), 'archive');
    mkdirSync(archive);
    ownedLike(cluster.dataDir, archive);
    // README's settings (archive_mode takes effect at a restart).
    appendFileSync(join(cluster.dataDir, 'postgresql.conf'), [
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
      'archive_timeout = 60',
      '',
    ].join('\n'));
    await cluster.restart();
  });
  after(() => cluster?.stop());

  test('a base backup taken while signing, plus the archive, recovers every signature answered before the target time as it was, and none sent after it', async () => {
    const url = await cluster.createDatabase('archived_service');
    const t = await startTestService({ dbPath: url, rateLimitPerMinute: 1_000_000 });
    const base = join(dirname(cluster.dataDir), 'base');
    let target = 0;
    let original: Awaited<ReturnType<typeof signaturesByName>>;
    let stream: Awaited<ReturnType<typeof streamSignatures>>;
    let key: string;
    try {
      await t.admin.seed(t.petitionId, 2_000);
      key = await grantedKey(t, source);
      stream = await streamSignatures(t, source, key);
      // In a child process, not blocking this one: the service here keeps signing meanwhile.
      // A fast checkpoint, or the backup waits for the next spread one (minutes).
      const backupBegan = Date.now();
      await promisify(execFile)('pg_basebackup', ['--dbname', url, '-D', base, '-Ft', '-z', '-Xs', '--checkpoint=fast']);
      assert.ok(stream.answered.some(({ at }) => at > backupBegan), 'signatures were answered while pg_basebackup ran');
      // The target: a moment well after the base backup, with signatures on both sides of it.
      const atBackup = stream.answered.length;
      while (stream.answered.length < atBackup + 40) await new Promise((resolve) => setTimeout(resolve, 10));
      target = Date.now();
      while (stream.answered.filter(({ sent }) => sent > target).length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
      await stream.stop();
      original = await signaturesByName(url);
      // Archived up to past the target (archive_timeout would do it within a minute).
      const [{ segment }] = (await query<{ segment: string }>(url, 'SELECT pg_walfile_name(pg_switch_wal()) AS segment')) as [{ segment: string }];
      await until('the WAL past the target archived', async () => {
        const [archiver] = await query<{ last: string | null }>(url, 'SELECT last_archived_wal AS last FROM pg_stat_archiver');
        return archiver!.last !== null && archiver!.last >= segment;
      });
    } finally {
      await t.close();
    }

    // README's recovery: the server stopped, the base backup in place of its data folder, the
    // archive to replay up to the target, recovery.signal, started.
    cluster.pause();
    const data = cluster.dataDir;
    renameSync(data, `${data}.lost`);
    mkdirSync(data, { mode: 0o700 });
    execFileSync('tar', ['-xzf', join(base, 'base.tar.gz'), '-C', data]);
    execFileSync('tar', ['-xzf', join(base, 'pg_wal.tar.gz'), '-C', join(data, 'pg_wal')]);
    appendFileSync(join(data, 'postgresql.conf'), [
      `restore_command = 'cp ${archive}/%f %p'`,
      `recovery_target_time = '${pgTime(target)}'`,
      "recovery_target_action = 'promote'",
      '',
    ].join('\n'));
    writeFileSync(join(data, 'recovery.signal'), '');
    ownedLike(`${data}.lost`, data);
    cluster.start();
    // Connections may be refused until the replay reaches a consistent state.
    const inRecovery = () => query<{ r: boolean }>(url, 'SELECT pg_is_in_recovery() AS r').then(([row]) => row!.r, () => true);
    await until('recovery finished and the server promoted', async () => !(await inRecovery()));

    const restored = await startService({ dbPath: url, port: 0, log: () => {} });
    try {
      const recovered = await signaturesByName(url);
      const answeredBefore = stream!.answered.filter(({ at }) => at < target);
      const sentAfter = stream!.answered.filter(({ sent }) => sent > target);
      assert.ok(answeredBefore.length >= 80 && sentAfter.length >= 40);
      for (const { lastName } of answeredBefore) assert.deepEqual(recovered.get(lastName), original!.get(lastName), `signature of ${lastName}, answered before the target`);
      for (const { lastName } of sentAfter) assert.equal(recovered.has(lastName), false, `${lastName} was sent after the target`);
      const [counts] = await query<{ shown: number; counted: number }>(url,
        `SELECT signature_count AS shown, (SELECT count(*) FROM signatures WHERE petition_id = ${t.petitionId} AND state = 'counted')::int AS counted FROM petitions WHERE id = ${t.petitionId}`);
      assert.equal(Number(counts!.shown), counts!.counted, 'the count is its counted rows');
      assert.equal(await shownCount(restored.baseUrl, t.consumer.api_key, t.petitionId), counts!.counted);
      // The key granted before still signs on the recovered service.
      assert.equal((await submitSignature({ ...t, baseUrl: restored.baseUrl }, source, key!, signerFields())).status, 202);
    } finally {
      await restored.close();
    }
  });
});
