// On Node, the recent signers a visitor's page polls, answered from the read cache ahead of the
// Hono app: when the answer is kept, nothing else is needed (no rate limit or budget applies to a
// cached read), and building a Web Request and Response for it cost half the proxy's time on
// each read (docs/benchmarks.md "Proxy"). Everything else, and every case this does not settle
// (a query, a refused origin, nothing kept), goes to the app, which stays the one complete
// implementation and the only one on other runtimes. The headers come from the same functions
// the app uses: origin-policy.ts's apiCorsHeaders and api-routes.ts's readAnswerHeaders.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readAnswerHeaders } from '../http/api-routes.js';
import { PETITION_ID_PATTERN } from '../http/petition-id.js';
import { apiCorsHeaders, type OriginRules } from '../visitors/origin-policy.js';
import type { PetitionReads } from './petition-reads.js';
import type { ReadAnswer } from './read-cache.js';

/** The route the app answers as GET /api/petitions/:id/signatures/recent (petition-id.ts's spelling), without a query. */
const RECENT_PATH = new RegExp(`^/api/petitions/(${PETITION_ID_PATTERN})/signatures/recent$`);

export interface CachedReadOptions {
  reads: PetitionReads;
  origins: OriginRules;
  petitionIds: ReadonlySet<number>;
}

export function cachedReadListener(options: CachedReadOptions, app: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!answeredFromCache(options, request, response)) app(request, response);
  };
}

/** A kept answer as it is written: the body's bytes and the headers, made once per answer. */
interface Written {
  body: Buffer;
  headers: Record<string, string>;
  /** The whole head for a request without Origin (the usual same-origin or server call). */
  withoutOrigin: Record<string, string>;
}

const written = new WeakMap<ReadAnswer, Written>();

function writtenOf(kept: ReadAnswer, origins: OriginRules): Written {
  let entry = written.get(kept);
  if (!entry) {
    const body = Buffer.from(kept.body);
    const headers = { ...readAnswerHeaders(kept), 'Content-Length': String(body.length) };
    entry = { body, headers, withoutOrigin: { ...apiCorsHeaders(origins, undefined), ...headers } };
    written.set(kept, entry);
  }
  return entry;
}

function answeredFromCache(options: CachedReadOptions, request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET') return false;
  const match = RECENT_PATH.exec(request.url ?? '');
  if (!match) return false;
  const petitionId = Number(match[1]);
  if (!options.petitionIds.has(petitionId)) return false;
  const origin = request.headers.origin;
  const cors = origin === undefined ? undefined : apiCorsHeaders(options.origins, origin);
  if (origin !== undefined && !cors) return false;
  const kept = options.reads.cachedRecent(petitionId);
  if (!kept) return false;
  const { body, headers, withoutOrigin } = writtenOf(kept, options.origins);
  response.writeHead(200, cors ? { ...cors, ...headers } : withoutOrigin);
  response.end(body);
  return true;
}
