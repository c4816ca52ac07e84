// Forwards queued submissions to the service strictly in order, with exponential backoff, until
// the service takes each one or refuses it for the signer's own reasons (then it is logged, never
// silently dropped). A refusal that is this system's fault holds the entry instead: it steps out
// of the line, so the entries behind it go on, and is tried again at the backoff's slowest pace
// until the operator's fix lets it through. Everything lives in the OutboxStore, so a restart
// picks up where the last run stopped; the retries run through the Scheduler (scheduler.ts),
// never a timer of the outbox's own.
import type { Scheduler } from '../background/scheduler.js';
import type { Delivery } from './signature-delivery.js';
import type { NewOutboxEntry, OutboxEntry, OutboxStore } from './outbox-store.js';

export interface RetryTiming {
  /** Wait before the first retry; doubles with each failed attempt. */
  baseMs: number;
  /** The longest wait; also the pace of a held entry's tries (an operator has to act first). */
  maxMs: number;
}

/**
 * The wait before retry number `attempts` (1 for the first): `baseMs` doubling with each attempt,
 * ±20 % jitter so that several proxies that lost the same service do not retry in step, and
 * never more than `maxMs`, jitter included. `random` returns a number in [0, 1).
 */
export function retryDelayMs(attempts: number, retry: RetryTiming, random: () => number = Math.random): number {
  const exponential = Math.min(retry.maxMs, retry.baseMs * 2 ** (attempts - 1));
  // Capped again after the jitter: at the cap, retries spread below it instead of 20 % past it.
  return Math.min(retry.maxMs, exponential * (0.8 + random() * 0.4));
}

export interface OutboxOptions {
  store: OutboxStore;
  deliver: (entry: OutboxEntry) => Promise<Delivery>;
  onAccepted: (entry: OutboxEntry) => void;
  log: (line: string) => void;
  retry: RetryTiming;
  scheduler: Scheduler;
  now?: () => number;
}

/** The outbox's name in the scheduler. */
const WORK = 'outbox';

/** The most of the service's messages kept as a held entry's cause. */
const CAUSE_MAX_LENGTH = 500;

function describeHolding(delivery: Extract<Delivery, { kind: 'held' }>): string {
  return `${delivery.status}: ${delivery.messages.join('; ')}`.slice(0, CAUSE_MAX_LENGTH);
}

export class Outbox {
  readonly #options: OutboxOptions;
  readonly #now: () => number;
  /** Interrupted runs in a row; spaces out the next tries like failed deliveries. */
  #faults = 0;
  /** Held entries are tried at once on this process's first run: a fix comes with a restart. */
  #heldReleased = false;
  /** True once the line was counted empty and nothing has joined it since (hasWaiting). */
  #lineEmpty = false;
  /** Moves at each new entry, so a count taken across one is not trusted. */
  #lineVersion = 0;

  constructor(options: OutboxOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    options.scheduler.register(WORK, (signal) => this.#forward(signal));
  }

  async queue(entry: NewOutboxEntry): Promise<number> {
    this.#lineMayGrow();
    const id = await this.#options.store.add(entry, this.#now());
    this.kick();
    return id;
  }

  /**
   * True while anything waits in line; new submissions then queue behind it to keep the order.
   * Held entries do not count: new submissions must not wait for an operator's fix.
   */
  async hasWaiting(): Promise<boolean> {
    if (this.#lineEmpty) return false;
    const version = this.#lineVersion;
    const waiting = (await this.#options.store.lineLength()) > 0;
    // Known empty only if nothing could have joined the line while it was counted.
    if (version === this.#lineVersion) this.#lineEmpty = !waiting;
    return waiting;
  }

  /**
   * Before a new entry, the one thing that adds to the line (a held entry never rejoins it): the
   * line is no longer known to be empty. Only this object adds to its store, so an empty line
   * stays known empty without asking the store at each submission (a read transaction on the
   * file, about 5 % of the proxy's CPU per submission: docs/benchmarks.md "Through the proxy").
   */
  #lineMayGrow(): void {
    this.#lineVersion++;
    this.#lineEmpty = false;
  }

  /** Tries to forward what is due now; safe to call at any time and any number of times. */
  kick(): void {
    this.#options.scheduler.wakeAt(WORK, this.#now());
  }

  async #forward(signal: AbortSignal): Promise<void> {
    try {
      await this.#drain(signal);
      this.#faults = 0;
    } catch (error) {
      this.#stoppedBy(error);
    }
  }

  async #drain(signal: AbortSignal): Promise<void> {
    const { store } = this.#options;
    if (!this.#heldReleased) {
      const released = await store.releaseHeld(this.#now());
      this.#heldReleased = true;
      if (released > 0) this.#options.log(`outbox: ${released} held submissions tried again at start`);
    }
    while (!signal.aborted) {
      const now = this.#now();
      const held = await store.nextHeld();
      const first = await store.firstInLine();
      const entry = [held, first].find((candidate) => candidate && candidate.nextAttemptAt <= now);
      if (!entry) {
        const next = Math.min(held?.nextAttemptAt ?? Infinity, first?.nextAttemptAt ?? Infinity);
        if (next !== Infinity) this.#wake(next - now);
        return;
      }
      const waitMs = await this.#try(entry);
      // The service is down or slow: nothing behind this entry would fare better before then.
      if (waitMs !== undefined) return this.#wake(waitMs);
    }
  }

  /** Forwards one entry; answers how long to wait when the service could not take it now. */
  async #try(entry: OutboxEntry): Promise<number | undefined> {
    const { store, log, retry } = this.#options;
    const name = `submission #${entry.id} for petition ${entry.petitionId}`;
    const delivery = await this.#options.deliver(entry);
    const attempts = entry.attempts + 1;
    switch (delivery.kind) {
      case 'accepted':
        await store.remove(entry.id);
        this.#options.onAccepted(entry);
        log(`outbox: ${name} delivered${entry.heldCause ? ' (it was held)' : ''}`);
        return undefined;
      case 'refused':
        await store.remove(entry.id);
        log(`outbox: ${name} refused by the service (${delivery.status}) and removed: ${delivery.messages.join('; ')}`);
        return undefined;
      case 'held': {
        const cause = describeHolding(delivery);
        await store.hold(entry.id, cause, attempts, this.#now() + retry.maxMs);
        // Once per entry and cause: a held entry is tried every few minutes, possibly for days.
        if (cause !== entry.heldCause) {
          log(
            `outbox: ${name} held, not removed: the service refused it for a fault of this system (${cause}); ` +
              `${delivery.remedy}. Tried again every ${Math.round(retry.maxMs / 1000)} s; entries behind it go on.`,
          );
        }
        return undefined;
      }
      case 'retry': {
        if (entry.heldCause) {
          await store.hold(entry.id, entry.heldCause, attempts, this.#now() + retry.maxMs);
          return undefined;
        }
        const delayMs = retryDelayMs(attempts, retry);
        await store.reschedule(entry.id, attempts, this.#now() + delayMs);
        log(`outbox: ${name} not delivered (${delivery.reason}), attempt ${attempts}, next in ${Math.round(delayMs)} ms`);
        return delayMs;
      }
    }
  }

  /**
   * A failure of the store or of the key file while forwarding: the entry is still stored, so
   * forwarding is tried again later instead of the error ending the process.
   */
  #stoppedBy(error: unknown): void {
    this.#faults++;
    const delayMs = retryDelayMs(this.#faults, this.#options.retry);
    this.#options.log(`outbox: forwarding interrupted (${error instanceof Error ? error.name : 'error'}), trying again in ${Math.round(delayMs)} ms`);
    this.#wake(delayMs);
  }

  #wake(delayMs: number): void {
    this.#options.scheduler.wakeAt(WORK, this.#now() + delayMs);
  }
}
