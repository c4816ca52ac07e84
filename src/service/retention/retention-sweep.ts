// The retention period at work (index.ts starts and stops it): on its own timer, every minute,
// it records the closing moment of petitions that closed (petition-closing.ts) and erases the
// personal data of those whose date has come (personal-data-erasure.ts), one petition at a time,
// never two runs at once in this process. Each erasure is audited and logged with counts only.
// The operator's early erasure (the console) runs through the same sweep, so it never overlaps
// the timer's.
import { errorCode } from '../errors/error-code.js';
import { OperatorError } from '../errors/operator-error.js';
import { RETENTION } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import type { Store } from '../store/store.js';
import { closingMoment } from './petition-closing.js';
import { erasePetitionPersonalData, erasureDetail } from './personal-data-erasure.js';
import type { ErasureCounts } from './personal-data-erasure.js';
import { erasureIsDue, retentionState } from './retention-state.js';

const SWEEP_EVERY_MS = 60_000;

/** An early erasure of an open petition, refused. */
class PetitionOpenError extends OperatorError {
  constructor() {
    super('This petition is open: close it before erasing its signers\' personal data.');
  }
}

export interface RetentionSweepOptions {
  store: Store;
  /** The service's `--retain-days-after-close`, or null: kept until an operator erases. */
  serviceDays: number | null;
  /** Empties the SQLite WAL off the event loop (wal-checkpointer.ts); resolves at once on PostgreSQL. */
  truncateWal: () => Promise<void>;
  log: (line: string) => void;
  /** How often the timer sweeps; tests shorten it. */
  everyMs?: number;
  now?: () => number;
}

export class RetentionSweep {
  readonly serviceDays: number | null;
  #timer: NodeJS.Timeout | undefined;
  /** The erasure or sweep under way: the next one waits for it. */
  #running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RetentionSweepOptions) {
    this.serviceDays = options.serviceDays;
  }

  /** What the service keeps, in one line: `petition-embed service` prints it with its other start lines. */
  get startLine(): string {
    const days = this.options.serviceDays;
    return days === null
      ? 'retention: off (no --retain-days-after-close): signers\' personal data is kept until an operator erases it, except on petitions given their own period'
      : `retention: signers' personal data is erased ${days} days after their petition closes`;
  }

  /** Sweeps now and every minute. */
  start(): void {
    this.#timer = setInterval(() => void this.sweep(), this.options.everyMs ?? SWEEP_EVERY_MS);
    void this.sweep();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }

  /** Records closings and erases what is due; a failure is logged by its code and tried again at the next sweep. */
  sweep(): Promise<void> {
    return this.#serially(async () => {
      try {
        await this.#sweepOnce();
      } catch (error) {
        this.options.log(`retention: sweep failed (${errorCode(error)}); trying again at the next one`);
      }
    });
  }

  /**
   * The operator's early erasure, after any sweep under way, as the same kind of run. Only a
   * closed petition's: an open one would take the same signers again once their emails are gone.
   */
  eraseNow(petitionId: number, actor: Actor): Promise<ErasureCounts> {
    return this.#serially(async () => {
      const { store } = this.options;
      const petition = await store.petitionRetention.get(petitionId);
      if (!petition) throw new OperatorError(`petition ${petitionId} not found`);
      const moment = closingMoment(petition, (this.options.now ?? Date.now)());
      if (moment === null) throw new PetitionOpenError();
      if (petition.closed_at === null) await store.recordClosedAt.run(moment, petitionId);
      return this.#erase(petitionId, actor, 'operator');
    });
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#running.then(work);
    this.#running = result.catch(() => undefined);
    return result;
  }

  async #sweepOnce(): Promise<void> {
    const { store } = this.options;
    const now = (this.options.now ?? Date.now)();
    for (const petition of await store.petitionsToWatch.all()) {
      const moment = closingMoment(petition, now);
      if (moment !== petition.closed_at) {
        if (moment === null) await store.forgetClosedAt.run(petition.id);
        else await store.recordClosedAt.run(moment, petition.id);
      }
      const recorded = (await store.petitionRetention.get(petition.id))!;
      if (erasureIsDue(retentionState(recorded, this.options.serviceDays, now), now)) {
        await this.#erase(petition.id, RETENTION, 'retention period');
      }
    }
  }

  async #erase(petitionId: number, actor: Actor, reason: 'retention period' | 'operator'): Promise<ErasureCounts> {
    const started = performance.now();
    const { counts, walEmptied } = await erasePetitionPersonalData(this.options.store, petitionId, {
      reason,
      actor,
      truncateWal: this.options.truncateWal,
      now: this.options.now,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const wal = walEmptied ? '' : '; the WAL is emptied at its next checkpoint';
    this.options.log(`retention: petition ${petitionId} personal data erased (${erasureDetail(reason, counts)}) in ${seconds} s${wal}`);
    return counts;
  }
}
