// One heavy job of a kind per petition at a time (two delivery PDFs of one petition would only
// halve each other's pace and double the load on signers), with a log line when it starts and
// one when it ends: the kind, the petition's id, counts and the time it took, never a signer.
// The rule is kept by each process: instances sharing one PostgreSQL database each keep their own.
import { errorCode } from '../errors/error-code.js';
import { OperatorError } from '../errors/operator-error.js';

type HeavyJobKind = 'delivery PDF' | 'signature export' | 'paper batch' | 'bulk invalidation';

/** How a job ended, for its last log line. */
type JobEnd = { outcome: 'finished' | 'cancelled'; detail: string } | { outcome: 'failed'; code: string; detail?: string };

export interface RunningJob {
  /** Whether end() has been called. */
  readonly ended: boolean;
  /** Frees the petition for the next job of this kind and logs the end; later calls do nothing. */
  end(end: JobEnd): void;
}

/** Refuses a second job of a kind on one petition; the console shows its message (409). */
class JobRunningError extends OperatorError {
  override name = 'JobRunningError';
}

export class HeavyJobs {
  readonly #running = new Set<number>();
  /** How each petition's last job of this kind ended, in this process (the console shows it). */
  readonly #lastEnds = new Map<number, string>();

  constructor(
    readonly kind: HeavyJobKind,
    private readonly log: (line: string) => void,
    /** What the refusal tells the operator, e.g. "A delivery PDF of this petition is being prepared". */
    private readonly busyMessage: string,
  ) {}

  /** Claims the petition for this kind of job, or throws JobRunningError when one already runs. */
  begin(petitionId: number): RunningJob {
    if (this.#running.has(petitionId)) throw new JobRunningError(`${this.busyMessage}: it is already running. Try again when it has finished.`);
    this.#running.add(petitionId);
    const started = performance.now();
    this.log(`${this.kind} of petition ${petitionId} started`);
    let ended = false;
    return {
      get ended() {
        return ended;
      },
      end: (end) => {
        if (ended) return;
        ended = true;
        this.#running.delete(petitionId);
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        const what = end.outcome === 'failed' ? `failed (${end.code})` : end.outcome;
        const detailText = end.detail ? `: ${end.detail}` : '';
        this.#lastEnds.set(petitionId, `${what}${detailText}`);
        this.log(`${this.kind} of petition ${petitionId} ${what}${detailText} in ${seconds} s`);
      },
    };
  }

  /** How this petition's last job of this kind ended since the process started ("finished: 12 signatures, 1 pages"), if one did. */
  lastEnd(petitionId: number): string | undefined {
    return this.#lastEnds.get(petitionId);
  }

  /** Runs `work` as this petition's job of this kind, ending it however `work` ends. */
  async run<T>(petitionId: number, work: () => Promise<T>, summary: (result: T) => string): Promise<T> {
    const job = this.begin(petitionId);
    try {
      const result = await work();
      job.end({ outcome: 'finished', detail: summary(result) });
      return result;
    } catch (error) {
      job.end({ outcome: 'failed', code: errorCode(error) });
      throw error;
    }
  }
}
