// Forwards queued submissions to the service strictly in order, with exponential backoff, until
// the service takes each one or refuses it for good (then it is logged, never silently dropped).
// Everything lives in the OutboxStore, so a restart picks up where the last run stopped; the
// retries run through the Scheduler (scheduler.ts), never a timer of the outbox's own.
import type { SignerInput } from '../shared/signature-schema.js';
import type { Scheduler } from './scheduler.js';
import type { Delivery } from './signature-delivery.js';
import type { OutboxEntry, OutboxStore } from './outbox-store.js';

export interface RetryTiming {
  /** Wait before the first retry; doubles with each failed attempt. */
  baseMs: number;
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

export class Outbox {
  readonly #options: OutboxOptions;
  readonly #now: () => number;
  /** Interrupted runs in a row; spaces out the next tries like failed deliveries. */
  #faults = 0;

  constructor(options: OutboxOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    options.scheduler.register(WORK, (signal) => this.#forward(signal));
  }

  async queue(petitionId: number, signer: SignerInput): Promise<number> {
    const id = await this.#options.store.add(petitionId, signer, this.#now());
    this.kick();
    return id;
  }

  /** True while anything waits; new submissions then queue behind it to keep the order. */
  async hasWaiting(): Promise<boolean> {
    return (await this.#options.store.size()) > 0;
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
    while (!signal.aborted) {
      const entry = await this.#options.store.oldest();
      if (!entry) return;
      const waitMs = entry.nextAttemptAt - this.#now();
      if (waitMs > 0) return this.#wake(waitMs);

      const delivery = await this.#options.deliver(entry);
      if (delivery.kind === 'accepted') {
        await this.#options.store.remove(entry.id);
        this.#options.onAccepted(entry);
        this.#options.log(`outbox: submission #${entry.id} for petition ${entry.petitionId} delivered`);
      } else if (delivery.kind === 'refused') {
        await this.#options.store.remove(entry.id);
        this.#options.log(
          `outbox: submission #${entry.id} for petition ${entry.petitionId} refused by the service ` +
            `(${delivery.status}) and removed: ${delivery.messages.join('; ')}`,
        );
      } else {
        const attempts = entry.attempts + 1;
        const delayMs = retryDelayMs(attempts, this.#options.retry);
        await this.#options.store.reschedule(entry.id, attempts, this.#now() + delayMs);
        this.#options.log(
          `outbox: submission #${entry.id} for petition ${entry.petitionId} not delivered (${delivery.reason}), ` +
            `attempt ${attempts}, next in ${Math.round(delayMs)} ms`,
        );
        return this.#wake(delayMs);
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
