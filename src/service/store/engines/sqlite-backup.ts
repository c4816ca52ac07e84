// `admin backup`: a consistent copy of the service's SQLite file while the service signs, with
// SQLite's online backup API. The copy holds personal data and keys, so it is made 0600 before a
// byte goes in, and its mode is checked again once written.
import { constants } from 'node:fs';
import { lstat, open, stat, unlink } from 'node:fs/promises';
import { Sqlite } from '../../../sqlite.js';
import { OperatorError } from '../../errors/operator-error.js';
import { errorCode } from '../../errors/error-code.js';
import { isPostgresUrl } from './store-engine.js';

/** What the copy holds, printed by the command (counts only: never a signer's data). */
export interface BackupSummary {
  out: string;
  schema_version: number;
  petitions: number;
  signatures: number;
  /** Answered 202 and not yet written as signatures: the restored service writes them. */
  queued_signatures: number;
  bytes: number;
}

/** Pages per step at first (4 MiB of 4 KiB pages): the event loop runs between steps. */
const FIRST_STEP_PAGES = 1024;

/** The line a PostgreSQL `--db` gets: its own tools copy it consistently, this command does not. */
const POSTGRES_BACKUP_LINE =
  'admin backup copies a SQLite file only: on PostgreSQL use pg_dump -Fc (restore with pg_restore), or continuous archiving (WAL archiving with pg_basebackup)';

/**
 * Checked before the admin command opens the database: PostgreSQL is refused, and so is a file
 * that is not there (opening it would create an empty service database, and back that up).
 */
export async function checkBackupSource(database: string): Promise<void> {
  if (isPostgresUrl(database)) throw new OperatorError(POSTGRES_BACKUP_LINE);
  const isFile = await stat(database).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!isFile) throw new OperatorError(`--db: ${database} is not a file; name the service's database file`);
}

const isMissing = (error: unknown) => errorCode(error) === 'ENOENT';

/** Creates `out` empty and 0600, refusing one that exists (a link too): a backup never overwrites. */
async function createPrivateFile(out: string): Promise<void> {
  const existing = await lstat(out).then(
    () => true,
    (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
  );
  if (existing) throw new OperatorError(`--out: ${out} exists; a backup never overwrites a file, name a new one`);
  const file = await open(out, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600).catch((error: unknown) => {
    throw new OperatorError(`--out: ${out} cannot be created (${errorCode(error)})`);
  });
  // The umask could only take bits away, but a chmod makes the mode exact whatever it is.
  await file.chmod(0o600);
  await file.close();
}

/** Every file of the copy (the -wal and -shm exist while a connection has it open) must be 0600. */
async function checkPrivate(out: string): Promise<void> {
  for (const path of [out, `${out}-wal`, `${out}-shm`, `${out}-journal`]) {
    const mode = await stat(path).then(
      (info) => info.mode & 0o777,
      (error: unknown) => (isMissing(error) ? null : Promise.reject(error)),
    );
    if (mode !== null && mode !== 0o600) throw new OperatorError(`${path} came out with mode ${mode.toString(8)}, not 600: remove it`);
  }
}

/**
 * The next step's size. SQLite restarts a backup from the first page when another connection
 * (the running service) writes the source between steps; under a steady stream of signatures
 * small steps could restart forever. After a restart the rest is copied in one step, which holds
 * one read snapshot: in WAL mode that never blocks the service's writes (its checkpoints only
 * stop short of the snapshot until the step ends).
 */
function stepPlanner(): (progress: { totalPages: number; remainingPages: number }) => number {
  let lastRemaining = Infinity;
  let restarted = false;
  return ({ totalPages, remainingPages }) => {
    if (remainingPages > lastRemaining) restarted = true;
    lastRemaining = remainingPages;
    return restarted ? totalPages + 1 : FIRST_STEP_PAGES;
  };
}

function countsOf(out: string): Omit<BackupSummary, 'out' | 'bytes'> {
  const copy = new Sqlite(out, { fileMustExist: true });
  try {
    const count = (table: string) => copy.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    const hasQueue = copy.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'signature_queue'").get() !== undefined;
    return {
      schema_version: copy.pragma('user_version', { simple: true }) as number,
      petitions: count('petitions'),
      signatures: count('signatures'),
      queued_signatures: hasQueue ? count('signature_queue') : 0,
    };
  } finally {
    // The last connection to close checkpoints and removes the copy's -wal and -shm.
    copy.close();
  }
}

/** Copies the service's SQLite file `source` to a new file `out` (0600) and says what it holds. */
export async function backupSqlite(source: string, out: string): Promise<BackupSummary> {
  await checkBackupSource(source);
  let database;
  try {
    database = new Sqlite(source, { fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    // Fails now, before the copy, on a file that is not a service database.
    database.prepare('SELECT count(*) FROM petitions').get();
  } catch (error) {
    database?.close();
    throw new OperatorError(`--db: ${source} is not a service database that can be read (${errorCode(error)})`);
  }
  try {
    await createPrivateFile(out);
    try {
      await database.backup(out, { progress: stepPlanner() });
      const counts = countsOf(out);
      await checkPrivate(out);
      return { out, ...counts, bytes: (await stat(out)).size };
    } catch (error) {
      // A half-made copy is no backup: it goes, so it cannot be restored by mistake.
      for (const path of [out, `${out}-wal`, `${out}-shm`, `${out}-journal`]) await unlink(path).catch(() => {});
      throw error;
    }
  } finally {
    database.close();
  }
}
