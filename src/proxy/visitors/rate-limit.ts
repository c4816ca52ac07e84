// A limit of so many events per key in a one-minute window begun by the key's first event (the
// submissions per client address, the uncached reads per client address and in all), answered
// with the seconds until the window ends (the Retry-After header). Counts live behind RateCounters (rate-counters.ts).
import type { RateCounters } from './rate-counters.js';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const RATE_WINDOW_MS = 60_000;

export interface FixedWindowLimitOptions {
  counters: RateCounters;
  /** Keeps this limit's counts apart from other limits' in the same counters. */
  name: string;
  perWindow: number;
  now?: () => number;
}

export class FixedWindowLimit {
  readonly #options: FixedWindowLimitOptions;
  readonly #now: () => number;

  constructor(options: FixedWindowLimitOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  async take(key: string): Promise<RateDecision> {
    const now = this.#now();
    const window = await this.#options.counters.add(`${this.#options.name}:${key}`, now, RATE_WINDOW_MS);
    if (window.count <= this.#options.perWindow) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + RATE_WINDOW_MS - now) / 1000)) };
  }
}
