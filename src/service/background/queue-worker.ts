// Lists signatures left in the queue table: the service lists what it accepts in the commit
// that answers (signature-queue.ts), so rows are here only when a version that queued them
// stopped before listing them. It drains them on start and on each poll, in batches inside
// transactions, as signature-listing.ts lists any signature; the same poll runs the periodic
// upkeep (onTick).
import type { SignerInput } from '../../shared/signer-fields.js';
import type { DatabaseHealth } from '../store/database-health.js';
import { errorCode } from '../errors/error-code.js';
import { SignatureListing } from '../signatures/signature-listing.js';
import type { Store } from '../store/store.js';

const BATCH_SIZE = 1000;
/** Polls this often: upkeep, and rows another process may have left. */
const POLL_MS = 250;

export class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private stopped = false;
  /** The poll under way: polls never overlap. */
  private running: Promise<void> | undefined;
  private wakeSoon = false;

  constructor(
    private readonly store: Store,
    private readonly health: DatabaseHealth,
    private readonly onTick: (now: number) => Promise<void> | void = () => {},
    private readonly log: (line: string) => void = () => {},
    /** Called after a commit that left a confirmation email to send. */
    private readonly onConfirmationMailDue: () => void = () => {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.runSoon(), POLL_MS);
    this.runSoon();
  }

  /** Stops polling, waits for a poll under way, then lists what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await this.guarded(() => this.drainAll());
  }

  private runSoon(): void {
    if (this.wakeScheduled || this.stopped || this.running) return;
    this.wakeScheduled = true;
    setTimeout(() => {
      this.wakeScheduled = false;
      if (this.stopped) return;
      this.running = this.guarded(async () => {
        await this.onTick(Date.now());
        // One batch per turn keeps request handling responsive under a long backlog.
        if ((await this.drainBatch()) === BATCH_SIZE) this.wakeSoon = true;
      }).finally(() => {
        this.running = undefined;
        if (this.wakeSoon) {
          this.wakeSoon = false;
          this.runSoon();
        }
      });
    });
  }

  /**
   * A failed drain (the file locked by another process past the busy timeout, a full disk, the
   * database server gone) must not end the process: its transaction rolled back, the rows stay
   * queued, and the next poll tries again. The log names the error's code only.
   */
  private async guarded(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      // A storage outage is logged once, by the health check, not on every poll.
      if (!this.health.unavailable(error)?.outage) {
        this.log(`queue worker: drain failed (${errorCode(error)}); retrying on the next poll`);
      }
    }
  }

  private async drainAll(): Promise<void> {
    while ((await this.drainBatch()) === BATCH_SIZE);
  }

  /**
   * Lists up to one batch of queued signatures; returns how many queue rows it consumed. On
   * PostgreSQL the rows are claimed with SKIP LOCKED, so instances drain the queue together.
   */
  private async drainBatch(): Promise<number> {
    const listing = new SignatureListing(this.store, Date.now());
    const consumed = await this.store.db.transaction(async () => {
      const rows = await this.store.queueHead.all(BATCH_SIZE);
      if (rows.length === 0) return 0;
      await listing.lockPetitions(rows.map((row) => row.petition_id));
      // A row whose address already signed, or whose petition is gone, is consumed all the same.
      await listing.addAll(rows.map((row) => ({ ...row, signer: JSON.parse(row.signer) as SignerInput })));
      await listing.finish();
      await this.store.deleteQueued.run(JSON.stringify(rows.map(({ id }) => id)));
      return rows.length;
    });
    if (listing.mailDue) this.onConfirmationMailDue();
    return consumed;
  }
}
