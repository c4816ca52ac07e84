// Deliveries as an operator hears of them: queued signatures on their way to the service (each
// retry counted) and the campaign's webhooks (each attempt counted). The log says once when
// deliveries to a target start failing and once when one goes through again (with how long and
// how many attempts), not a line per retry.
import type { OutboxEntry } from '../outbox/outbox-store.js';
import type { Delivery } from '../outbox/signature-delivery.js';
import type { ProxySignals } from './proxy-signals.js';

export type Deliver = (entry: OutboxEntry) => Promise<Delivery>;

/** One target's failing episode: `failed` says whether it opened one, `worked` whether it closed one. */
class Episodes {
  readonly #failing = new Map<string, { since: number; attempts: number }>();

  constructor(private readonly now: () => number) {}

  failed(target: string): boolean {
    const failing = this.#failing.get(target);
    if (failing) failing.attempts++;
    else this.#failing.set(target, { since: this.now(), attempts: 1 });
    return !failing;
  }

  /** `after` for the line: how long and how many attempts it failed; undefined when it was not failing. */
  worked(target: string): string | undefined {
    const failing = this.#failing.get(target);
    if (!failing) return undefined;
    this.#failing.delete(target);
    return `after ${Math.round((this.now() - failing.since) / 1000)} s and ${failing.attempts} failed attempts`;
  }
}

export function watchDeliveries(deliver: Deliver, signals: ProxySignals, log: (line: string) => void, now: () => number = Date.now): Deliver {
  const episodes = new Episodes(now);
  return async (entry) => {
    if (entry.attempts > 0) signals.deliveryRetry();
    const delivery = await deliver(entry);
    if (delivery.kind === 'retry') {
      // The reason is the transport's or the service's status, never the signer's data.
      if (episodes.failed('service')) log(`outbox: deliveries to the service failing (${delivery.reason}); retrying with backoff`);
    } else {
      const after = episodes.worked('service');
      if (after) log(`outbox: deliveries to the service work again ${after}`);
    }
    return delivery;
  };
}

/**
 * The webhooks' fetch: each attempt counted, and each endpoint's failing episode logged by its
 * origin only (a path or query may carry the campaign's token).
 */
export function watchWebhookFetch(signals: ProxySignals, log: (line: string) => void, now: () => number = Date.now): typeof fetch {
  const episodes = new Episodes(now);
  const failed = (origin: string, outcome: string) => {
    signals.webhookDelivery('failed');
    if (episodes.failed(origin)) log(`webhooks: deliveries to ${origin} failing (${outcome}); retrying with backoff`);
  };
  return async (input, init) => {
    const origin = new URL(input instanceof Request ? input.url : String(input)).origin;
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      failed(origin, (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable');
      throw error;
    }
    if (!response.ok) failed(origin, `HTTP ${response.status}`);
    else {
      signals.webhookDelivery('delivered');
      const after = episodes.worked(origin);
      if (after) log(`webhooks: deliveries to ${origin} work again ${after}`);
    }
    return response;
  };
}
