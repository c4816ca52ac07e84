// Reads about a configured petition, served through the ReadCache: the service's list and recent
// signatures (page endpoints rewritten to this proxy's routes) and the summary the form needs.
import type { OperatorNotice, PetitionResource, PetitionSummary, SignaturePage } from '../shared/types.js';
import type { AuthKeys } from './auth-keys.js';
import { ProxyError } from './failure.js';
import type { ReadCache, ReadAnswer } from './read-cache.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamClient } from './upstream-client.js';

/** Seconds a browser is asked to wait before reading again while the service is unavailable. */
const READ_RETRY_AFTER_SECONDS = 5;

/** The list parameters passed on to the service; anything else in the query is ignored. */
const LIST_PARAMETERS = ['page', 'page_size', 'sort'] as const;

export interface PetitionReadsOptions {
  client: UpstreamClient;
  cache: ReadCache;
  keys: AuthKeys;
  operator: OperatorNotice;
  /** The service's version prefix, e.g. `/v1`: page endpoints start with it. */
  upstreamPrefix: string;
}

export class PetitionReads {
  readonly #options: PetitionReadsOptions;

  constructor(options: PetitionReadsOptions) {
    this.#options = options;
  }

  async page(petitionId: number, query: (name: string) => string | undefined): Promise<ReadAnswer> {
    const parameters = LIST_PARAMETERS.flatMap((name) => {
      const value = query(name);
      return value === undefined ? [] : [[name, value] as const];
    });
    const answer = await this.#read(petitionId, `/petitions/${petitionId}/signatures`, parameters);
    const page = JSON.parse(answer.body) as SignaturePage;
    return {
      body: JSON.stringify({
        ...page,
        prev_page_endpoint: this.#rewrite(page.prev_page_endpoint),
        next_page_endpoint: this.#rewrite(page.next_page_endpoint),
      }),
    };
  }

  recent(petitionId: number): Promise<ReadAnswer> {
    return this.#read(petitionId, `/petitions/${petitionId}/signatures/recent`, []);
  }

  /** The petition as the service describes it, with this website's standing and the notice. */
  async summary(petitionId: number): Promise<ReadAnswer> {
    const answer = await this.#read(petitionId, `/petitions/${petitionId}`, []);
    const { created_at: _created, ...petition } = JSON.parse(answer.body) as PetitionResource;
    const keyStatus = this.#options.keys.statusOf(petitionId);
    const summary: PetitionSummary = {
      ...petition,
      accepting_signatures: petition.status === 'open' && keyStatus === 'granted',
      key_status: keyStatus,
      operator: this.#options.operator,
    };
    return { body: JSON.stringify(summary) };
  }

  /** The service's `/v1/petitions/…` endpoint as this proxy's `/api/petitions/…` route. */
  #rewrite(endpoint: string | null): string | null {
    if (endpoint === null) return null;
    const prefix = `${this.#options.upstreamPrefix}/petitions/`;
    return endpoint.startsWith(prefix) ? `/api/petitions/${endpoint.slice(prefix.length)}` : null;
  }

  #read(petitionId: number, path: string, query: ReadonlyArray<readonly [string, string]>): Promise<ReadAnswer> {
    const key = `${path}?${new URLSearchParams(query.map(([k, val]) => [k, val])).toString()}`;
    return this.#options.cache.get(key, petitionId, async () => {
      try {
        const answer = await this.#options.client.get(path, query);
        if (answer.status === 200) return { body: answer.body };
        throw readFailure(answer.status, answer.body);
      } catch (error) {
        if (!(error instanceof UpstreamUnavailable)) throw error;
        throw readFailure(503, '');
      }
    });
  }
}

/**
 * A failed read: the service's messages are about the request's own parameters (e.g.
 * "page_size: …") and pass on; for 401 and 5xx the browser learns only that reads are unavailable.
 */
function readFailure(status: number, body: string): ProxyError {
  if (status === 400 || status === 404) {
    const messages = upstreamMessages(body);
    return new ProxyError(status, messages.length ? messages : [status === 404 ? 'petition not found' : 'The request was not valid.']);
  }
  return new ProxyError(503, ['The petition service is unavailable. Try again later.'], { retryAfter: READ_RETRY_AFTER_SECONDS });
}
