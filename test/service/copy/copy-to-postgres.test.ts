// `petition-embed service admin copy-to-postgres` (README "Moving to PostgreSQL"), run as the
// built CLI: a stopped SQLite service with rows of every kind is copied into a new PostgreSQL
// database; every table's rows are the same, a service started on the copy answers the same
// API pages and console CSV exports byte for byte and signs on with the next id. A target that
// is not empty, a schema that differs and a failure midway all leave the target as it was.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { Sqlite } from '../../../src/sqlite.js';
import { startService } from '../../../src/service/index.js';
import type { RunningService } from '../../../src/service/index.js';
import { SQLITE_ONLY_TABLES } from '../../../src/service/store/copy/copy-plan.js';
import { startPostgresCluster } from '../../../support/postgres-cluster.js';
import type { PostgresCluster } from '../../../support/postgres-cluster.js';
import { ConsoleClient, pageText } from '../console-client.js';
import { eventually, signerFields, submitSignature } from '../harness.js';
import { onPostgres } from '../test-database.js';
import { emptyTables, makeSqliteCampaign, SOURCE } from './sqlite-campaign.js';
import type { SqliteCampaign } from './sqlite-campaign.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();

function copyCli(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { encoding: 'utf8' as const, timeout: 120_000, env: { ...process.env, ...env } };
    const child = execFile(process.execPath, [bin, 'service', 'admin', 'copy-to-postgres', ...args], options, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

type Row = Record<string, unknown>;

/** Reads a PostgreSQL database as it is: no engine opens it (that would write), bigints as numbers like SQLite's. */
async function withPostgres<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const tablesOf = (url: string) =>
  withPostgres(url, async (client) => (await client.query<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY 1')).rows.map(({ name }) => name));

/** A table's rows in an order both engines agree on (SQLite sorts nulls first, PostgreSQL last: sorted here). */
const sorted = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();

function sqliteRows(file: string, sql: string): Row[] {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as Row[];
  } finally {
    db.close();
  }
}

/** A copy of the source file, changed by `change`, for a copy that must be refused or fail. */
function variantOf(source: string, name: string, change: string): string {
  const file = join(source, '..', `${name}.db`);
  const db = new Sqlite(source, { readonly: true, fileMustExist: true });
  db.prepare('VACUUM INTO ?').run(file);
  db.close();
  const variant = new Sqlite(file);
  variant.exec(change);
  variant.close();
  return file;
}

/** Every page a reader or an embed sees of each petition, through the API, as JSON text. */
async function apiPages(baseUrl: string, apiKey: string, petitionIds: number[]): Promise<string[]> {
  const pages: string[] = [];
  const get = async (path: string, query: Record<string, string> = {}) => {
    const url = new URL(`${new URL(baseUrl).origin}${path}`);
    url.searchParams.set('api_key', apiKey);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url);
    assert.equal(response.status, 200, `${path}: ${response.status}`);
    return response.text();
  };
  for (const id of petitionIds) {
    const petition = await get(`/v1/petitions/${id}`);
    pages.push(petition, await get(`/v1/petitions/${id}/signatures/recent`), await get(`/v1/petitions/${id}/signatures/breakdown`));
    for (const sort of ['time_asc', 'time_desc']) {
      for (let page = 1; ; page++) {
        const text = await get(`/v1/petitions/${id}/signatures`, { page: String(page), page_size: '100', sort });
        pages.push(text);
        if ((JSON.parse(text) as { signatures: unknown[] }).signatures.length < 100) break;
      }
    }
  }
  return pages;
}

/**
 * The console's CSV export of each petition, by the operator whose session was copied too, and
 * the text of its searches (by surname and postal code: the search keys) and unlisted signatures.
 */
async function consoleViews(baseUrl: string, cookies: Map<string, string>, petitionIds: number[]): Promise<string[]> {
  const client = new ConsoleClient(new URL(baseUrl).origin);
  for (const [name, value] of cookies) client.cookies.set(name, value);
  const views: string[] = [];
  for (const id of petitionIds) {
    for (const view of ['?q=Lovelace', '?q=sw1y', '?view=unlisted']) {
      const page = await client.get(`/admin/petitions/${id}/signatures${view}`);
      assert.equal(page.status, 200, 'the copied session signs the operator in');
      views.push(pageText(page.body));
    }
    await client.get(`/admin/petitions/${id}`);
    const answer = await client.post(`/admin/petitions/${id}/export`);
    assert.equal(answer.status, 200);
    views.push(answer.body);
  }
  return views;
}

const skip = onPostgres && 'copies SQLite into a cluster of its own: runs once, in the SQLite pass';

describe('admin copy-to-postgres', { skip }, () => {
  let campaign: SqliteCampaign;
  let cluster: PostgresCluster;
  let source: string;
  const started: RunningService[] = [];

  before(async () => {
    [campaign, cluster] = await Promise.all([makeSqliteCampaign(), startPostgresCluster()]);
    source = campaign.f.t.dbPath;
  });
  after(async () => {
    for (const service of started) await service.close();
    await campaign?.close();
    await cluster?.stop();
  });

  test('copies every table with its ids; a service on the copy answers the same pages and CSV bytes and signs on with the next id', async () => {
    // Rows of every kind: only the queue is empty, the service writing it out within milliseconds.
    assert.deepEqual(await emptyTables(source), ['signature_queue']);
    const url = await cluster.createDatabase('copy');
    const copy = await copyCli(['--db', source, '--to', url]);
    assert.equal(copy.status, 0, copy.stderr);
    assert.doesNotMatch(copy.stdout + copy.stderr, /@example\.org|Lovelace|secret/);
    const summary = JSON.parse(copy.stdout) as { to: string; schema_version: number; rows: Record<string, number> };
    assert.equal(summary.to, url);

    // Every table but SQLite's search index, each with every row, all columns both have.
    const sqliteTables = sqliteRows(source, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'").map((row) => String(row['name']));
    assert.deepEqual(Object.keys(summary.rows).sort(), sqliteTables.filter((name) => !(name in SQLITE_ONLY_TABLES)).sort());
    for (const table of Object.keys(summary.rows)) {
      const columns = sqliteRows(source, `PRAGMA table_info(${table})`).map((row) => String(row['name']));
      const original = sqliteRows(source, `SELECT ${columns.join(', ')} FROM ${table}`);
      const copied = await withPostgres(url, async (client) => (await client.query(`SELECT ${columns.join(', ')} FROM ${table}`)).rows as Row[]);
      assert.equal(summary.rows[table], original.length, `${table}: the count printed`);
      assert.deepEqual(sorted(copied), sorted(original), `${table}: every row, every column`);
    }
    const [{ version }] = await withPostgres(url, async (client) => (await client.query('SELECT version FROM schema_version')).rows);
    assert.equal(version, summary.schema_version);

    const onSqlite = await startService({ dbPath: source, port: 0, allowPrivateCallbacks: true, log: () => {} });
    started.push(onSqlite);
    const onPostgresCopy = await startService({ dbPath: url, port: 0, allowPrivateCallbacks: true, log: () => {} });
    started.push(onPostgresCopy);
    const petitionIds = sqliteRows(source, 'SELECT id FROM petitions ORDER BY id').map((row) => Number(row['id']));
    assert.ok(petitionIds.length >= 3);
    const { api_key: apiKey } = campaign.f.t.consumer;
    assert.deepEqual(await apiPages(onPostgresCopy.baseUrl, apiKey, petitionIds), await apiPages(onSqlite.baseUrl, apiKey, petitionIds), 'the same API pages');
    const [fromSqlite, fromPostgres] = [await consoleViews(onSqlite.baseUrl, campaign.f.client.cookies, petitionIds), await consoleViews(onPostgresCopy.baseUrl, campaign.f.client.cookies, petitionIds)];
    assert.ok(fromSqlite[3]!.split('\n').length > 2_000, 'the main petition exports every signer');
    assert.match(fromSqlite[0]!, /Lovelace\d+/, 'the search finds signers');
    assert.deepEqual(fromPostgres, fromSqlite, 'the same searches, unlisted signatures and CSV bytes');

    // The identity sequences continue after the copied ids.
    const highest = (table: string) => Number(sqliteRows(source, `SELECT max(id) AS id FROM ${table}`)[0]!['id']);
    const [lastSignature, lastAudit] = [highest('signatures'), highest('audit_log')];
    const signer = signerFields();
    const onCopy = { ...campaign.f.t, baseUrl: onPostgresCopy.baseUrl };
    assert.equal((await submitSignature(onCopy, SOURCE, campaign.key, signer)).status, 202);
    const email = signer.find(([name]) => name === 'email')![1];
    const ids = await eventually(
      () => withPostgres(url, async (client) => (await client.query('SELECT id FROM signatures WHERE email = $1', [email])).rows),
      (rows) => rows.length === 1,
      5000,
    );
    assert.equal(ids[0]!['id'], lastSignature + 1, 'the new signature takes the next id');
    const audit = await withPostgres(url, async (client) => (await client.query("SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id")).rows);
    assert.ok(audit[0]!['id'] > lastAudit);
  });

  test('a target that is not empty is refused before anything is written, exit 2', async () => {
    const url = await cluster.createDatabase('taken');
    await withPostgres(url, (client) => client.query('CREATE TABLE notes (id integer)'));
    const result = await copyCli(['--db', source, '--to', url]);
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /is not empty \(1 tables: notes\); copy into a new, empty database/);
    assert.equal(result.stdout, '');
    assert.deepEqual(await tablesOf(url), ['notes']);

    // A copy already made (its target named by DATABASE_URL, off the command line): refused, its rows as they were.
    const copied = await cluster.createDatabase('copied_once');
    assert.equal((await copyCli(['--db', source], { DATABASE_URL: copied })).status, 0);
    const count = () => withPostgres(copied, async (client) => (await client.query('SELECT count(*)::int AS n FROM signatures')).rows[0]!['n']);
    const before = await count();
    const again = await copyCli(['--db', source, '--to', copied]);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /is not empty/);
    assert.equal(await count(), before);
  });

  test('a table or column on one side only, or a file a newer version wrote, is refused, naming it, and nothing is written', async () => {
    const file = variantOf(source, 'extra-column', 'ALTER TABLE signatures ADD COLUMN retained_until INTEGER; CREATE TABLE notes (id INTEGER)');
    const url = await cluster.createDatabase('differs');
    const result = await copyCli(['--db', file, '--to', url]);
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /nothing written: the two schemas differ \(table notes is in the SQLite file only; column signatures\.retained_until is in the SQLite file only\)/);
    assert.deepEqual(await tablesOf(url), [], 'not even the schema');

    // A file a newer version wrote: refused in the words the service starting on it would use.
    const newer = variantOf(source, 'newer', 'PRAGMA user_version = 999');
    const refused = await copyCli(['--db', newer, '--to', url]);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /has schema version 999, written by a newer petition-embed/);
    assert.deepEqual(await tablesOf(url), []);
  });

  test('a failure midway rolls everything back: one line naming the table, no signer data, exit 1; the target takes a good copy after', async () => {
    // PostgreSQL's text cannot hold U+0000, which SQLite's can: the last signature fails the COPY.
    const file = variantOf(source, 'nul-in-reason', "UPDATE signatures SET reason = 'Lovelace' || char(0) WHERE id = (SELECT max(id) FROM signatures)");
    const url = await cluster.createDatabase('fails');
    const result = await copyCli(['--db', file, '--to', url]);
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stderr.trim().split('\n');
    assert.match(lines.at(-1)!, /^admin copy-to-postgres: the copy failed while copying signatures \(22021\) and was rolled back/);
    assert.ok(lines.some((line) => /^copied petitions: \d+ rows/.test(line)), 'tables before it were copied, then rolled back');
    assert.doesNotMatch(result.stderr, /@example\.org|Lovelace/);
    assert.equal(result.stdout, '');
    assert.deepEqual(await tablesOf(url), [], 'the target is as empty as before');
    assert.equal((await copyCli(['--db', source, '--to', url])).status, 0, 'a good copy into it afterwards');
  });

  test('usage: --to is required and must be a postgres:// URL; --db must be a SQLite file there', async () => {
    const missing = await copyCli(['--db', source]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^--to: is required/);
    const notPostgres = await copyCli(['--db', source, '--to', join(source, '..', 'other.db')]);
    assert.equal(notPostgres.status, 2);
    assert.match(notPostgres.stderr, /^--to: must be a postgres:\/\/ URL/);
    const noFile = await copyCli(['--db', join(source, '..', 'missing.db'), '--to', cluster.url('never')]);
    assert.equal(noFile.status, 2);
    assert.match(noFile.stderr, /is not a file/);
  });
});
