// Opens the database a service or an admin command works on. A service started beside its PostgreSQL (one `docker compose up`, a host's boot) often comes up
// first. A database that is not reachable *yet* is waited for, with backoff, saying so at each
// try; one that answers and refuses (an unknown role, a read-only standby, a database that does
// not exist) is not, since no wait mends it. A SQLite file is there or not: never waited for.
import { errorCode } from '../../errors/error-code.js';
import { fileProblemOf, isPermissionProblem } from '../../../unusable-file.js';
import { NewerSchemaError } from '../../../newer-schema.js';
import type { OpenOptions } from './database.js';
import type { SqlEngine } from './sql-engine.js';
import { DatabaseNotWritableError, databaseName, isPostgresUrl, openStoreEngine } from './store-engine.js';

const FIRST_RETRY_MS = 500;
export const LONGEST_RETRY_MS = 10_000;

/**
 * Not reachable yet: no connection (refused, reset, timed out, no route, a name not resolved yet),
 * PostgreSQL still starting (57P03), out of connection slots (53300), or a connection cut without
 * a code (the engine tags it PG_CONNECTION).
 */
const NOT_YET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE', '57P03', '53300', 'PG_CONNECTION']);

/** The pause before try `attempt + 1` (attempt counts from 1): doubling from 0.5 s, at most 10 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 20));
}

export interface DatabaseWait {
  /** How long in all to wait for a database that is not reachable yet; 0 tries once. */
  maxWaitMs: number;
  log: (line: string) => void;
  /** Stops the wait (a SIGTERM while waiting): the open rejects with the signal's reason. */
  signal?: AbortSignal;
  now?: () => number;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

const NO_WAIT: DatabaseWait = { maxWaitMs: 0, log: () => {} };

/**
 * A SQLite file the service cannot use: the line says what is wrong and what to do. Moving a
 * damaged file aside would start an empty service, so the remedy is the backup, with the cost of
 * the alternative spelled out. Any other failure (a read-only file, a full disk) keeps its code.
 */
function unusableFileLine(path: string, code: string): string | undefined {
  const problem = fileProblemOf({ code });
  if (problem === undefined || code.startsWith('SQLITE_IOERR')) return undefined;
  const remedy =
    code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')
      ? 'if --db names the right file, restore it from a backup; moving it aside starts an empty service, without its petitions, signatures, consumers and keys'
      : isPermissionProblem({ code })
        ? "run the service as the file's owner, or give the file to the service's user (chown), mode 0600"
        : 'check --db: it names the database file';
  return `the database ${path} ${problem}: ${remedy}`;
}

/**
 * openStoreEngine, waiting for a PostgreSQL that is not reachable yet; a failure in one line, its
 * code saying why (SQLITE_READONLY, EACCES, ENOTDIR, SQLITE_NOTADB, ECONNREFUSED, 28000, …) and
 * a URL named without its password.
 */
export async function openWritableEngine(database: string, options: OpenOptions = {}, wait: DatabaseWait = NO_WAIT): Promise<SqlEngine> {
  const now = wait.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      const engine = await openStoreEngine(database, options);
      if (attempt > 1) wait.log(`the database ${databaseName(database)} is reachable after ${seconds(now() - started)}: starting`);
      return engine;
    } catch (error) {
      // A newer schema is no outage to wait out: refused at once, in its own words.
      if (error instanceof NewerSchemaError) throw new DatabaseNotWritableError(`the database ${error.message}`);
      const code = errorCode(error);
      const waited = now() - started;
      const delay = Math.min(retryDelayMs(attempt), wait.maxWaitMs - waited);
      if (!isPostgresUrl(database) || !NOT_YET.has(code) || delay <= 0) {
        const after = attempt > 1 ? ` after waiting ${seconds(waited)}` : '';
        const unusable = isPostgresUrl(database) ? undefined : unusableFileLine(database, code);
        throw new DatabaseNotWritableError(unusable ?? `the database ${databaseName(database)} cannot be opened for writing (${code})${after}`);
      }
      wait.log(`the database ${databaseName(database)} is not reachable yet (${code}): trying again in ${seconds(delay)}, waiting ${seconds(wait.maxWaitMs)} in all`);
      await pause(delay, wait.signal);
    }
  }
}
