// A limit reached is counted on every refusal and logged once per episode: the first refusal
// after a quiet minute. Subjects are a consumer's id or nothing: a client's address is personal
// data and never logged, so the per-address limits are one episode for all addresses.
import type { Logger } from '../../shared/observability/logger.js';
import type { ServiceMetrics } from './service-metrics.js';

export type LimitName = 'consumer_rate' | 'auth_failures' | 'sign_in';

/** An episode ends after this long without a refusal. */
const QUIET_MS = 60_000;

export class LimitWatch {
  readonly #lastRefusal = new Map<string, number>();

  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly logger: Logger,
  ) {}

  reached(limit: LimitName, consumerId?: number, now = Date.now()): void {
    this.metrics.limitReached(limit);
    const key = `${limit} ${consumerId ?? ''}`;
    const last = this.#lastRefusal.get(key);
    this.#lastRefusal.set(key, now);
    if (last !== undefined && now - last < QUIET_MS) return;
    this.logger.warn('limit reached', { limit, ...(consumerId !== undefined ? { consumer_id: consumerId } : {}) });
  }

  /** A console sign-in whose password did not match. */
  signInFailed(): void {
    this.metrics.signInFailed();
  }
}
