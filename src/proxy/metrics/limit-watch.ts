// A limit reached is logged once per episode: the first refusal after a quiet minute, with the
// setting that decides it. Never the client's address (personal data): the per-network limits
// are one episode for all networks.

export type LimitName = 'signatures_per_network' | 'challenges_per_network' | 'uncached_reads_per_network' | 'uncached_reads_total';

/** The configuration field an operator would look at. */
const SETTING: Record<LimitName, string> = {
  signatures_per_network: 'rateLimit.signaturesPerIpPerMinute',
  challenges_per_network: 'rateLimit.challengesPerIpPerMinute',
  uncached_reads_per_network: 'rateLimit.uncachedReadsPerIpPerMinute',
  uncached_reads_total: 'rateLimit.uncachedReadsPerMinute',
};

/** An episode ends after this long without a refusal. */
const QUIET_MS = 60_000;

export class LimitWatch {
  readonly #lastRefusal = new Map<LimitName, number>();

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  reached(limit: LimitName): void {
    const now = this.now();
    const last = this.#lastRefusal.get(limit);
    this.#lastRefusal.set(limit, now);
    if (last !== undefined && now - last < QUIET_MS) return;
    this.log(`limit reached: ${limit} (${SETTING[limit]}); further refusals are counted, not logged, until a quiet minute`);
  }
}
