// A database a newer petition-embed wrote (its schema version one past the newest this code
// knows), as an operator meets it after running an older version again: the built CLI (run
// `npx tsc -p tsconfig.server.json` first) refuses it at start with exit 1 and one line naming
// both schema versions and the package version, and leaves it exactly as it was. On SQLite and,
// with SERVICE_TEST_DATABASE=postgres, on PostgreSQL.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { PACKAGE_VERSION } from '../../../src/package-version.js';
import { Sqlite } from '../../../src/sqlite.js';
import { openAdmin } from '../../../src/service/admin.js';
import { MIGRATIONS } from '../../../src/service/store/migrations/migrations.js';
import { POSTGRES_MIGRATIONS } from '../../../src/service/store/migrations/postgres-schema.js';
import { databaseName } from '../../../src/service/store/engines/store-engine.js';
import { newTestDatabase, onPostgres, withDatabase } from '../test-database.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();
const NEWEST = onPostgres ? POSTGRES_MIGRATIONS.length : MIGRATIONS.length;

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 30_000 }, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

/** What must not change: the SQLite file's bytes, or PostgreSQL's schema version and the start mark every opening writes. */
async function snapshot(db: string): Promise<unknown> {
  if (!onPostgres) return { bytes: createHash('sha256').update(readFileSync(db)).digest('hex'), wal: existsSync(`${db}-wal`) };
  // A plain connection: the service's own opener refuses this database, as it should.
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    return {
      version: (await client.query('SELECT version FROM schema_version')).rows,
      state: (await client.query('SELECT name, value FROM service_state ORDER BY name')).rows,
    };
  } finally {
    await client.end();
  }
}

async function setSchemaVersion(db: string, version: number): Promise<void> {
  if (onPostgres) {
    await withDatabase(db, (engine) => engine.prepare('UPDATE schema_version SET version = ?').run(version));
    return;
  }
  const file = new Sqlite(db);
  file.pragma(`user_version = ${version}`);
  file.close();
}

test('a database one schema version past the newest this code knows is refused at start, and left as it was', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'newer-schema-'));
  try {
    const db = await newTestDatabase(dir);
    const admin = await openAdmin(db);
    await admin.createPetition('Written by a newer version');
    await admin.close();
    await setSchemaVersion(db, NEWEST + 1);
    const before = await snapshot(db);

    const name = databaseName(db);
    const line = `the database ${name} has schema version ${NEWEST + 1}, written by a newer petition-embed (this is ${PACKAGE_VERSION}, whose newest schema version is ${NEWEST}): run the newer petition-embed that wrote it, or restore the backup taken before the upgrade; it is never migrated down\n`;
    const run = await cli(['service', '--port', '0', '--db', db]);
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr, `petition service not started: ${line}`);
    assert.equal(run.stdout, '');
    // An admin command is refused the same way, before it changes anything.
    const admin2 = await cli(['service', 'admin', 'create-petition', '--db', db, '--title', 'Never written']);
    assert.equal(admin2.status, 1, admin2.stderr);
    assert.equal(admin2.stderr, `admin command not run: ${line}`);

    assert.deepEqual(await snapshot(db), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a database at exactly the newest schema version opens', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'newer-schema-'));
  try {
    const db = await newTestDatabase(dir);
    await (await openAdmin(db)).close();
    await setSchemaVersion(db, NEWEST);
    const run = await cli(['service', 'admin', 'create-petition', '--db', db, '--title', 'Opens']);
    assert.equal(run.status, 0, run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
