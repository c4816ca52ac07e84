// How many reads the proxy may send to the service, so that anonymous visitors can never spend
// the site's budget there (docs/api.md "Limits": 1,000 requests a minute per api_key, shared by
// reads and submissions): uncached reads are limited in all, well below it, which leaves the rest
// to submissions, key requests and the proxy's other calls. Cached reads and reads that share
// another's call (read-cache.ts) cost nothing.
//
// Every uncached read is charged to its client network's allowance. Within the minute, pages
// (which anyone can ask for by the thousand, one distinct page each) may take only two thirds of
// the total: the rest is kept for the summary and recent signers every visitor's page needs,
// which the cache already keeps to a few a minute per petition. And no network may hold more than
// half of the page reads the others have left, so a handful of networks spending pages at the
// start of each minute leave some for visitors.
import type { RateCounters, RateWindow } from '../visitors/rate-counters.js';
import { FixedWindowLimit, type RateDecision } from '../visitors/rate-limit.js';
import { ClientLimit } from '../visitors/client-limit.js';
import { networkKey } from '../../shared/client-network.js';

/** Reads about a petition every visitor needs (its summary, its recent signers), or a page of its list. */
export type ReadKind = 'essential' | 'page';

/** The share of the minute's uncached reads that pages may take. */
const PAGE_SHARE = 2 / 3;
const WINDOW_MS = 60_000;

export interface ReadBudgetOptions {
  counters: RateCounters;
  perClientPerMinute: number;
  totalPerMinute: number;
  /** Clients are counted by network: an IPv6 one by this prefix (src/shared/client-network.ts). */
  ipv6Prefix: number;
  now?: () => number;
}

export type ReadBudgetDecision = { allowed: true } | { allowed: false; spentBy: 'client' | 'everyone'; retryAfterSeconds: number };

export class ReadBudget {
  readonly #options: ReadBudgetOptions;
  readonly #now: () => number;
  readonly #perClient: ClientLimit;
  readonly #total: FixedWindowLimit;
  readonly #pagesPerMinute: number;

  constructor(options: ReadBudgetOptions) {
    const { counters, now } = options;
    this.#options = options;
    this.#now = now ?? Date.now;
    this.#perClient = new ClientLimit({ counters, name: 'upstream-reads-by-client', perWindow: options.perClientPerMinute, ipv6Prefix: options.ipv6Prefix, ...(now ? { now } : {}) });
    this.#total = new FixedWindowLimit({ counters, name: 'upstream-reads', perWindow: options.totalPerMinute, ...(now ? { now } : {}) });
    this.#pagesPerMinute = Math.floor(options.totalPerMinute * PAGE_SHARE);
  }

  /**
   * Takes one upstream read for `client`: from its network's allowance first (so a refused client
   * spends nothing of everyone's), a page then from the pages' share and the network's part of
   * it, and every read from the total.
   */
  async take(client: string, kind: ReadKind): Promise<ReadBudgetDecision> {
    const own = await this.#perClient.take(client);
    if (!own.allowed) return refused('client', own.retryAfterSeconds);
    if (kind === 'page') {
      const pageRefusal = await this.#pageShareRefusal(client);
      if (pageRefusal) return pageRefusal;
    }
    const all = await this.#total.take('all');
    if (!all.allowed) return refused('everyone', retryAfterOf(all));
    if (kind === 'page') await this.#countPage(client);
    return { allowed: true };
  }

  async #pageShareRefusal(client: string): Promise<ReadBudgetDecision | undefined> {
    const now = this.#now();
    const pages = await this.#options.counters.peek('page-reads', now);
    if (pages.count >= this.#pagesPerMinute) return refused('everyone', secondsLeft(pages, now));
    const own = await this.#options.counters.peek(this.#pageKey(client), now);
    const leftByOthers = this.#pagesPerMinute - (pages.count - own.count);
    if (2 * own.count >= leftByOthers) return refused('client', secondsLeft(own, now));
    return undefined;
  }

  async #countPage(client: string): Promise<void> {
    const now = this.#now();
    await this.#options.counters.add('page-reads', now, WINDOW_MS);
    await this.#options.counters.add(this.#pageKey(client), now, WINDOW_MS);
  }

  #pageKey(client: string): string {
    return `page-reads-by-client:${networkKey(client, this.#options.ipv6Prefix)}`;
  }
}

function retryAfterOf(decision: RateDecision): number {
  return decision.allowed ? 0 : decision.retryAfterSeconds;
}

function secondsLeft(window: RateWindow, now: number): number {
  return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
}

function refused(spentBy: 'client' | 'everyone', retryAfterSeconds: number): ReadBudgetDecision {
  return { allowed: false, spentBy, retryAfterSeconds };
}
