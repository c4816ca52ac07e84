// Whether the database can be written right now. A full disk, a file system gone read-only or a
// database file moved or deleted under the running service is an outage: writes answer 503 with
// Retry-After (never 500, never a 202 into a file that is gone), the cause is logged once, and
// the service checks every second until it can write again, reopening the file if it was
// replaced (restored), then carries on by itself.
import { statSync } from 'node:fs';
import { ApiError } from '../errors/api-error.js';
import type { SqlEngine } from './engines/sql-engine.js';
import { errorCode } from '../errors/error-code.js';
import type { Store } from './store.js';
import { reconnectStore } from './store.js';

export interface Unavailable {
  retryAfter: number;
  message: string;
  /** The storage failed (logged once by the health check), rather than another process being busy. */
  outage: boolean;
}

const BUSY: Unavailable = { retryAfter: 1, message: 'service busy: try again in a moment', outage: false };
/** How long a client waits before trying again while the storage fails. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const OUTAGE: Unavailable = {
  retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
  message: 'service unavailable: its storage cannot be written; try again shortly',
  outage: true,
};

/**
 * "The storage itself failed": SQLite's codes, extended ones included (SQLITE_IOERR_WRITE, …);
 * on PostgreSQL, the server unreachable or gone (connection errors, SQLSTATE classes 08 and
 * 57P, a read-only transaction 25006, a full disk 53100, no connection slot 53300).
 */
const STORAGE_FAILURE =
  /^(SQLITE_(READONLY|IOERR|FULL|CANTOPEN|PERM)(_|$)|PG_CONNECTION$|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|EPIPE$|08...$|57P0[1-4]$|25006$|53100$|53300$)/;
/** A full disk, on either engine: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). */
const DISK_FULL = /^(SQLITE_FULL|53100)$/;
/**
 * Another writer was in the way: SQLite's write lock held past the busy timeout, or on
 * PostgreSQL a deadlock or serialization failure that rolled this transaction back. Try again.
 */
const BUSY_FAILURE = /^(SQLITE_(BUSY|LOCKED)(_|$)|40P01$|40001$|55P03$)/;

interface FileIdentity {
  dev: number;
  ino: number;
}

export interface DatabaseHealthOptions {
  /** The SQLite file to watch; null for a database server. */
  path: string | null;
  store: Store;
  /** Opens the file again (never creating it), for when it was replaced by another one. */
  reopen: () => SqlEngine;
  /**
   * Before writes resume after an outage: the WAL's pages into the file and the WAL cut back
   * (wal-checkpointer.ts), so the space just freed is not eaten again by a WAL still growing
   * while its checkpoint waits for room. Rejects while that cannot be done yet.
   */
  checkpoint?: () => Promise<void>;
  log: (line: string) => void;
  checkEveryMs?: number;
}

export class DatabaseHealth {
  private identity: FileIdentity | null;
  private outage: { cause: string; since: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** A check under way (they can take a while on a database server): checks never overlap. */
  private checking = false;

  constructor(private readonly options: DatabaseHealthOptions) {
    this.identity = this.identityAtPath();
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** False during an outage (/metrics' `petition_service_database_writable`). */
  get writable(): boolean {
    return this.outage === null;
  }

  /** The 503 answer for an error that means "not now"; null for any other error. */
  unavailable(error: unknown): Unavailable | null {
    const code = errorCode(error);
    if (BUSY_FAILURE.test(code)) return BUSY;
    if (!STORAGE_FAILURE.test(code)) return null;
    this.begin(code);
    return OUTAGE;
  }

  /** What /healthz says of the storage: null when it can be written, else why not, a full disk in words. */
  problem(): string | null {
    if (!this.outage) return null;
    return DISK_FULL.test(this.outage.cause) ? `its disk is full (${this.outage.cause})` : `its storage cannot be written (${this.outage.cause})`;
  }

  /** Before a write: while the storage is known to fail, the write is not attempted. */
  refuseWhileUnavailable(): void {
    if (this.outage) throw new ApiError(503, [OUTAGE.message], { retryAfter: OUTAGE.retryAfter });
  }

  /**
   * Before a commit: is the file open still the one at the path? SQLite keeps writing to a
   * file that was deleted or moved away, and those rows would be gone at the next start.
   */
  confirmInPlace(): void {
    if (!sameFile(this.identity, this.identityAtPath())) {
      this.begin('the database file was moved or deleted');
      this.refuseWhileUnavailable();
    }
  }

  private begin(cause: string): void {
    if (this.outage) return;
    this.outage = { cause, since: Date.now() };
    this.options.log(`database cannot be written (${cause}): answering 503 to writes until it can`);
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await this.checkNow();
    } finally {
      this.checking = false;
    }
  }

  private async checkNow(): Promise<void> {
    const atPath = this.identityAtPath();
    if (!this.outage) {
      if (!sameFile(this.identity, atPath)) this.begin('the database file was moved or deleted');
      return;
    }
    if (!atPath) return;
    try {
      if (!sameFile(this.identity, atPath)) {
        // Another file is there now (restored from a backup, say): carry on with that one.
        await reconnectStore(this.options.store, this.options.reopen());
        this.identity = atPath;
      }
      await this.options.checkpoint?.();
      await this.options.store.recordOpenedAt.run(new Date().toISOString());
    } catch (error) {
      this.outage.cause = errorCode(error);
      return;
    }
    this.options.log(`database writable again after ${Math.round((Date.now() - this.outage.since) / 1000)} s`);
    this.outage = null;
  }

  private identityAtPath(): FileIdentity | null {
    if (this.options.path === null) return SERVER;
    try {
      const { dev, ino } = statSync(this.options.path);
      return { dev, ino };
    } catch {
      return null;
    }
  }
}

/** A database server's identity: always itself. */
const SERVER: FileIdentity = { dev: -1, ino: -1 };

function sameFile(a: FileIdentity | null, b: FileIdentity | null): boolean {
  return a !== null && b !== null && a.dev === b.dev && a.ino === b.ino;
}
