// Opens the proxy's SQLite files in its data folder (state, outbox, webhooks) checked: one that is
// not a database, is damaged or cannot be read stops the proxy at start with one line naming it and
// what to do (unusable-file.ts), instead of a 500 for every signer who reaches it. `proxy doctor`
// looks at the same files the same way, without changing them.
import type Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { Sqlite } from '../../sqlite.js';
import { fileProblemOf, isPermissionProblem, quickCheckProblem, UnusableFileError } from '../../unusable-file.js';
import { makeDataDir, makePrivateDatabaseFile } from './data-dir.js';

export interface DataFile {
  path: string;
  /** What to do about the file when it cannot be used, and what that costs. */
  remedy: string;
}

/**
 * `configure` sets the connection's pragmas (the first read of the file, where a file that is not
 * a database fails); then SQLite checks every page (quick_check: an outbox of 100,000 signatures
 * queued through a long outage, 51 MB, opens in 54 ms from the page cache and 0.76 s from disk,
 * once, before the proxy listens); then `migrate` brings the schema up to date.
 */
export function openDataFile(file: DataFile, configure: (db: Database.Database) => void, migrate: (db: Database.Database) => void): Database.Database {
  makeDataDir(dirname(file.path));
  let db: Database.Database | undefined;
  try {
    makePrivateDatabaseFile(file.path);
    db = new Sqlite(file.path);
    configure(db);
    const problem = quickCheckProblem(db);
    if (problem) throw new UnusableFileError(file.path, problem, file.remedy);
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    throw unusable(file, error);
  }
}

/** What to do about a file the proxy's user may not read or write: nothing is wrong with its contents. */
export const PERMISSION_REMEDY = "run the proxy as the file's owner, or give the file to the proxy's user (chown), mode 0600";

/** The error as the operator's line when it is about the file; any other error as it is. */
function unusable(file: DataFile, error: unknown): unknown {
  if (error instanceof UnusableFileError) return error;
  const problem = fileProblemOf(error);
  if (problem === undefined) return error;
  return new UnusableFileError(file.path, problem, isPermissionProblem(error) ? PERMISSION_REMEDY : file.remedy);
}

export type DataFileState = { kind: 'missing' } | { kind: 'fine' } | { kind: 'unusable'; error: UnusableFileError };

/** The file as `proxy doctor` finds it: opened read-only, never created, never migrated. */
export function inspectDataFile(file: DataFile): DataFileState {
  let db: Database.Database | undefined;
  try {
    // SQLite says only "cannot open" for a folder or a missing file: the file system says which.
    if (statSync(file.path).isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    db = new Sqlite(file.path, { readonly: true, fileMustExist: true });
    db.pragma('user_version');
    const problem = quickCheckProblem(db);
    if (problem) return { kind: 'unusable', error: new UnusableFileError(file.path, problem, file.remedy) };
    return { kind: 'fine' };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { kind: 'missing' };
    const found = unusable(file, error);
    if (found instanceof UnusableFileError) return { kind: 'unusable', error: found };
    throw found;
  } finally {
    db?.close();
  }
}
