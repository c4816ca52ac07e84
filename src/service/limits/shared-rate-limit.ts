// Several instances on one PostgreSQL database share each consumer's budget (docs/api.md
// "Limits"): each counts its own requests and, a few times a second, adds what it counted to
// the database's count of that window and reads back every instance's total. A request is
// never held up for the database; the cost is that instances can together go past a budget
// by what they count between two syncs (the queue worker's upkeep runs the sync every 250 ms:
// queue-worker.ts).
import type { FixedWindowLimit } from './rate-limit.js';
import type { Store } from '../store/store.js';

export class RateLimitSharing {
  #syncing = false;
  #prunedAt: number | undefined;

  constructor(
    private readonly store: Store,
    private readonly limit: FixedWindowLimit<number>,
  ) {}

  /** Tells the others what this instance counted, and hears what they did. */
  async sync(now = Date.now()): Promise<void> {
    if (this.#syncing) return;
    this.#syncing = true;
    try {
      const deltas = this.limit.takeUnshared(now);
      for (const { key, startedAt, unshared } of deltas) {
        await this.store.addRateCount.run({ key: String(key), window_start: startedAt, added: unshared });
      }
      const windowStart = this.limit.alignedStart(now);
      for (const { key, count } of await this.store.rateCountsOf.all(windowStart)) {
        this.limit.heard(Number(key), windowStart, count, now);
      }
      // Windows before the last are of no use to anyone: dropped once per window, not per sync.
      if (windowStart !== this.#prunedAt) {
        await this.store.forgetRateCountsBefore.run(windowStart - this.limit.windowMs);
        this.#prunedAt = windowStart;
      }
    } finally {
      this.#syncing = false;
    }
  }
}
