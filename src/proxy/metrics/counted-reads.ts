// The read cache and the read budget as the metrics see them: each read answered from memory, from
// the service, or stale, and each read the budget refused, counted without the reads knowing.
import type { ReadAnswer } from '../reads/read-cache.js';
import { ReadCache } from '../reads/read-cache.js';
import { ReadBudget, type ReadBudgetDecision, type ReadBudgetOptions, type ReadKind } from '../reads/read-budget.js';
import type { LimitWatch } from './limit-watch.js';
import type { ProxySignals } from './proxy-signals.js';

export class CountedReadCache extends ReadCache {
  readonly #signals: ProxySignals;
  /** True while get() runs its own peek: that one is counted by get(). */
  #inGet = false;

  constructor(ttlMs: number, signals: ProxySignals) {
    super(ttlMs);
    this.#signals = signals;
  }

  /** A kept answer taken without get(): the Node listener ahead of the app (cached-read-listener.ts). */
  override peek(key: string, petitionId: number): ReadAnswer | undefined {
    const answer = super.peek(key, petitionId);
    if (answer && !this.#inGet) this.#signals.readCache('hit');
    return answer;
  }

  /** A read that shares another's call in flight is a hit too: it costs the service nothing. */
  override get(key: string, petitionId: number, load: () => Promise<ReadAnswer>): Promise<ReadAnswer> {
    let loaded = false;
    this.#inGet = true;
    let answer: Promise<ReadAnswer>;
    try {
      answer = super.get(key, petitionId, () => {
        loaded = true;
        return load();
      });
    } finally {
      this.#inGet = false;
    }
    if (!loaded) {
      this.#signals.readCache('hit');
      return answer;
    }
    return answer.then(
      (read) => {
        this.#signals.readCache(read.stale ? 'stale' : 'miss');
        return read;
      },
      (error: unknown) => {
        this.#signals.readCache('miss');
        throw error;
      },
    );
  }
}

export class CountedReadBudget extends ReadBudget {
  readonly #signals: ProxySignals;
  readonly #limits: LimitWatch;

  constructor(options: ReadBudgetOptions, signals: ProxySignals, limits: LimitWatch) {
    super(options);
    this.#signals = signals;
    this.#limits = limits;
  }

  override async take(client: string, kind: ReadKind): Promise<ReadBudgetDecision> {
    const decision = await super.take(client, kind);
    if (!decision.allowed) {
      this.#signals.readBudgetRefused();
      this.#limits.reached(decision.spentBy === 'client' ? 'uncached_reads_per_network' : 'uncached_reads_total');
    }
    return decision;
  }
}
