// Which engine a `--db` value names: a postgres:// (or postgresql://) URL is a PostgreSQL
// database, anything else a SQLite file's path. Both are opened with their schema created or
// migrated, ready for createStore (store.ts).
import { DEFAULT_BUSY_TIMEOUT_MS, openDatabase, RECORD_OPENED_AT } from './database.js';
import type { OpenOptions } from './database.js';
import type { SqlEngine } from './sql-engine.js';
import { SqliteEngine } from './sqlite-engine.js';

export function isPostgresUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//i.test(database);
}

/** The database as a log line or an error may name it: a URL's password is left out. */
export function databaseName(database: string): string {
  if (!isPostgresUrl(database)) return database;
  try {
    const url = new URL(database);
    url.password = '';
    return url.href;
  } catch {
    return 'postgres://…';
  }
}

export async function openStoreEngine(database: string, options: OpenOptions = {}): Promise<SqlEngine> {
  if (!isPostgresUrl(database)) return new SqliteEngine(openDatabase(database, options));
  // Loaded only here: a service on SQLite never loads the PostgreSQL driver.
  const { PostgresEngine } = await import('./postgres-engine.js');
  const engine = await PostgresEngine.open(database, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS, databaseName(database));
  try {
    // A real write, committed: a read-only role or a standby is refused at start, as a read-only file is.
    await engine.prepare<[string]>(RECORD_OPENED_AT).run(new Date().toISOString());
  } catch (error) {
    await engine.close();
    throw error;
  }
  return engine;
}

/** The database cannot be opened for writing: the service does not start on it, an admin command does nothing. */
export class DatabaseNotWritableError extends Error {
  override name = 'DatabaseNotWritableError';
}
