// Fixed one-minute windows of a budget per key: the per-API-key request budget (docs/api.md
// "Limits") and the per-address budget of failed authentications, both answered with 429
// and Retry-After once spent.
import { ApiError } from '../errors/api-error.js';
import { networkKey } from '../../shared/client-network.js';
import type { LimitWatch } from '../metrics/limit-watch.js';

const MINUTE_MS = 60_000;
/** Past this many keys, windows that have ended are dropped before another is added. */
const SWEEP_AT = 10_000;

interface Window {
  startedAt: number;
  /** Counted here. */
  count: number;
  /** Of `count`, how many other instances have been told of (shared-rate-limit.ts). */
  shared: number;
  /** Counted by other instances in the same window, as last heard. */
  elsewhere: number;
}

/** One key's window as shared with other instances: counted here and not told yet. */
export interface WindowDelta<Key> {
  key: Key;
  startedAt: number;
  unshared: number;
}

export class FixedWindowLimit<Key> {
  private readonly windows = new Map<Key, Window>();

  /**
   * `perWindow` per window; the window is a minute unless said otherwise. `aligned`: windows
   * start on multiples of the window (every instance's windows then coincide, so their counts
   * can be added up); otherwise a key's window starts with its first request.
   */
  constructor(
    readonly perWindow: number,
    readonly windowMs = MINUTE_MS,
    private readonly aligned = false,
  ) {}

  /** Seconds until `key` may go on, or 0 when its budget is not spent. Counts nothing. */
  retryAfter(key: Key, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs || window.count + window.elsewhere < this.perWindow) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  /** Counts one against `key`'s budget. */
  count(key: Key, now = Date.now()): void {
    this.current(key, now).count++;
  }

  /** Where the aligned window holding `now` starts. */
  alignedStart(now: number): number {
    return now - (now % this.windowMs);
  }

  /** What was counted since the last call, per key, for the other instances. */
  takeUnshared(now = Date.now()): WindowDelta<Key>[] {
    const deltas: WindowDelta<Key>[] = [];
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs || window.count === window.shared) continue;
      deltas.push({ key, startedAt: window.startedAt, unshared: window.count - window.shared });
      window.shared = window.count;
    }
    return deltas;
  }

  /** `total`: what every instance together has told of `key`'s window starting at `startedAt`. */
  heard(key: Key, startedAt: number, total: number, now = Date.now()): void {
    const window = this.current(key, now);
    if (window.startedAt === startedAt) window.elsewhere = Math.max(0, total - window.shared);
  }

  private current(key: Key, now: number): Window {
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (!window && this.windows.size >= SWEEP_AT) this.dropEnded(now);
      const startedAt = this.aligned ? this.alignedStart(now) : now;
      window = { startedAt, count: 0, shared: 0, elsewhere: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private dropEnded(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

/** A consumer's requests a minute: each authenticated request counts, the one over budget is 429. */
export class ConsumerRateLimit {
  readonly limit: FixedWindowLimit<number>;

  /** `shared`: several instances share one budget (shared-rate-limit.ts), so windows are aligned. */
  constructor(
    perMinute: number,
    shared = false,
    private readonly watch?: LimitWatch,
  ) {
    this.limit = new FixedWindowLimit(perMinute, MINUTE_MS, shared);
  }

  take(consumerId: number, now = Date.now()): void {
    const retryAfter = this.limit.retryAfter(consumerId, now);
    if (retryAfter > 0) {
      this.watch?.reached('consumer_rate', consumerId, now);
      throw new ApiError(429, [`api_key: more than ${this.limit.perWindow} requests a minute; retry after ${retryAfter} s`], { retryAfter });
    }
    this.limit.count(consumerId, now);
  }
}

/**
 * Failed authentications (401) per client network (an IPv6 client by its `ipv6Prefix`:
 * src/shared/client-network.ts), kept apart from any consumer's budget: a known api_key sent
 * with garbage signatures cannot spend its owner's budget, and unknown keys are limited too.
 * While an address is over its budget, its requests are 429 unread.
 */
export class AuthFailureLimit {
  private readonly limit: FixedWindowLimit<string>;

  constructor(
    perMinute: number,
    private readonly ipv6Prefix: number,
    private readonly watch?: LimitWatch,
  ) {
    this.limit = new FixedWindowLimit(perMinute);
  }

  refuseIfSpent(address: string, now = Date.now()): void {
    const retryAfter = this.limit.retryAfter(networkKey(address, this.ipv6Prefix), now);
    if (retryAfter > 0) {
      this.watch?.reached('auth_failures', undefined, now);
      throw new ApiError(429, [`too many failed authentications from this address; retry after ${retryAfter} s`], { retryAfter });
    }
  }

  recordFailure(address: string, now = Date.now()): void {
    this.limit.count(networkKey(address, this.ipv6Prefix), now);
  }
}
