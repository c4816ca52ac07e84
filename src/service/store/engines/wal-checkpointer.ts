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
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'stop') { clearInterval(timer); checkpoint(); parentPort.close(); }
});
`;

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

  constructor(path: string, onReport: (report: CheckpointReport) => void = () => {}) {
    this.#worker = new Worker(THREAD, { eval: true, workerData: { path, driver: SQLITE_DRIVER_PATH, everyMs: CHECKPOINT_EVERY_MS } });
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.on('message', onReport);
    // A thread that fails leaves the connection's fallback checkpoint in charge; it never ends the service.
    this.#worker.on('error', () => undefined);
    this.#worker.unref();
  }

  /** Checkpoints once more and ends the thread. */
  async stop(): Promise<void> {
    // Held open again until the thread has ended: its last checkpoint is awaited.
    this.#worker.ref();
    this.#worker.postMessage('stop');
    await this.#exited;
  }
}
