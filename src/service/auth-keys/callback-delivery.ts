// Posts queued key-request outcomes to their callback endpoints (docs/api.md
// "Callbacks"): signed with the consumer's secret, retried with exponential backoff and jitter,
// one at a time and in order for each request, kept in the database so that a restart, or a
// grant by the admin command from another process, is picked up by polling. Endpoints that
// hang cannot hold back anyone else's: each host and each consumer has a few slots at a time.
import type { DatabaseHealth } from '../store/database-health.js';
import { errorCode } from '../errors/error-code.js';
import type { DueDeliveryRow } from '../store/callbacks/delivery-store.js';
import type { Store } from '../store/store.js';
import { SerialPoll } from '../background/serial-poll.js';
import { afterFailure, type DeliveryTiming } from './delivery-timing.js';
import { attemptSignedPost } from './signed-attempt.js';
import type { DeliveryWatch } from '../metrics/delivery-watch.js';

/** Deliveries being sent at the same time, at most… */
const MAX_IN_FLIGHT = 100;
/** …to one callback host (host and port)… */
const MAX_IN_FLIGHT_PER_HOST = 4;
/** …and for one consumer, whatever hosts its endpoints name. */
const MAX_IN_FLIGHT_PER_CONSUMER = 10;

export interface DeliveryContext {
  /** Skip the address check (development, tests, the demo). */
  allowPrivate: boolean;
  health: DatabaseHealth;
  log: (line: string) => void;
  /** PostgreSQL: this instance's id, which claims what it sends (service-instance.ts). */
  instance?: string;
  /** Counts each attempt and logs a target's failing and recovering (metrics/delivery-watch.ts). */
  watch?: DeliveryWatch;
}

export class CallbackDelivery {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<number, { sending: Promise<void>; host: string; consumerId: number }>();
  private readonly abort = new AbortController();
  private readonly polls = new SerialPoll(() => this.pollOnce());
  private readonly log: (line: string) => void;

  constructor(
    private readonly store: Store,
    private readonly timing: DeliveryTiming,
    private readonly context: DeliveryContext,
  ) {
    this.log = context.log;
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.timing.pollMs);
    void this.poll();
  }

  /** Sends whatever is due now, without waiting for the next poll (polls never overlap). */
  poll(): Promise<void> {
    return this.polls.run();
  }

  private async pollOnce(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0) return;
    let due: DueDeliveryRow[];
    try {
      // Rows being sent are still due: they are left out, and so is whatever would give a host
      // or a consumer more than its slots, so endpoints that hang until the timeout hold back
      // only their own deliveries.
      due = await this.store.dueDeliveries.all({
        now: Date.now(),
        in_flight_ids: JSON.stringify([...this.inFlight.keys()]),
        in_flight_by_host: JSON.stringify(this.countInFlight((entry) => entry.host)),
        in_flight_by_consumer: JSON.stringify(this.countInFlight((entry) => String(entry.consumerId))),
        per_host: MAX_IN_FLIGHT_PER_HOST,
        per_consumer: MAX_IN_FLIGHT_PER_CONSUMER,
        limit: room,
        instance: this.context.instance ?? '',
      });
    } catch (error) {
      if (!this.context.health.unavailable(error)?.outage) {
        this.log(`callback delivery: reading due deliveries failed (${errorCode(error)}); retrying on the next poll`);
      }
      return;
    }
    for (const delivery of due) {
      const sending = this.attempt(delivery)
        .catch((error: unknown) => {
          // Recording the outcome failed (the file locked past the busy timeout): the row
          // stays due and is sent again, so delivery stays at least once.
          if (!this.context.health.unavailable(error)?.outage) {
            this.log(`callback delivery ${delivery.id}: recording the attempt failed (${errorCode(error)})`);
          }
        })
        .finally(() => this.inFlight.delete(delivery.id));
      this.inFlight.set(delivery.id, { sending, host: delivery.callback_host, consumerId: delivery.consumer_id });
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight.values()].map((entry) => entry.sending));
  }

  private countInFlight(keyOf: (entry: { host: string; consumerId: number }) => string): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.inFlight.values()) counts[keyOf(entry)] = (counts[keyOf(entry)] ?? 0) + 1;
    return counts;
  }

  private async attempt(delivery: DueDeliveryRow): Promise<void> {
    const result = await attemptSignedPost(
      { url: delivery.callback_endpoint, secret: delivery.secret, payload: delivery.payload },
      { timeoutMs: this.timing.requestTimeoutMs, signal: this.abort.signal, allowPrivate: this.context.allowPrivate },
    );
    // Shutting down is not a failed attempt: the row stays due for the next run.
    if (!result) return;
    if (result.delivered) {
      await this.store.markDelivered.run(result.outcome, delivery.id);
      this.context.watch?.delivered('callback', delivery.callback_host);
      return;
    }
    this.context.watch?.failed('callback', delivery.callback_host, result.outcome);
    const next = afterFailure(delivery, this.timing);
    await this.store.rescheduleDelivery.run({ id: delivery.id, outcome: result.outcome, next: next.next, state: next.state });
    // The endpoint URL may carry a requester's token: the log names the delivery only.
    this.log(`callback delivery ${delivery.id}: attempt ${next.attempts} failed (${result.outcome})${next.giveUp ? '; giving up' : ''}`);
  }

}
