// The proxy's background work (outbox retries, key polling, webhook retries, log summaries) runs
// through one scheduler: each kind of work is registered under a name and asks to be woken at a
// time. Nothing in the domain holds a timer of its own, so an edge runtime, where no timer may
// outlive a request, drives the same work from an alarm or a cron (call drain(), then set the
// alarm to nextWake()); on Node, createTimerScheduler drives it with one timer.

/** One kind of background work. `signal` aborts when the scheduler closes: stop at the next step. */
export type ScheduledWork = (signal: AbortSignal) => Promise<void>;

export interface Scheduler {
  /** Names the work done when `name` is woken; once per name, before its first wake. */
  register(name: string, work: ScheduledWork): void;
  /**
   * Asks for `name`'s work to run at `at` (epoch ms) or soon after; the earliest time asked for
   * wins, and a time already past runs it now. Work never runs twice at once: woken while it
   * runs, it runs again once it is done. Ignored after close().
   */
  wakeAt(name: string, at: number): void;
  /** Runs whatever is due and resolves once nothing is running or due any more. */
  drain(): Promise<void>;
  /** The earliest wake asked for and not yet run, if any. */
  nextWake(): number | undefined;
  /** Stops waking anything, aborts the work's signal and waits for the runs under way. */
  close(): Promise<void>;
}

/** What keeps time for a scheduler: a timer on Node, an alarm on an edge runtime. */
export interface Alarm {
  /** Calls the scheduler back at `at`, replacing any earlier setting; undefined clears it. */
  set(at: number | undefined, ring: () => void): void;
}

interface Job {
  work: ScheduledWork;
  dueAt: number | undefined;
  running: Promise<void> | undefined;
}

export interface SchedulerOptions {
  alarm: Alarm;
  log: (line: string) => void;
  now?: () => number;
}

export class WakeScheduler implements Scheduler {
  readonly #jobs = new Map<string, Job>();
  readonly #alarm: Alarm;
  readonly #log: (line: string) => void;
  readonly #now: () => number;
  readonly #closing = new AbortController();

  constructor(options: SchedulerOptions) {
    this.#alarm = options.alarm;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  register(name: string, work: ScheduledWork): void {
    if (this.#jobs.has(name)) throw new Error(`scheduler: "${name}" is registered already`);
    this.#jobs.set(name, { work, dueAt: undefined, running: undefined });
  }

  wakeAt(name: string, at: number): void {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`scheduler: nothing is registered as "${name}"`);
    if (this.#closing.signal.aborted) return;
    job.dueAt = Math.min(job.dueAt ?? Infinity, at);
    if (!job.running && job.dueAt <= this.#now()) this.#start(name, job);
    else this.#arm();
  }

  async drain(): Promise<void> {
    for (;;) {
      this.#runDue();
      const running = [...this.#jobs.values()].flatMap((job) => (job.running ? [job.running] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  nextWake(): number | undefined {
    let next: number | undefined;
    for (const job of this.#jobs.values()) {
      if (job.dueAt !== undefined && (next === undefined || job.dueAt < next)) next = job.dueAt;
    }
    return next;
  }

  async close(): Promise<void> {
    this.#closing.abort();
    this.#alarm.set(undefined, () => undefined);
    await Promise.all([...this.#jobs.values()].map((job) => job.running));
  }

  #runDue(): void {
    if (this.#closing.signal.aborted) return;
    const now = this.#now();
    for (const [name, job] of this.#jobs) {
      if (!job.running && job.dueAt !== undefined && job.dueAt <= now) this.#start(name, job);
    }
    this.#arm();
  }

  #start(name: string, job: Job): void {
    job.dueAt = undefined;
    const run = (async () => {
      try {
        await job.work(this.#closing.signal);
      } catch (error) {
        // The work keeps its own state and wakes itself again; only its kind is logged, since
        // its message could quote what it was working on.
        this.#log(`background work "${name}" failed (${error instanceof Error ? error.name : 'error'})`);
      }
    })();
    job.running = run.finally(() => {
      job.running = undefined;
      // Through the alarm, not at once: work due again as it ends must not run in a chain of
      // microtasks that starves the server's I/O.
      this.#arm();
    });
  }

  #arm(): void {
    if (this.#closing.signal.aborted) return;
    let next: number | undefined;
    for (const job of this.#jobs.values()) {
      if (!job.running && job.dueAt !== undefined && (next === undefined || job.dueAt < next)) next = job.dueAt;
    }
    this.#alarm.set(next, () => this.#runDue());
  }
}

/** setTimeout's largest delay; a longer one overflows and fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Node: one unref'd timer, so that pending background work never keeps the process alive. */
function timerAlarm(now: () => number = Date.now): Alarm {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    set(at, ring) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (at === undefined) return;
      timer = setTimeout(ring, Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
      // Node's timers have unref; the Workers types (tsconfig.worker.json) know only a number.
      (timer as { unref?: () => void }).unref?.();
    },
  };
}

export function createTimerScheduler(log: (line: string) => void, now: () => number = Date.now): Scheduler {
  return new WakeScheduler({ alarm: timerAlarm(now), log, now });
}
