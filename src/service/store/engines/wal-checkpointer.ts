// Copies the WAL's pages into the database file from a worker thread, so the event loop that
// answers signers never waits for it. SQLite's own automatic checkpoint runs inside the COMMIT
// that crosses 1,000 pages: there, a group commit of signatures also copies the pages and waits
// for two fsyncs (docs/benchmarks.md "Service: ingest"). The service's connection turns it off
// (database.ts) and this thread checkpoints PASSIVE, which never blocks a writer, every
// CHECKPOINT_EVERY_MS. It opens the file anew each time, so a file replaced after an outage
// (database-health.ts) is the one checkpointed; if the thread dies, the connection's own
// checkpoint comes back at FALLBACK_PAGES, so the WAL never grows without end.
import { Worker } from 'node:worker_threads';
import { SQLITE_DRIVER_PATH } from '../../../sqlite.js';

export const CHECKPOINT_EVERY_MS = 250;
/** The service connection's own checkpoint, should this thread stop: 16,000 pages, 64 MiB of WAL. */
export const FALLBACK_PAGES = 16_000;

// Plain JavaScript run as a worker (eval): no loader is needed in the thread, under tsx or built.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
function checkpoint() {
  let db;
  try {
    db = new Database(workerData.path, { fileMustExist: true, timeout: 0 });
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log, checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.code || error) });
  } finally {
    if (db) db.close();
  }
}
// After an outage: every page into the file, and the WAL cut to nothing, before writes resume.
function truncate(id) {
  let db;
  try {
    db = new Database(workerData.path, { fileMustExist: true, timeout: workerData.truncateWaitMs });
    const [{ busy }] = db.pragma('wal_checkpoint(TRUNCATE)');
    parentPort.postMessage({ truncated: id, error: busy ? 'SQLITE_BUSY' : undefined });
  } catch (error) {
    parentPort.postMessage({ truncated: id, error: String(error && error.code || error) });
  } finally {
    if (db) db.close();
  }
}
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'stop') { clearInterval(timer); checkpoint(); parentPort.close(); }
  else if (message && message.truncate !== undefined) truncate(message.truncate);
});
`;

/** How long a truncating checkpoint waits for readers to finish with the WAL. */
const TRUNCATE_WAIT_MS = 2000;

export interface CheckpointReport {
  /** Pages in the WAL, and how many of them are now in the database file. */
  log?: number;
  checkpointed?: number;
  /** The error's code: the file locked past the moment, gone, or the disk full. Tried again next time. */
  error?: string;
}

/**
 * What the operator is told about the checkpoints: a failure once, when a run of them begins
 * (with its error code only), and the first success after it. A WAL that keeps growing is then
 * never silent, and a busy moment costs one line each way.
 */
export function checkpointLog(log: (line: string) => void): (report: CheckpointReport) => void {
  let failing = false;
  return (report) => {
    if (report.error !== undefined) {
      if (!failing) log(`database checkpoint failed (${report.error}): the WAL file grows until one succeeds; trying every ${CHECKPOINT_EVERY_MS} ms`);
      failing = true;
    } else if (failing) {
      failing = false;
      log('database checkpoint works again');
    }
  };
}

export class WalCheckpointer {
  readonly #worker: Worker;
  readonly #exited: Promise<void>;
  #ended = false;
  /** Truncations asked for and not answered yet, by id. */
  readonly #truncations = new Map<number, { resolve(): void; reject(error: Error): void }>();
  #nextTruncation = 0;

  constructor(path: string, onReport: (report: CheckpointReport) => void = () => {}) {
    this.#worker = new Worker(THREAD, {
      eval: true,
      workerData: { path, driver: SQLITE_DRIVER_PATH, everyMs: CHECKPOINT_EVERY_MS, truncateWaitMs: TRUNCATE_WAIT_MS },
    });
    this.#exited = new Promise((resolve) =>
      this.#worker.once('exit', () => {
        this.#ended = true;
        for (const waiting of this.#truncations.values()) waiting.reject(Object.assign(new Error('checkpoint thread ended'), { code: 'CHECKPOINTER_ENDED' }));
        this.#truncations.clear();
        resolve();
      }),
    );
    this.#worker.on('message', (message: CheckpointReport & { truncated?: number }) => {
      if (message.truncated === undefined) return onReport(message);
      const waiting = this.#truncations.get(message.truncated);
      this.#truncations.delete(message.truncated);
      if (message.error === undefined) waiting?.resolve();
      else waiting?.reject(Object.assign(new Error(`checkpoint failed (${message.error})`), { code: message.error }));
    });
    // A thread that fails leaves the connection's fallback checkpoint in charge; it never ends the service.
    this.#worker.on('error', () => undefined);
    this.#worker.unref();
  }

  /**
   * Copies every page of the WAL into the database file and cuts the WAL to nothing, in the
   * thread; rejects with the error's code (SQLITE_FULL while there is not yet room for the pages,
   * SQLITE_BUSY while a reader holds them). Where the thread has ended, the connection's own
   * checkpoints are in charge, and this resolves at once.
   */
  truncate(): Promise<void> {
    if (this.#ended) return Promise.resolve();
    const id = this.#nextTruncation++;
    return new Promise((resolve, reject) => {
      this.#truncations.set(id, { resolve, reject });
      this.#worker.postMessage({ truncate: id });
    });
  }

  /** Checkpoints once more and ends the thread. */
  async stop(): Promise<void> {
    // Held open again until the thread has ended: its last checkpoint is awaited.
    this.#worker.ref();
    this.#worker.postMessage('stop');
    await this.#exited;
  }
}
