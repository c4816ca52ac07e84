// Per-IP limit on signature submissions: a fixed one-minute window per address, answered with
// the seconds until the window ends (the Retry-After header).

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

export class SubmissionRateLimit {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, { startedAt: number; count: number }>();

  constructor(perMinute: number, now: () => number = Date.now) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  take(address: string): RateDecision {
    const now = this.#now();
    let window = this.#windows.get(address);
    if (!window || now - window.startedAt >= WINDOW_MS) {
      if (!window && this.#windows.size >= 10_000) this.#dropEnded(now);
      window = { startedAt: now, count: 0 };
      this.#windows.set(address, window);
    }
    if (window.count >= this.#perMinute) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)) };
    }
    window.count++;
    return { allowed: true };
  }

  /** Keeps memory bounded when many addresses come and go. */
  #dropEnded(now: number): void {
    for (const [address, window] of this.#windows) {
      if (now - window.startedAt >= WINDOW_MS) this.#windows.delete(address);
    }
  }
}
