// The reads this proxy sends to the service, and what it answers when the service cannot: each
// uncached read is charged to the read budget (read-budget.ts), every good answer is kept as the
// last good one (last-good.ts), and when the service is unreachable, failing or refusing, or the
// budget is spent, the last good answer is served instead, marked stale. After a failure the
// service is left alone for a few seconds: reads get their last good answer at once rather than
// each waiting for a service that is down.
import { ProxyError } from '../errors/proxy-error.js';
import { entityTagOf } from './entity-tag.js';
import type { LastGood } from './last-good.js';
import type { ReadAnswer } from './read-cache.js';
import type { ReadBudget, ReadKind } from './read-budget.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamAnswer, type UpstreamClient } from '../upstream/upstream-client.js';

/** How long reads leave a failing service alone; also the Retry-After of a 503 for a read. */
const READ_PAUSE_MS = 5000;
/** The longest a 429's Retry-After from the service pauses reads. */
const MAX_PAUSE_MS = 60_000;

export interface UpstreamReadsOptions {
  client: UpstreamClient;
  budget: ReadBudget;
  lastGood: LastGood;
  log: (line: string) => void;
  pauseMs?: number;
  now?: () => number;
}

export class UpstreamReads {
  readonly #options: UpstreamReadsOptions;
  readonly #now: () => number;
  readonly #pauseMs: number;
  #pausedUntil = 0;
  /** Whether the last read sent found the service failing, for one log line per change. */
  #failing = false;

  constructor(options: UpstreamReadsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#pauseMs = options.pauseMs ?? READ_PAUSE_MS;
  }

  /**
   * The service's answer to GET `path` (`key` names it in the last good answers), or the last
   * good one. `clientAddress` is asked only when the read is charged to the budget; `kind` says
   * which share of it pays, and whether its last good answer may be pushed out by others.
   */
  async read(key: string, path: string, query: ReadonlyArray<readonly [string, string]>, clientAddress: () => string, kind: ReadKind): Promise<ReadAnswer> {
    const now = this.#now();
    if (now < this.#pausedUntil) return this.#lastGoodOr(key, unavailable(this.#pausedUntil - now));
    const budget = await this.#options.budget.take(clientAddress(), kind);
    if (!budget.allowed) {
      const refusal =
        budget.spentBy === 'client'
          ? new ProxyError(429, ['Too many reads from your network in the last minute. Try again in a minute.'], { retryAfter: budget.retryAfterSeconds })
          : unavailable(budget.retryAfterSeconds * 1000);
      return this.#lastGoodOr(key, refusal);
    }
    let answer: UpstreamAnswer;
    try {
      answer = await this.#options.client.get(path, query);
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return this.#failed(key, error.message, this.#pauseMs);
    }
    if (answer.status === 200) {
      this.#recovered();
      await this.#options.lastGood.remember(key, answer.body, kind === 'essential');
      return { body: answer.body, stale: false, etag: await entityTagOf(answer.body, false) };
    }
    // The service's messages are about the read's own parameters or petition: they pass on.
    if (answer.status === 400 || answer.status === 404) {
      this.#recovered();
      const messages = upstreamMessages(answer.body);
      throw new ProxyError(answer.status, messages.length ? messages : [answer.status === 404 ? 'petition not found' : 'The request was not valid.']);
    }
    const retryAfterMs = answer.status === 429 ? Number(answer.header('retry-after')) * 1000 : 0;
    const pauseMs = Math.min(MAX_PAUSE_MS, Math.max(this.#pauseMs, Number.isFinite(retryAfterMs) ? retryAfterMs : 0));
    return this.#failed(key, `service answered ${answer.status}`, pauseMs);
  }

  async #failed(key: string, reason: string, pauseMs: number): Promise<ReadAnswer> {
    this.#pausedUntil = this.#now() + pauseMs;
    if (!this.#failing) {
      this.#failing = true;
      this.#options.log(`reads: the petition service cannot answer (${reason}); serving the last good answers meanwhile`);
    }
    return this.#lastGoodOr(key, unavailable(pauseMs));
  }

  #recovered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#options.log('reads: the petition service answers again');
  }

  async #lastGoodOr(key: string, failure: ProxyError): Promise<ReadAnswer> {
    const body = await this.#options.lastGood.recall(key);
    if (body === undefined) throw failure;
    return { body, stale: true, etag: await entityTagOf(body, true) };
  }
}

/** For the browser: only that reads are unavailable, never the service's reasons. */
function unavailable(retryAfterMs: number): ProxyError {
  return new ProxyError(503, ['The petition service is unavailable. Try again later.'], {
    retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}
