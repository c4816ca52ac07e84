// Two instances of the built CLI (run `npx tsc -p tsconfig.server.json` first) started at the
// same moment on a database at an older schema (the PostgreSQL database commit be559d9 made,
// test/fixtures/upgrades/, schema version 1): exactly one applies the versions it lacks, each
// once, while the other waits on the migration lock; then both serve the same data on the final
// schema (README "Upgrading").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { rawRequest } from '../api-reference/coverage.js';
import { POSTGRES_MIGRATIONS } from '../../src/service/store/migrations/postgres-schema.js';
import { spawnService } from '../service/child-service.js';
import type { ChildService } from '../service/child-service.js';
import { listedNames } from '../service/service-client.js';
import { useCluster } from './fixture.js';

const cluster = useCluster();

const older = new URL('../fixtures/upgrades/be559d9/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${older}manifest.json`, 'utf8')) as {
  postgres: { consumers: Array<{ api_key: string }>; petitions: Array<{ id: number; signature_count: number }> };
};
/** postgres-engine.ts's MIGRATION_LOCK: the advisory lock instances take to migrate one at a time. */
const MIGRATION_LOCK = 4_010_042;

/** be559d9's database restored (its pg_dump, as plain SQL), and a record of every version step applied afterwards. */
async function olderDatabase(url: string, db: pg.Client): Promise<void> {
  execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--dbname', url, '-f', `${older}service.sql`], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Not the service's: each version step as it commits, by which connection, and how many
  // connections were waiting for the migration lock at that moment.
  await db.query('CREATE TABLE version_steps (version integer NOT NULL, backend integer NOT NULL, waiting integer NOT NULL)');
  await db.query(`
    CREATE FUNCTION record_version_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO version_steps VALUES (NEW.version, pg_backend_pid(),
        (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK} AND NOT granted));
      RETURN NEW;
    END $$;
    CREATE TRIGGER version_steps AFTER UPDATE ON schema_version FOR EACH ROW EXECUTE FUNCTION record_version_step();
  `);
}

/**
 * Connections waiting for the migration lock, polled (at most 20 s) until there are `count`, or
 * until `gaveUp` says an instance stopped trying.
 */
async function waitingForLock(db: pg.Client, count: number, gaveUp: () => boolean): Promise<number[]> {
  const sql = `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK} AND NOT granted ORDER BY pid`;
  let pids: number[] = [];
  for (const until = Date.now() + 20_000; Date.now() < until && !gaveUp(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    pids = (await db.query<{ pid: number }>(sql)).rows.map((row) => row.pid);
    if (pids.length >= count) break;
  }
  return pids;
}

test('two instances started at once on an older schema: one migrates, each version once, while the other waits; both then serve the same data', async () => {
  const url = await cluster().createDatabase('older_schema');
  const db = new pg.Client({ connectionString: url });
  const probe = new pg.Client({ connectionString: url });
  await Promise.all([db.connect(), probe.connect()]);
  const children: ChildService[] = [];
  let starting: Array<Promise<ChildService>> = [];
  try {
    await olderDatabase(url, db);
    const olderVersion = (await db.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]!.version;
    assert.ok(olderVersion < POSTGRES_MIGRATIONS.length, `be559d9's schema version ${olderVersion} is older than today's`);
    // The probe holds the lock first, so both instances are surely at it before either may
    // migrate: started at once, one could otherwise be done before the other asked.
    await probe.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    starting = [0, 1].map(() => spawnService(['--db', url]).then((child) => (children.push(child), child)));
    const failures: unknown[] = [];
    for (const start of starting) start.catch((error: unknown) => failures.push(error));
    const waiters = await waitingForLock(db, 2, () => failures.length > 0);
    assert.deepEqual(failures, [], 'both instances start');
    assert.equal(waiters.length, 2, 'both instances wait for the migration lock');
    assert.deepEqual((await db.query('SELECT version FROM schema_version')).rows, [{ version: olderVersion }], 'nothing migrated while the lock is held');
    await probe.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    const [a, b] = await Promise.all(starting);

    const newest = POSTGRES_MIGRATIONS.length;
    const steps = (await db.query<{ version: number; backend: number; waiting: number }>('SELECT version, backend, waiting FROM version_steps')).rows;
    assert.deepEqual(steps.map(({ version }) => version), Array.from({ length: newest - olderVersion }, (_, index) => olderVersion + 1 + index), 'each missing version applied once, in order');
    const migrators = new Set(steps.map(({ backend }) => backend));
    assert.equal(migrators.size, 1, 'one connection applied them all');
    assert.ok(waiters.includes([...migrators][0]!), 'by one of the two instances');
    assert.deepEqual(steps.map(({ waiting }) => waiting), steps.map(() => 1), 'the other waited for the lock through every step');
    assert.deepEqual((await db.query('SELECT version FROM schema_version')).rows, [{ version: newest }]);

    // The versions' own backfills ran once: every email's domain written, each counted signature
    // counted once in the hourly insight.
    const backfills = (await db.query<{ without_domain: number; counted: number; in_insight: number }>(`
      SELECT (SELECT count(*) FROM signatures WHERE email_domain = '')::int AS without_domain,
             (SELECT count(*) FROM signatures WHERE state = 'counted')::int AS counted,
             (SELECT sum(signatures) FROM insight_hours WHERE state = 'counted')::int AS in_insight`)).rows[0]!;
    assert.equal(backfills.without_domain, 0);
    assert.ok(backfills.counted > 0);
    assert.equal(backfills.in_insight, backfills.counted);

    for (const child of [a!, b!]) {
      // A bare socket, not fetch: /healthz is outside the service's API reference (/v1).
      const health = await rawRequest(Number(new URL(child.baseUrl).port), 'GET', '/healthz', ['Connection: close'], '');
      assert.equal(health.status, 200);
      assert.equal(JSON.parse(health.body ?? '').status, 'ok');
    }
    const apiKey = manifest.postgres.consumers[0]!.api_key;
    for (const petition of manifest.postgres.petitions) {
      const lists = await Promise.all([a!, b!].map(async ({ baseUrl }) => {
        const response = await fetch(new URL(`/v1/petitions/${petition.id}/signatures?api_key=${apiKey}`, baseUrl));
        assert.equal(response.status, 200);
        return (await response.json()) as { signature_count: number };
      }));
      assert.deepEqual(lists[1], lists[0], `both instances serve the same list of petition ${petition.id}`);
      assert.equal(lists[0]!.signature_count, petition.signature_count, `petition ${petition.id}'s count as be559d9 showed it`);
      assert.deepEqual(await listedNames(a!.baseUrl, apiKey, petition.id), await listedNames(b!.baseUrl, apiKey, petition.id));
    }
  } finally {
    await probe.end();
    await Promise.allSettled(starting);
    for (const child of children) child.child.kill('SIGTERM');
    await Promise.all(children.map((child) => child.exited));
    await db.end();
  }
});
