// Lists signatures left in the queue table: the service lists what it accepts in the commit
// that answers (signature-queue.ts), so rows are here only when a version that queued them
// stopped before listing them. It drains them on start and on each poll, in batches inside
// transactions, as signature-listing.ts lists any signature; the same poll runs the periodic
// upkeep (onTick).
import type { SignerInput } from '../shared/signature-schema.js';
import type { DatabaseHealth } from './database-health.js';
import { errorCode } from './error-code.js';
import { SignatureListing } from './signature-listing.js';
import type { Store } from './store.js';

const BATCH_SIZE = 1000;
/** Polls this often: upkeep, and rows another process may have left. */
const POLL_MS = 250;

export class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly health: DatabaseHealth,
    private readonly onTick: (now: number) => void = () => {},
    private readonly log: (line: string) => void = () => {},
    /** Called after a commit that left a confirmation email to send. */
    private readonly onConfirmationMailDue: () => void = () => {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.runSoon(), POLL_MS);
    this.runSoon();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.guarded(() => this.drainAll());
  }

  private runSoon(): void {
    if (this.wakeScheduled || this.stopped) return;
    this.wakeScheduled = true;
    setTimeout(() => {
      this.wakeScheduled = false;
      if (this.stopped) return;
      this.guarded(() => {
        this.onTick(Date.now());
        // One batch per turn keeps request handling responsive under a long backlog.
        if (this.drainBatch() === BATCH_SIZE) this.runSoon();
      });
    });
  }

  /**
   * A failed drain (the file locked by another process past the busy timeout, a full disk)
   * must not end the process: its transaction rolled back, the rows stay queued, and the next
   * poll tries again. The log names the error's code only.
   */
  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      // A storage outage is logged once, by the health check, not on every poll.
      if (!this.health.unavailable(error)?.outage) {
        this.log(`queue worker: drain failed (${errorCode(error)}); retrying on the next poll`);
      }
    }
  }

  private drainAll(): void {
    while (this.drainBatch() === BATCH_SIZE);
  }

  /** Lists up to one batch of queued signatures; returns how many queue rows it consumed. */
  private drainBatch(): number {
    const listing = new SignatureListing(this.store, Date.now());
    const consumed = this.store.db.transaction(() => {
      const rows = this.store.queueHead.all(BATCH_SIZE);
      if (rows.length === 0) return 0;
      // A row whose address already signed, or whose petition is gone, is consumed all the same.
      for (const row of rows) listing.add({ ...row, signer: JSON.parse(row.signer) as SignerInput });
      listing.finish();
      this.store.deleteQueuedUpTo.run(rows[rows.length - 1]!.id);
      return rows.length;
    }).immediate();
    if (listing.mailDue) this.onConfirmationMailDue();
    return consumed;
  }
}
