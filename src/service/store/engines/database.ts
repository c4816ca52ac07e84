// Opens the service's one SQLite file and creates or migrates its schema; both the running
// service and the admin commands (possibly another process) go through here.
import { FALLBACK_PAGES } from './wal-checkpointer.js';
import type Database from 'better-sqlite3';
import { Sqlite } from '../../../sqlite.js';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from '../../errors/error-code.js';
import { checkTablesReadable } from './database-check.js';
import { MIGRATIONS } from '../migrations/migrations.js';
import { refuseNewerSchema } from '../../../newer-schema.js';

export type ServiceDatabase = Database.Database;

/** The most the WAL file keeps once reset: 4 MiB, a second or so of signatures at full pace. */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** How long a write waits for another process's write lock before SQLITE_BUSY (then 503). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface OpenOptions {
  busyTimeoutMs?: number;
  /** Reopening after a failure: never create a new, empty file where the real one went missing. */
  mustExist?: boolean;
}

/**
 * Opens the file, creating it (0600, in a 0700 folder when that is created too) unless
 * `mustExist`, checks that its tables can be read (database-check.ts), and proves that it can be
 * written: a service on a file it cannot write would take signatures' requests only to fail every
 * one of them.
 */
export function openDatabase(dbPath: string, options: OpenOptions = {}): ServiceDatabase {
  if (!options.mustExist) createPrivateFile(dbPath);
  const db = new Sqlite(dbPath, { fileMustExist: true });
  try {
    configure(db, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
    checkTablesReadable(db);
    migrate(db);
    proveWritable(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * The file holds the consumers' secrets, the keys and every signer: only its owner may read it.
 * SQLite gives the -wal and -shm files the database file's mode, so they follow.
 */
function createPrivateFile(dbPath: string): void {
  try {
    mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  } catch (error) {
    // mkdir says EEXIST when a file stands where a folder of the path should be.
    if (errorCode(error) === 'EEXIST') throw Object.assign(new Error('a file is in the way of the folder'), { code: 'ENOTDIR' });
    throw error;
  }
  closeSync(openSync(dbPath, 'a', 0o600));
  // The path is the operator's to give: a file that is not a database (a slip like --db
  // /etc/passwd) is refused before its mode is touched, never made unreadable to its other users.
  if (!isEmptyOrSqlite(dbPath)) throw Object.assign(new Error('not an SQLite database'), { code: 'SQLITE_NOTADB' });
  for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether the file is empty (new) or starts as every SQLite database does. */
function isEmptyOrSqlite(path: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const descriptor = openSync(path, 'r');
  try {
    const read = readSync(descriptor, header, 0, header.length, 0);
    return read === 0 || (read === header.length && header.equals(SQLITE_HEADER));
  } finally {
    closeSync(descriptor);
  }
}

/** A real write, on either engine: proves at start and after an outage that the database can be written. */
export const RECORD_OPENED_AT =
  "INSERT INTO service_state (name, value) VALUES ('opened_at', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value";

/** A real write, committed: a file opened read-only, or on a full or read-only disk, fails it. */
function proveWritable(db: ServiceDatabase): void {
  db.prepare(RECORD_OPENED_AT).run(new Date().toISOString());
}

function configure(db: ServiceDatabase, busyTimeoutMs: number): void {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the OS's hands before we answer, so killing the process
  // loses nothing; only a power cut can lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros, free pages included: a signer erased on request
  // (signer-erasure.ts) and a queue row's copy of their details must not linger in the file.
  db.pragma('secure_delete = ON');
  // 16 MiB of page cache instead of 2: a signature goes into three indexes on random keys (the
  // console's search), and on a large petition a small cache re-reads and re-writes their
  // pages (a 500,000-signature seed: 32 s with 2 MiB, 22 s with 16, 21 with 64).
  db.pragma('cache_size = -16384');
  // The service checkpoints from a worker thread (wal-checkpointer.ts); this is the fallback.
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  // A WAL that grew (a reader held its pages, a full disk stopped the checkpoints) is cut back to
  // this size when it is next reset, rather than keeping the disk space for good.
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // The admin commands write from another process while the service runs.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
}

function migrate(db: ServiceDatabase): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  refuseNewerSchema(db.name, version(), MIGRATIONS.length);
  if (version() >= MIGRATIONS.length) return;
  // Immediate: a second process opening the same new file waits, then sees the work done.
  db.transaction(() => {
    for (let next = version(); next < MIGRATIONS.length; next++) {
      const migration = MIGRATIONS[next]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
