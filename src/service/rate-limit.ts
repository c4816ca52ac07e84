// Fixed one-minute windows of a budget per key: the per-API-key request budget (docs/api.md
// "Limits") and the per-address budget of failed authentications, both answered with 429
// and Retry-After once spent.
import { ApiError } from './api-error.js';

const MINUTE_MS = 60_000;
/** Past this many keys, windows that have ended are dropped before another is added. */
const SWEEP_AT = 10_000;

export class FixedWindowLimit<Key> {
  private readonly windows = new Map<Key, { startedAt: number; count: number }>();

  /** `perWindow` per window; the window is a minute unless said otherwise. */
  constructor(
    readonly perWindow: number,
    private readonly windowMs = MINUTE_MS,
  ) {}

  /** Seconds until `key` may go on, or 0 when its budget is not spent. Counts nothing. */
  retryAfter(key: Key, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs || window.count < this.perWindow) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  /** Counts one against `key`'s budget. */
  count(key: Key, now = Date.now()): void {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (!window && this.windows.size >= SWEEP_AT) this.dropEnded(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
  }

  private dropEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** A consumer's requests a minute: each authenticated request counts, the one over budget is 429. */
export class ConsumerRateLimit {
  private readonly limit: FixedWindowLimit<number>;

  constructor(perMinute: number) {
    this.limit = new FixedWindowLimit(perMinute);
  }

  take(consumerId: number, now = Date.now()): void {
    const retryAfter = this.limit.retryAfter(consumerId, now);
    if (retryAfter > 0) {
      throw new ApiError(429, [`api_key: more than ${this.limit.perWindow} requests a minute; retry after ${retryAfter} s`], { retryAfter });
    }
    this.limit.count(consumerId, now);
  }
}

/**
 * Failed authentications (401) per client address, kept apart from any consumer's budget: a
 * known api_key sent with garbage signatures cannot spend its owner's budget, and unknown keys
 * are limited too. While an address is over its budget, its requests are 429 unread.
 */
export class AuthFailureLimit {
  private readonly limit: FixedWindowLimit<string>;

  constructor(perMinute: number) {
    this.limit = new FixedWindowLimit(perMinute);
  }

  refuseIfSpent(address: string, now = Date.now()): void {
    const retryAfter = this.limit.retryAfter(address, now);
    if (retryAfter > 0) {
      throw new ApiError(429, [`too many failed authentications from this address; retry after ${retryAfter} s`], { retryAfter });
    }
  }

  recordFailure(address: string, now = Date.now()): void {
    this.limit.count(address, now);
  }
}
