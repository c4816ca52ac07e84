// Queued signatures on their way to the service, as an operator hears of them: each retry is
// counted, and the log says once when deliveries start failing and once when one goes through
// again (with how long and how many attempts), not a line per retry.
import type { OutboxEntry } from '../outbox/outbox-store.js';
import type { Delivery } from '../outbox/signature-delivery.js';
import type { ProxySignals } from './proxy-signals.js';

export type Deliver = (entry: OutboxEntry) => Promise<Delivery>;

export function watchDeliveries(deliver: Deliver, signals: ProxySignals, log: (line: string) => void, now: () => number = Date.now): Deliver {
  let failing: { since: number; attempts: number } | undefined;
  return async (entry) => {
    if (entry.attempts > 0) signals.deliveryRetry();
    const delivery = await deliver(entry);
    if (delivery.kind === 'retry') {
      if (failing) failing.attempts++;
      else {
        failing = { since: now(), attempts: 1 };
        // The reason is the transport's or the service's status, never the signer's data.
        log(`outbox: deliveries to the service failing (${delivery.reason}); retrying with backoff`);
      }
    } else if (failing) {
      log(`outbox: deliveries to the service work again after ${Math.round((now() - failing.since) / 1000)} s and ${failing.attempts} failed attempts`);
      failing = undefined;
    }
    return delivery;
  };
}
