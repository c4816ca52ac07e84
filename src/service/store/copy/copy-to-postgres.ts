// `admin copy-to-postgres`: a whole service moved from its SQLite file into a new, empty
// PostgreSQL database (README "Moving to PostgreSQL"). One PostgreSQL transaction creates the
// schema with the service's own migrations and COPYs every table into it, so a failure anywhere
// leaves the database as empty as it was; the SQLite file is read as one snapshot and never written.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stat } from 'node:fs/promises';
import type { Database } from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Sqlite } from '../../../sqlite.js';
import { OperatorError } from '../../errors/operator-error.js';
import { UnusableFileError } from '../../../unusable-file.js';
import { CopyFailedError } from '../../errors/copy-failed-error.js';
import { errorCode } from '../../errors/error-code.js';
import { openDatabase } from '../engines/database.js';
import { databaseName, isPostgresUrl } from '../engines/store-engine.js';
import { MIGRATION_LOCK, SCHEMA_VERSION_TABLE } from '../engines/postgres-engine.js';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres-schema.js';
import { planCopy } from './copy-plan.js';
import type { TablePlan } from './copy-plan.js';
import { copyLine } from './copy-values.js';

/** What the command prints: counts only, never a signer's data; the URL without its password. */
export interface CopySummary {
  to: string;
  schema_version: number;
  /** Rows copied, table by table, in the order copied. */
  rows: Record<string, number>;
  seconds: number;
}

/** Rows per chunk written to COPY: the memory held stays the same whatever the table's size. */
const ROWS_PER_CHUNK = 2000;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The source must be a service's SQLite file that exists (opening a missing one would make an empty one). */
async function checkSource(database: string): Promise<void> {
  if (isPostgresUrl(database)) throw new OperatorError('--db: copy-to-postgres copies from a SQLite file; name the service\'s database file');
  const isFile = await stat(database).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) throw new OperatorError(`--db: ${database} is not a file; name the service's database file`);
}

/**
 * The source, migrated to this version's schema first (as a service would at start), then opened
 * read-only in one read transaction: every table is read from the same moment even if a service
 * still writes the file (what it writes after that moment stays in the SQLite file only).
 */
function openSnapshot(database: string): Database {
  let snapshot: Database | undefined;
  try {
    openDatabase(database, { mustExist: true }).close();
    snapshot = new Sqlite(database, { readonly: true, fileMustExist: true });
    snapshot.pragma('busy_timeout = 5000');
    snapshot.exec('BEGIN');
    snapshot.prepare('SELECT count(*) FROM petitions').get();
    return snapshot;
  } catch (error) {
    snapshot?.close();
    // A file a newer version wrote is refused in its own words (newer-schema.ts).
    if (error instanceof UnusableFileError) throw new OperatorError(error.message);
    throw new OperatorError(`--db: ${database} is not a service database that can be read (${errorCode(error)})`);
  }
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // The server going away mid-copy is reported here as well as to the query waiting on it.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new CopyFailedError(`--to: ${databaseName(url)} cannot be reached (${errorCode(error)})`);
  }
  return client;
}

/** Refused unless the target's schema holds no table: not a service's, not anything else. */
async function refuseNonEmpty(target: pg.ClientBase, url: string): Promise<void> {
  const { rows } = await target.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
  );
  if (rows.length === 0) return;
  const names = rows.slice(0, 3).map(({ name }) => name).join(', ');
  throw new OperatorError(
    `--to: ${databaseName(url)} is not empty (${rows.length} tables: ${names}${rows.length > 3 ? ', …' : ''}); copy into a new, empty database (createdb)`,
  );
}

/** The service's own PostgreSQL migrations, in the copy's transaction, to this version's schema. */
async function createSchema(target: pg.ClientBase): Promise<number> {
  await target.query(SCHEMA_VERSION_TABLE);
  for (const migration of POSTGRES_MIGRATIONS) await target.query(migration);
  await target.query('INSERT INTO schema_version (version) VALUES ($1)', [POSTGRES_MIGRATIONS.length]);
  return POSTGRES_MIGRATIONS.length;
}

/** One table's rows, streamed from the snapshot into COPY a chunk at a time. */
async function copyTable(source: Database, target: pg.ClientBase, plan: TablePlan): Promise<number> {
  const columns = plan.columns.map(({ name }) => quoted(name)).join(', ');
  const converters = plan.columns.map(({ convert }) => convert);
  // Integers as bigint: an id or a time never loses a digit on its way through.
  const rows = source.prepare(`SELECT ${columns} FROM ${quoted(plan.table)}`).raw(true).safeIntegers(true).iterate() as IterableIterator<unknown[]>;
  let copied = 0;
  function* chunks(): Generator<string> {
    let chunk = '';
    let inChunk = 0;
    for (const row of rows) {
      chunk += copyLine(row, converters);
      copied++;
      if (++inChunk === ROWS_PER_CHUNK) {
        yield chunk;
        chunk = '';
        inChunk = 0;
      }
    }
    if (chunk !== '') yield chunk;
  }
  await pipeline(Readable.from(chunks()), target.query(copyFrom(`COPY ${quoted(plan.table)} (${columns}) FROM STDIN`)));
  return copied;
}

/** Each identity's next value is one past the highest copied id, as SQLite's rowid would be. */
async function continueSequences(target: pg.ClientBase, plans: TablePlan[]): Promise<void> {
  for (const { table, identities } of plans) {
    for (const column of identities) {
      await target.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoted(column)}), 0) + 1, false) FROM ${quoted(table)}`,
        [quoted(table), column],
      );
    }
  }
}

/** What a failure may say: its table, code and constraint, never a value (which may be a signer's). */
function failureLine(error: unknown, table: string | undefined): string {
  const { constraint, column } = error as { constraint?: string; column?: string };
  const where = table ? ` while copying ${table}` : '';
  const detail = [errorCode(error), constraint && `constraint ${constraint}`, column && `column ${column}`].filter(Boolean).join(', ');
  return `the copy failed${where} (${detail}) and was rolled back: the target is as empty as before`;
}

/**
 * Copies the service's SQLite file `database` into the empty PostgreSQL database at `url`;
 * `progress` hears one line per table copied.
 */
export async function copyToPostgres(database: string, url: string, progress: (line: string) => void): Promise<CopySummary> {
  if (!isPostgresUrl(url)) throw new OperatorError('--to: must be a postgres:// URL of a new, empty database');
  await checkSource(database);
  const began = performance.now();
  const source = openSnapshot(database);
  try {
    const target = await connect(url);
    let table: string | undefined;
    try {
      await target.query('BEGIN');
      // A service starting on the target meanwhile waits at its migrations for the copy to end.
      await target.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await refuseNonEmpty(target, url);
      const schemaVersion = await createSchema(target);
      const plans = await planCopy(source, target);
      const rows: Record<string, number> = {};
      // The derived tables (insight counts) are copied as they are: their triggers would count twice.
      for (const plan of plans) await target.query(`ALTER TABLE ${quoted(plan.table)} DISABLE TRIGGER USER`);
      for (const plan of plans) {
        table = plan.table;
        const tableBegan = performance.now();
        rows[plan.table] = await copyTable(source, target, plan);
        progress(`copied ${plan.table}: ${rows[plan.table]} rows in ${((performance.now() - tableBegan) / 1000).toFixed(1)} s`);
      }
      table = undefined;
      for (const plan of plans) await target.query(`ALTER TABLE ${quoted(plan.table)} ENABLE TRIGGER USER`);
      await continueSequences(target, plans);
      await target.query('COMMIT');
      return { to: databaseName(url), schema_version: schemaVersion, rows, seconds: Math.round((performance.now() - began) / 100) / 10 };
    } catch (error) {
      await target.query('ROLLBACK').catch(() => {});
      if (error instanceof OperatorError || error instanceof CopyFailedError) throw error;
      throw new CopyFailedError(failureLine(error, table));
    } finally {
      await target.end().catch(() => {});
    }
  } finally {
    source.close();
  }
}
