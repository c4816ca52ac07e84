// What an operator hears about deliveries (callbacks, alert webhook posts, confirmation mails):
// each attempt is counted, and the log says once when a target starts failing and once when it
// works again, with how long and how many attempts it failed, not a line per retry.
import type { Logger } from '../../shared/observability/logger.js';
import type { DeliveryKind, ServiceMetrics } from './service-metrics.js';

interface Failing {
  since: number;
  failures: number;
}

export class DeliveryWatch {
  /** Failing targets only: a callback host (host:port, never its path or query), or the kind's one target. */
  readonly #failing = new Map<string, Failing>();

  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly logger: Logger,
  ) {}

  delivered(kind: DeliveryKind, target = ''): void {
    this.metrics.delivery(kind, 'delivered');
    if (this.#failing.size === 0) return;
    const key = `${kind} ${target}`;
    const failing = this.#failing.get(key);
    if (!failing) return;
    this.#failing.delete(key);
    // At the failing line's level: `--log-level warn` keeps an episode's two lines together.
    this.logger.warn('delivery recovered', {
      kind,
      ...(target ? { target } : {}),
      failed_attempts: failing.failures,
      failing_seconds: Math.round((Date.now() - failing.since) / 1000),
    });
  }

  /** `reason`: an outcome or error code (`status 503`, `ECONNREFUSED`), never a message. */
  failed(kind: DeliveryKind, target: string, reason: string): void {
    this.metrics.delivery(kind, 'failed');
    const key = `${kind} ${target}`;
    const failing = this.#failing.get(key);
    if (failing) {
      failing.failures++;
      return;
    }
    this.#failing.set(key, { since: Date.now(), failures: 1 });
    this.logger.warn('delivery failing', { kind, ...(target ? { target } : {}), reason });
  }
}
