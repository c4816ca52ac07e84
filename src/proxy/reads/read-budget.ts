// How many reads the proxy may send to the service, so that anonymous visitors can never spend
// the site's budget there (docs/api.md "Limits": 1,000 requests a minute per api_key, shared by
// reads and submissions): uncached reads are limited per client address and in all, well below
// it, which leaves the rest to submissions, key requests and the proxy's other calls. Cached reads
// and reads that share another's call (read-cache.ts) cost nothing.
import { FixedWindowLimit, type RateDecision } from '../visitors/rate-limit.js';
import { ClientLimit } from '../visitors/client-limit.js';
import type { RateCounters } from '../visitors/rate-counters.js';

export interface ReadBudgetOptions {
  counters: RateCounters;
  perClientPerMinute: number;
  /** Clients are counted by network: an IPv6 one by this prefix (src/shared/client-network.ts). */
  ipv6Prefix: number;
  totalPerMinute: number;
  now?: () => number;
}

export type ReadBudgetDecision = { allowed: true } | { allowed: false; spentBy: 'client' | 'everyone'; retryAfterSeconds: number };

export class ReadBudget {
  readonly #perClient: ClientLimit;
  readonly #total: FixedWindowLimit;

  constructor(options: ReadBudgetOptions) {
    const { counters, now } = options;
    this.#perClient = new ClientLimit({ counters, name: 'upstream-reads-by-client', perWindow: options.perClientPerMinute, ipv6Prefix: options.ipv6Prefix, ...(now ? { now } : {}) });
    this.#total = new FixedWindowLimit({ counters, name: 'upstream-reads', perWindow: options.totalPerMinute, ...(now ? { now } : {}) });
  }

  /** Takes one upstream read for `client`; the client's own limit is checked first, so a refused client spends nothing of everyone's. */
  async take(client: string): Promise<ReadBudgetDecision> {
    const own = await this.#perClient.take(client);
    if (!own.allowed) return refused('client', own);
    const all = await this.#total.take('all');
    if (!all.allowed) return refused('everyone', all);
    return { allowed: true };
  }
}

function refused(spentBy: 'client' | 'everyone', decision: Extract<RateDecision, { allowed: false }>): ReadBudgetDecision {
  return { allowed: false, spentBy, retryAfterSeconds: decision.retryAfterSeconds };
}
