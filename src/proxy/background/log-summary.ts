// Log lines that anyone can cause (a refused callback needs no secret) are summarised: the first
// one in a quiet spell is logged at once, the rest are counted and logged as one line per window,
// so a flood of forged requests cannot fill the operator's disk or bury what matters.
import type { Scheduler } from './scheduler.js';

export interface LogSummaryOptions {
  /** The scheduler's name for this summary's work; one per summary. */
  name: string;
  scheduler: Scheduler;
  log: (line: string) => void;
  /** What is counted, e.g. "callbacks refused". */
  subject: string;
  windowMs: number;
  now?: () => number;
}

export class LogSummary {
  readonly #options: LogSummaryOptions;
  readonly #now: () => number;
  readonly #counts = new Map<string, number>();
  /** While set, events are counted until then instead of logged. */
  #windowEndsAt: number | undefined;

  constructor(options: LogSummaryOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    options.scheduler.register(options.name, async () => this.#flush());
  }

  /** One event of the given kind (e.g. "forged signature"). */
  note(kind: string): void {
    const now = this.#now();
    if (this.#windowEndsAt === undefined) {
      this.#options.log(`${this.#options.subject}: ${kind} (more in the next ${this.#options.windowMs / 1000} s are counted, not logged one by one)`);
      this.#openWindow(now);
      return;
    }
    this.#counts.set(kind, (this.#counts.get(kind) ?? 0) + 1);
  }

  #openWindow(now: number): void {
    this.#windowEndsAt = now + this.#options.windowMs;
    this.#options.scheduler.wakeAt(this.#options.name, this.#windowEndsAt);
  }

  #flush(): void {
    if (this.#windowEndsAt === undefined || this.#now() < this.#windowEndsAt) {
      if (this.#windowEndsAt !== undefined) this.#options.scheduler.wakeAt(this.#options.name, this.#windowEndsAt);
      return;
    }
    if (this.#counts.size === 0) {
      this.#windowEndsAt = undefined;
      return;
    }
    const total = [...this.#counts.values()].reduce((sum, count) => sum + count, 0);
    const kinds = [...this.#counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
    this.#options.log(`${this.#options.subject}: ${total} more in the last ${this.#options.windowMs / 1000} s (${kinds})`);
    this.#counts.clear();
    // Another window, so that the next summary is a full window later.
    this.#openWindow(this.#now());
  }
}
