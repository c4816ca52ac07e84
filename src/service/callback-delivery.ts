// Posts queued key-request outcomes to their callback endpoints (decisions.md "Callback
// delivery"): signed with the consumer's secret, retried with exponential backoff and jitter,
// one at a time and in order for each request, kept in the database so that a restart, or a
// grant by the admin command from another process, is picked up by polling.
import { callbackSignature } from '../shared/signing.js';
import { errorCode } from './error-code.js';
import type { DueDeliveryRow, Store } from './store.js';

export interface DeliveryTiming {
  /** First retry after about this long; doubles each time. */
  retryBaseMs: number;
  /** Never further apart than this. */
  retryMaxMs: number;
  /** Give up this long after the delivery was created. */
  giveUpAfterMs: number;
  pollMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = {
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  pollMs: 300,
  requestTimeoutMs: 10_000,
};

/** Deliveries started per poll. */
const BATCH = 20;
/** Deliveries being sent at the same time, at most. */
const MAX_IN_FLIGHT = 100;

/** Delay before the attempt after `attempts` failed ones: base·2^(n-1), capped, ±20 % jitter. */
export function retryDelay(attempts: number, timing: DeliveryTiming, random = Math.random): number {
  const exponential = Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export class CallbackDelivery {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly store: Store,
    private readonly timing: DeliveryTiming,
    private readonly log: (line: string) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.poll(), this.timing.pollMs);
    this.poll();
  }

  /** Sends whatever is due now, without waiting for the next poll. */
  poll(): void {
    if (this.abort.signal.aborted) return;
    const room = Math.min(BATCH, MAX_IN_FLIGHT - this.inFlight.size);
    if (room <= 0) return;
    let due: DueDeliveryRow[];
    try {
      // Rows being sent are still due: they are left out, so endpoints that hang until the
      // timeout hold back no one else's deliveries (up to MAX_IN_FLIGHT of them).
      due = this.store.dueDeliveries.all(Date.now(), JSON.stringify([...this.inFlight.keys()]), room);
    } catch (error) {
      this.log(`callback delivery: reading due deliveries failed (${errorCode(error)}); retrying on the next poll`);
      return;
    }
    for (const delivery of due) {
      const attempt = this.attempt(delivery)
        .catch((error: unknown) => {
          // Recording the outcome failed (the file locked past the busy timeout): the row
          // stays due and is sent again, so delivery stays at least once.
          this.log(`callback delivery ${delivery.id}: recording the attempt failed (${errorCode(error)})`);
        })
        .finally(() => this.inFlight.delete(delivery.id));
      this.inFlight.set(delivery.id, attempt);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.abort.abort();
    await Promise.allSettled(this.inFlight.values());
  }

  private async attempt(delivery: DueDeliveryRow): Promise<void> {
    let outcome: string;
    try {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(delivery.callback_endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Petition-Timestamp': timestamp,
          'X-Petition-Signature': await callbackSignature(delivery.secret, timestamp, delivery.payload),
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.timing.requestTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.ok) {
        this.store.markDelivered.run(`HTTP ${response.status}`, delivery.id);
        return;
      }
      outcome = `HTTP ${response.status}`;
    } catch (error) {
      // Shutting down is not a failed attempt: the row stays due for the next run.
      if (this.abort.signal.aborted) return;
      outcome = errorCode(error);
    }
    const now = Date.now();
    const attempts = delivery.attempts + 1;
    const giveUp = now - delivery.created_at >= this.timing.giveUpAfterMs;
    this.store.rescheduleDelivery.run({
      id: delivery.id,
      outcome,
      next: now + retryDelay(attempts, this.timing),
      state: giveUp ? 'abandoned' : 'pending',
    });
    // The endpoint URL may carry a requester's token: the log names the delivery only.
    this.log(`callback delivery ${delivery.id}: attempt ${attempts} failed (${outcome})${giveUp ? '; giving up' : ''}`);
  }
}
