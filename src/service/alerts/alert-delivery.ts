// Posts raised alerts to the operator's webhook (docs/api.md "Trending alerts"), signed as
// callbacks are (X-Petition-Timestamp, X-Petition-Signature over TIMESTAMP.BODY) with the alert
// secret, through the callbacks' own request (callback-request.ts: checked public address, no
// redirects, a deadline) and retry schedule (callback-delivery.ts): durable rows, polled, so a
// restart or another instance carries on.
import type { DeliveryContext } from '../auth-keys/callback-delivery.js';
import { afterFailure, type DeliveryTiming } from '../auth-keys/delivery-timing.js';
import { attemptSignedPost } from '../auth-keys/signed-attempt.js';
import { SerialPoll } from '../background/serial-poll.js';
import { errorCode } from '../errors/error-code.js';
import type { DueAlertDeliveryRow } from '../store/campaign/alert-store.js';
import type { Store } from '../store/store.js';

export interface AlertWebhook {
  url: string;
  /** Signs every post; the receiver checks it (PETITION_ALERT_SECRET). */
  secret: string;
}

/** One webhook: a few posts at a time are plenty for alerts, and keep a hanging receiver cheap. */
const MAX_IN_FLIGHT = 4;

export class AlertDelivery {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly polls = new SerialPoll(() => this.pollOnce());

  constructor(
    private readonly store: Store,
    private readonly webhook: AlertWebhook,
    private readonly timing: DeliveryTiming,
    private readonly context: DeliveryContext,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.timing.pollMs);
    void this.poll();
  }

  poll(): Promise<void> {
    return this.polls.run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.inFlight.values()]);
  }

  private async pollOnce(): Promise<void> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (this.abort.signal.aborted || room <= 0) return;
    let due: DueAlertDeliveryRow[];
    try {
      due = await this.store.dueAlertDeliveries.all({
        now: Date.now(),
        in_flight_ids: JSON.stringify([...this.inFlight.keys()]),
        limit: room,
        instance: this.context.instance ?? '',
      });
    } catch (error) {
      if (!this.context.health.unavailable(error)?.outage) this.context.log(`alert delivery: reading due deliveries failed (${errorCode(error)})`);
      return;
    }
    for (const delivery of due) {
      const sending = this.attempt(delivery)
        .catch((error: unknown) => {
          // The outcome was not recorded: the row stays due and is sent again (at least once).
          if (!this.context.health.unavailable(error)?.outage) {
            this.context.log(`alert delivery ${delivery.id}: recording the attempt failed (${errorCode(error)})`);
          }
        })
        .finally(() => this.inFlight.delete(delivery.id));
      this.inFlight.set(delivery.id, sending);
    }
  }

  private async attempt(delivery: DueAlertDeliveryRow): Promise<void> {
    const result = await attemptSignedPost(
      { url: this.webhook.url, secret: this.webhook.secret, payload: delivery.payload },
      { timeoutMs: this.timing.requestTimeoutMs, signal: this.abort.signal, allowPrivate: this.context.allowPrivate },
    );
    if (!result) return;
    if (result.delivered) {
      await this.store.markAlertDelivered.run(result.outcome, delivery.id);
      this.context.watch?.delivered('alert_webhook');
      return;
    }
    this.context.watch?.failed('alert_webhook', '', result.outcome);
    const next = afterFailure(delivery, this.timing);
    await this.store.rescheduleAlertDelivery.run({ id: delivery.id, outcome: result.outcome, next: next.next, state: next.state });
    this.context.log(`alert delivery ${delivery.id}: attempt ${next.attempts} failed (${result.outcome})${next.giveUp ? '; giving up' : ''}`);
  }

}
