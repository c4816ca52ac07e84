// Where the proxy keeps the last good answer of each read it has served (the summary, the recent
// signatures, each page), so that it can still answer while the service is unreachable or
// failing, also after a restart. The domain (last-good.ts) sees only this interface;
// last-good-sqlite.ts is the Node implementation.

export interface LastGoodAnswer {
  /** The service's answer, as it came. */
  body: string;
  /** When it came (epoch ms). */
  savedAt: number;
  /** Kept whatever the count of others (a petition's summary or recent signers). */
  pinned: boolean;
}

export interface LastGoodStore {
  /** One indexed lookup. */
  get(key: string): Promise<Omit<LastGoodAnswer, 'pinned'> | undefined>;
  /**
   * Keeps `answer` for `key` (replacing the one before), then only the `keep` most recently
   * saved answers that are not pinned, and none saved before `notBefore`.
   */
  put(key: string, answer: LastGoodAnswer, bounds: { keep: number; notBefore: number }): Promise<void>;
  size(): Promise<number>;
}
