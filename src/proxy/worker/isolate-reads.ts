// The reads every page view makes (a petition's summary, recent signers and breakdown), answered
// in the Worker's isolate from a short memory of the Durable Object's answers, so a viral
// petition's views do not all land on the one object. A miss goes to the object, never to the
// service: the object keeps the service's read budget, the coalescing across isolates and the
// last good answers single and correct (src/proxy/README.md "On Cloudflare Workers").
// The rules are the Node proxy's for a cached read (reads/cached-read-listener.ts): no query, a
// configured petition, an allowed origin or none (a refused one goes to the object, which
// refuses it), the app's own headers and its 304 for a matching If-None-Match; no rate limit
// applies to a kept answer, as on Node.
import { ifNoneMatchHolds } from '../http/if-none-match.js';
import { readAnswerHeaders } from '../http/read-answer.js';
import type { ReadAnswer } from '../reads/read-cache.js';
import type { ReadSharing } from '../reads/read-sharing.js';
import { apiCorsHeaders, type OriginRules } from '../visitors/origin-policy.js';

/** The app's queryless reads that are the same for every visitor of an allowed origin. */
const KEPT_PATH = /^\/api\/petitions\/([1-9]\d{0,9})(?:\/signatures\/recent|\/breakdown)?$/;
const SIGNATURES_PATH = /^\/api\/petitions\/([1-9]\d{0,9})\/signatures$/;

/**
 * A miss joins a call to the object already under way for the same read only this long after it
 * started, and waits for it no longer: workerd never settles a promise whose request was
 * cancelled (its visitor went away), so a waiter then asks the object itself.
 */
const SHARED_WAIT_MS = 1000;

/** Three reads per configured petition; more only with a very long petitions list. */
const MAX_ENTRIES = 300;

export interface IsolateReadsOptions {
  origins: OriginRules;
  petitionIds: ReadonlySet<number>;
  /** How long an answer is kept (worker.ts says why it is at most LISTING_DELAY_MS); 0: never. */
  keptMs: number;
  /** What caches in front may do with the answers, as the object's app says (read-sharing.ts). */
  sharing: ReadSharing;
  now?: () => number;
}

/** What the object answered, as kept: fresh answers only (a stale one is never kept here). */
interface Kept {
  body: string;
  /** The object's ETag for it. */
  etag: string;
  petitionId: number;
  keptAt: number;
  generation: number;
}

interface Shared {
  /**
   * The kept answer, or undefined when the object's is not one to share: a stale answer, or a
   * failure, such as the 429 of the visitor who asked, which is theirs alone: a waiter asks anew.
   */
  promise: Promise<Kept | undefined>;
  petitionId: number;
  startedAt: number;
}

export type AskObject = (request: Request) => Promise<Response>;

export class IsolateReads {
  readonly #options: IsolateReadsOptions;
  readonly #now: () => number;
  readonly #kept = new Map<string, Kept>();
  readonly #shared = new Map<string, Shared>();
  /** Bumped when a signature goes through this isolate, so answers asked before it are not kept. */
  readonly #generations = new Map<number, number>();

  constructor(options: IsolateReadsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The answer to `request`: from this isolate's memory when it may be, else the object's. */
  async fetch(request: Request, ask: AskObject): Promise<Response> {
    if (this.#options.keptMs <= 0) return ask(request);
    const url = new URL(request.url);
    const signatures = request.method === 'POST' ? SIGNATURES_PATH.exec(url.pathname) : null;
    if (signatures) return this.#signature(request, Number(signatures[1]), ask);
    const read = this.#keptRead(request, url);
    return read ? this.#read(url.pathname, request, read.petitionId, read.origin, ask) : ask(request);
  }

  #keptRead(request: Request, url: URL): { petitionId: number; origin: string | undefined } | undefined {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (request.url.includes('?')) return undefined;
    const match = KEPT_PATH.exec(url.pathname);
    if (!match) return undefined;
    const petitionId = Number(match[1]);
    if (!this.#options.petitionIds.has(petitionId)) return undefined;
    const origin = request.headers.get('origin') ?? undefined;
    if (origin !== undefined && !this.#options.origins.allows(origin)) return undefined;
    return { petitionId, origin };
  }

  async #read(key: string, request: Request, petitionId: number, origin: string | undefined, ask: AskObject): Promise<Response> {
    const kept = this.#keptFor(key);
    if (kept) return this.#answer(kept, request, origin);
    // A HEAD has no body to keep: it goes to the object, which answers it as a GET without one.
    if (request.method === 'HEAD') return ask(request);
    const now = this.#now();
    const shared = this.#shared.get(key);
    if (shared && now < shared.startedAt + SHARED_WAIT_MS) {
      const answer = await waitAtMost(shared.promise, shared.startedAt + SHARED_WAIT_MS - now);
      return answer ? this.#answer(answer, request, origin) : ask(request);
    }
    return this.#askAndKeep(key, petitionId, request, ask);
  }

  async #askAndKeep(key: string, petitionId: number, request: Request, ask: AskObject): Promise<Response> {
    const generation = this.#generations.get(petitionId) ?? 0;
    let settle!: (kept: Kept | undefined) => void;
    const shared: Shared = { promise: new Promise((resolve) => (settle = resolve)), petitionId, startedAt: this.#now() };
    this.#shared.set(key, shared);
    let kept: Kept | undefined;
    try {
      // The object is asked for the whole answer, to keep it, even when the visitor has it already
      // (browsers ask with If-None-Match each time): that visitor then gets the 304 from here.
      const ifNoneMatch = request.headers.get('if-none-match') ?? undefined;
      const response = await ask(ifNoneMatch === undefined ? request : withoutIfNoneMatch(request));
      // A failure is never kept, and a stale answer is the object's to keep: it asks the service
      // again when its STALE_KEPT_MS is over (reads/read-cache.ts), which a copy here would outlast.
      const etag = response.headers.get('etag');
      if (response.status !== 200 || response.headers.has('x-petition-stale') || etag === null) return response;
      const body = await response.text();
      kept = { body, etag, petitionId, keptAt: this.#now(), generation };
      if (generation === (this.#generations.get(petitionId) ?? 0)) this.#keep(key, kept);
      if (!ifNoneMatchHolds(ifNoneMatch, etag)) return new Response(body, { status: response.status, headers: response.headers });
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(null, { status: 304, headers });
    } finally {
      if (this.#shared.get(key) === shared) this.#shared.delete(key);
      settle(kept);
    }
  }

  /** A signature taken through this isolate: its petition's answers here are out of date, as in the object. */
  async #signature(request: Request, petitionId: number, ask: AskObject): Promise<Response> {
    const response = await ask(request);
    if (response.status === 202) {
      this.#generations.set(petitionId, (this.#generations.get(petitionId) ?? 0) + 1);
      for (const [key, entry] of this.#kept) if (entry.petitionId === petitionId) this.#kept.delete(key);
      for (const [key, entry] of this.#shared) if (entry.petitionId === petitionId) this.#shared.delete(key);
    }
    return response;
  }

  #keptFor(key: string): Kept | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    if (kept.keptAt + this.#options.keptMs > this.#now()) return kept;
    this.#kept.delete(key);
    return undefined;
  }

  #keep(key: string, kept: Kept): void {
    this.#kept.delete(key);
    if (this.#kept.size >= MAX_ENTRIES) {
      // Map order is insertion order: the first entry is the oldest answer.
      const oldest = this.#kept.keys().next().value;
      if (oldest !== undefined) this.#kept.delete(oldest);
    }
    this.#kept.set(key, kept);
  }

  /**
   * The app's answer, with its headers for this origin (the same functions as the app's). `Age`
   * (RFC 9111) says it came from this memory, not from the object: how tests see the object spared.
   */
  #answer(kept: Kept, request: Request, origin: string | undefined): Response {
    const answer: ReadAnswer = { body: kept.body, stale: false, etag: kept.etag };
    const headers = {
      ...apiCorsHeaders(this.#options.origins, origin),
      ...readAnswerHeaders(answer, this.#options.sharing),
      Age: String(Math.floor((this.#now() - kept.keptAt) / 1000)),
    };
    if (ifNoneMatchHolds(request.headers.get('if-none-match') ?? undefined, kept.etag)) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : kept.body, { status: 200, headers });
  }
}

function withoutIfNoneMatch(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('if-none-match');
  return new Request(request, { headers });
}

/** The promise's value, or undefined when it has not settled within `ms`. */
async function waitAtMost<T>(promise: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}
