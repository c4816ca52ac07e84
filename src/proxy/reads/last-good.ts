// The last good answer of each read, kept durably (last-good-store.ts) so that during an outage
// of the service the form still renders and the list shows its last state, for up to
// staleForSeconds. Only answers actually served are kept: the summary and recent signers of each
// configured petition always (pinned: a few per petition, and what every visitor's page needs),
// and at most `maxEntries` pages, the least recently refreshed going first, so a flood of
// distinct pages pushes out only other pages.
import type { LastGoodStore } from './last-good-store.js';

/** Answers kept at most (a page of 100 signatures is about 20 KB). */
export const LAST_GOOD_MAX_ENTRIES = 1000;

export interface LastGoodOptions {
  store: LastGoodStore;
  staleForMs: number;
  maxEntries: number;
  log: (line: string) => void;
  now?: () => number;
}

export class LastGood {
  readonly #options: LastGoodOptions;
  readonly #now: () => number;

  constructor(options: LastGoodOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * A good answer was just served; `pinned` ones are never pushed out by the count of pages. A
   * failure to keep it costs the reader nothing, so it is only logged.
   */
  async remember(key: string, body: string, pinned: boolean): Promise<void> {
    const now = this.#now();
    try {
      await this.#options.store.put(key, { body, savedAt: now, pinned }, { keep: this.#options.maxEntries, notBefore: now - this.#options.staleForMs });
    } catch (error) {
      this.#options.log(`last good answers: could not keep one (${error instanceof Error ? error.name : 'error'})`);
    }
  }

  /** The last good answer for `key`, unless it is older than staleForSeconds. */
  async recall(key: string): Promise<string | undefined> {
    const kept = await this.#options.store.get(key);
    if (!kept || this.#now() - kept.savedAt > this.#options.staleForMs) return undefined;
    return kept.body;
  }
}
