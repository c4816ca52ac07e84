// Reads about a configured petition, served through the ReadCache: the service's list and recent
// signatures (page endpoints rewritten to this proxy's routes), the summary the form needs, and
// the signatures by place. An answer made from a kept one (a page rewritten, the summary) is made
// once per kept answer, so it keeps one ETag (entity-tag.ts) for as long as that answer is kept.
// List parameters are checked here by the service's own rule before anything is asked of it;
// what reaches the service, and what is answered when it cannot, is upstream-reads.ts.
import type { OptIn } from '../../shared/consent.js';
import { readListQuery } from '../../shared/list-query.js';
import type { OperatorNotice, PetitionResource, PetitionSummary, SignaturePage } from '../../shared/types.js';
import type { AuthKeys } from '../keys/auth-keys.js';
import { ProxyError } from '../errors/proxy-error.js';
import type { KeyStatus } from '../keys/key-store.js';
import { entityTagOf } from './entity-tag.js';
import type { ReadSharing } from './read-sharing.js';
import type { ReadCache, ReadAnswer } from './read-cache.js';
import type { UpstreamReads } from './upstream-reads.js';
import type { ReadKind } from './read-budget.js';

/** The address a read is charged to, asked only when the read goes to the service. */
export type ClientAddressOf = () => string;

export interface PetitionReadsOptions {
  upstream: UpstreamReads;
  cache: ReadCache;
  keys: AuthKeys;
  operator: OperatorNotice;
  /** The opt-ins a petition offers, from the configuration. */
  optInsOf: (petitionId: number) => OptIn[];
  /** The service's version prefix, e.g. `/v1`: page endpoints start with it. */
  upstreamPrefix: string;
  /** How long caches in front of the proxy may keep these answers (read-sharing.ts). */
  sharing: ReadSharing;
}

function cacheKey(path: string, query: ReadonlyArray<readonly [string, string]>): string {
  // Without a query there is nothing to encode (the recent signers, asked on every poll).
  return query.length === 0 ? `${path}?` : `${path}?${new URLSearchParams(query.map(([k, val]) => [k, val])).toString()}`;
}

export class PetitionReads {
  readonly #options: PetitionReadsOptions;
  /** The page made of each kept answer of the service. */
  readonly #pages = new WeakMap<ReadAnswer, Promise<ReadAnswer>>();
  /** The summary made of each kept answer of the service, with the key status it was made with. */
  readonly #summaries = new WeakMap<ReadAnswer, { keyStatus: KeyStatus; summary: Promise<ReadAnswer> }>();

  constructor(options: PetitionReadsOptions) {
    this.#options = options;
  }

  get sharing(): ReadSharing {
    return this.#options.sharing;
  }

  /**
   * Anything else in the query is ignored; page, page_size and sort are checked, and sent in one
   * spelling (`page=01` is `page=1`, `page_size=500` is 100), so spellings share one cached read.
   */
  async page(petitionId: number, query: (name: string) => string | undefined, client: ClientAddressOf): Promise<ReadAnswer> {
    const reading = readListQuery(query);
    if (!reading.ok) throw new ProxyError(400, reading.problems);
    const { page: number, pageSize, sort } = reading.query;
    const parameters = [['page', String(number)], ['page_size', String(pageSize)], ['sort', sort]] as const;
    const answer = await this.#read(petitionId, `/petitions/${petitionId}/signatures`, parameters, client, 'page');
    let made = this.#pages.get(answer);
    if (!made) {
      made = this.#rewritePage(answer);
      this.#pages.set(answer, made);
    }
    return made;
  }

  recent(petitionId: number, client: ClientAddressOf): Promise<ReadAnswer> {
    return this.#read(petitionId, `/petitions/${petitionId}/signatures/recent`, [], client, 'essential');
  }

  /**
   * Signatures by country and region, as the service withholds them. One read per petition, like
   * the summary: with no parameters to vary, the cache keeps it to a few a minute whoever asks.
   */
  breakdown(petitionId: number, client: ClientAddressOf): Promise<ReadAnswer> {
    return this.#read(petitionId, `/petitions/${petitionId}/signatures/breakdown`, [], client, 'essential');
  }

  /** The recent signers as kept in the cache, when they are: answered without a promise or a call. */
  cachedRecent(petitionId: number): ReadAnswer | undefined {
    return this.#options.cache.peek(cacheKey(`/petitions/${petitionId}/signatures/recent`, []), petitionId);
  }

  /** The petition as the service describes it, with this website's standing and the notice. */
  async summary(petitionId: number, client: ClientAddressOf): Promise<ReadAnswer> {
    const answer = await this.#read(petitionId, `/petitions/${petitionId}`, [], client, 'essential');
    const keyStatus = this.#options.keys.statusOf(petitionId);
    const made = this.#summaries.get(answer);
    if (made && made.keyStatus === keyStatus) return made.summary;
    const summary = this.#summaryOf(petitionId, answer, keyStatus);
    this.#summaries.set(answer, { keyStatus, summary });
    return summary;
  }

  #summaryOf(petitionId: number, answer: ReadAnswer, keyStatus: KeyStatus): Promise<ReadAnswer> {
    const { created_at: _created, ...petition } = JSON.parse(answer.body) as PetitionResource;
    const summary: PetitionSummary = {
      ...petition,
      accepting_signatures: petition.status === 'open' && keyStatus === 'granted',
      key_status: keyStatus,
      operator: this.#options.operator,
      stale: answer.stale,
      opt_ins: this.#options.optInsOf(petitionId),
    };
    return answerOf(JSON.stringify(summary), answer.stale);
  }

  #rewritePage(answer: ReadAnswer): Promise<ReadAnswer> {
    const page = JSON.parse(answer.body) as SignaturePage;
    const body = JSON.stringify({
      ...page,
      prev_page_endpoint: this.#rewrite(page.prev_page_endpoint),
      next_page_endpoint: this.#rewrite(page.next_page_endpoint),
    });
    return answerOf(body, answer.stale);
  }

  /** The service's `/v1/petitions/…` endpoint as this proxy's `/api/petitions/…` route. */
  #rewrite(endpoint: string | null): string | null {
    if (endpoint === null) return null;
    const prefix = `${this.#options.upstreamPrefix}/petitions/`;
    return endpoint.startsWith(prefix) ? `/api/petitions/${endpoint.slice(prefix.length)}` : null;
  }

  #read(petitionId: number, path: string, query: ReadonlyArray<readonly [string, string]>, client: ClientAddressOf, kind: ReadKind): Promise<ReadAnswer> {
    const key = cacheKey(path, query);
    return this.#options.cache.get(key, petitionId, () => this.#options.upstream.read(key, path, query, client, kind));
  }
}

async function answerOf(body: string, stale: boolean): Promise<ReadAnswer> {
  return { body, stale, etag: await entityTagOf(body, stale) };
}
