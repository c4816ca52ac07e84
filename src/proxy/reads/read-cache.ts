// Keeps the service's answers to reads for a few seconds and lets concurrent identical reads
// share one upstream call, so a popular page does not multiply its load on the service.

/** A read's answer as the browser gets it; a failed read is a thrown ProxyError, never kept. */
export interface ReadAnswer {
  body: string;
  /** The service could not answer: this is its last good answer (upstream-reads.ts). */
  stale: boolean;
  /** The answer's strong ETag, quoted (entity-tag.ts). */
  etag: string;
}

/**
 * A stale answer is kept at most this long, so that the service is asked again soon after it
 * is back; meanwhile it is served from memory, as fast as any cached read.
 */
const STALE_KEPT_MS = 5000;

/** How long an answer is kept, without a signature's listing second: the period, shorter for a stale one. */
export function periodMs(ttlMs: number, stale: boolean): number {
  return stale ? Math.min(ttlMs, STALE_KEPT_MS) : ttlMs;
}

interface Entry {
  answer: ReadAnswer;
  petitionId: number;
  expiresAt: number;
  generation: number;
}

interface InFlight {
  promise: Promise<ReadAnswer>;
  generation: number;
}

/** Past this many entries, expired ones are dropped before another is added. */
const SWEEP_AT = 1000;

/**
 * The service lists a queued signature within a second (docs/api.md "Submitting a signature").
 * A read in that second may not show it yet, so it is kept only until the second is over, not a
 * full period.
 */
export const LISTING_DELAY_MS = 1000;

export class ReadCache {
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #inFlight = new Map<string, InFlight>();
  /** Bumped when a petition changes, so answers loaded before the change are not kept. */
  readonly #generations = new Map<number, number>();
  /** Per petition: until when the service may not list the latest signature yet. */
  readonly #listingUntil = new Map<number, number>();

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** The answer kept for `key` while it is still good, without loading anything. */
  peek(key: string, petitionId: number): ReadAnswer | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.generation === (this.#generations.get(petitionId) ?? 0) && entry.expiresAt > this.#now()) return entry.answer;
    return undefined;
  }

  /** The answer for `key` (a read about `petitionId`), from memory or from one shared `load`. */
  get(key: string, petitionId: number, load: () => Promise<ReadAnswer>): Promise<ReadAnswer> {
    const kept = this.peek(key, petitionId);
    if (kept) return Promise.resolve(kept);
    const generation = this.#generations.get(petitionId) ?? 0;
    const inFlight = this.#inFlight.get(key);
    if (inFlight && inFlight.generation === generation) return inFlight.promise;

    const promise = load().then(
      (answer) => {
        this.#settle(key, promise);
        if (this.#ttlMs > 0 && generation === (this.#generations.get(petitionId) ?? 0)) {
          if (this.#entries.size >= SWEEP_AT) this.#sweep();
          this.#entries.set(key, { answer, petitionId, expiresAt: this.#expiry(petitionId, answer.stale), generation });
        }
        return answer;
      },
      (error: unknown) => {
        // A failure is not kept: the next reader asks again.
        this.#settle(key, promise);
        throw error;
      },
    );
    this.#inFlight.set(key, { promise, generation });
    return promise;
  }

  /** A signature went through this proxy: the petition's counts and lists are out of date. */
  invalidate(petitionId: number): void {
    this.#generations.set(petitionId, (this.#generations.get(petitionId) ?? 0) + 1);
    this.#listingUntil.set(petitionId, this.#now() + LISTING_DELAY_MS);
    this.#sweep();
  }

  #expiry(petitionId: number, stale: boolean): number {
    const now = this.#now();
    const ttlMs = periodMs(this.#ttlMs, stale);
    const listingUntil = this.#listingUntil.get(petitionId) ?? 0;
    return listingUntil > now ? Math.min(listingUntil, now + ttlMs) : now + ttlMs;
  }

  #settle(key: string, promise: Promise<ReadAnswer>): void {
    if (this.#inFlight.get(key)?.promise === promise) this.#inFlight.delete(key);
  }

  /** Drops stale entries so memory stays bounded by what was read within one period. */
  #sweep(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now || entry.generation !== (this.#generations.get(entry.petitionId) ?? 0)) {
        this.#entries.delete(key);
      }
    }
  }
}
