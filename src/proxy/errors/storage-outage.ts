// A write to the proxy's data folder that failed for the storage's own reasons (the disk full, a
// file system gone read-only, an I/O error): a signature that could not be stored is refused with
// 503 and Retry-After, so the signer tries again, never told it was received (202) nor that
// something broke (500). The operator hears of it once per episode: when writes start failing,
// and when one works again.
import { ProxyError } from './proxy-error.js';

/** SQLite's codes (extended ones included, SQLITE_IOERR_WRITE …) and the file system's, for a write that storage refused. */
const STORAGE_FAILURE = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN|PERM)(_.*)?|ENOSPC|EDQUOT|EIO|EROFS)$/;

/** How long a signer waits before trying again: about what an operator needs to free space. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

export const STORAGE_MESSAGE = 'This website cannot store signatures at the moment. Your signature was not received: try again in a minute.';

/**
 * better-sqlite3 and node:fs give a code; a Durable Object's SQLite (the Worker) names it only in
 * its message ("database or disk is full: SQLITE_FULL").
 */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return /\bSQLITE_[A-Z_]+\b/.exec(error instanceof Error ? error.message : '')?.[0] ?? '';
}

/** The code, with "disk full" said in words where that is what it means (the operator's first question). */
export function storageCause(code: string): string {
  return /FULL|ENOSPC|EDQUOT/.test(code) ? `disk full, ${code}` : code;
}

export function isStorageFailure(error: unknown): boolean {
  return STORAGE_FAILURE.test(codeOf(error));
}

/** What the storage is doing now, for /healthz: fine, or failing since a moment and why. */
export type StorageState = { failing: false } | { failing: true; cause: string; since: number };

export class StorageOutage {
  #state: StorageState = { failing: false };

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get state(): StorageState {
    return this.#state;
  }

  /**
   * Runs `write`; a storage failure becomes the 503 above and opens an episode, any other error
   * goes on as it is, and a write that works closes the episode.
   */
  async guard<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      this.failed(codeOf(error));
      throw new ProxyError(503, [STORAGE_MESSAGE], { retryAfter: STORAGE_RETRY_AFTER_SECONDS });
    }
    this.worked();
    return result;
  }

  /** A write failed for the storage's reasons (`code`): said once, when an episode begins. */
  failed(code: string): void {
    if (this.#state.failing) return;
    this.#state = { failing: true, cause: code, since: this.now() };
    this.log(`data folder cannot be written (${storageCause(code)}): signatures are answered 503 until it can`);
  }

  worked(): void {
    if (!this.#state.failing) return;
    const seconds = Math.round((this.now() - this.#state.since) / 1000);
    this.#state = { failing: false };
    this.log(`data folder writable again after ${seconds} s`);
  }
}
