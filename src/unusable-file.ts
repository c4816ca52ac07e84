// A data file a server cannot use (not a database, damaged, a folder in its place, unreadable) is
// the operator's to mend: the process stops at start with one line naming the file and what to do,
// rather than answering 500 to every request that touches it. Both servers' files go through here.
import type Database from 'better-sqlite3';

/** The one line: the file, what is wrong with it, and the remedy. Never the file's contents. */
export class UnusableFileError extends Error {
  override name = 'UnusableFileError';
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly remedy: string,
  ) {
    super(`${path} ${problem}: ${remedy}`);
  }
}

/**
 * What is wrong with a file, from the error its opening or reading threw, or undefined when the
 * error is not about the file (a bug, a full disk: those are reported as they are).
 */
export function fileProblemOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'SQLITE_NOTADB') return 'is not a database (SQLITE_NOTADB)';
  if (code.startsWith('SQLITE_CORRUPT')) return `is damaged (${code})`;
  if (code === 'SQLITE_CANTOPEN') return 'cannot be opened (SQLITE_CANTOPEN)';
  if (code.startsWith('SQLITE_IOERR') && code !== 'SQLITE_IOERR_WRITE' && code !== 'SQLITE_IOERR_FSYNC') return `cannot be read (${code})`;
  if (code === 'EISDIR') return 'is a folder, not a file (EISDIR)';
  if (code === 'ENOTDIR') return 'has a file in the way of its folder (ENOTDIR)';
  if (code === 'EACCES' || code === 'EPERM') return `cannot be read by this user (${code})`;
  return undefined;
}

/** Whether the problem is who may read the file, not what is in it: the remedy is its owner, not a backup. */
export function isPermissionProblem(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

/**
 * SQLite's own check of every page and row that it can make without comparing the indexes with
 * their tables (`PRAGMA quick_check`): it reads the whole file, so it is for files that stay small.
 * Its report is left out of the line: it could quote a damaged row.
 */
export function quickCheckProblem(db: Database.Database): string | undefined {
  const [first] = db.pragma('quick_check(1)') as Array<{ quick_check: string }>;
  return first?.quick_check === 'ok' ? undefined : 'is damaged (PRAGMA quick_check found errors)';
}
