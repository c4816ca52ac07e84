// Per-API-key request budget (decisions.md "Rate limits"): a fixed one-minute window per
// consumer, answered with 429 and Retry-After once spent.
import { ApiError } from './api-error.js';

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly windows = new Map<number, { startedAt: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request of the consumer, or throws 429 when its minute's budget is spent. */
  take(consumerId: number, now = Date.now()): void {
    let window = this.windows.get(consumerId);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(consumerId, window);
    }
    window.count++;
    if (window.count > this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
      throw new ApiError(429, [`api_key: more than ${this.perMinute} requests a minute; retry after ${retryAfter} s`], retryAfter);
    }
  }
}
