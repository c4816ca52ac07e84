// On Node, the recent signers a visitor's page polls, answered from the read cache ahead of the
// Hono app: when the answer is kept, nothing else is needed (no rate limit or budget applies to a
// cached read), and building a Web Request and Response for it cost half the proxy's time on
// each read (docs/benchmarks.md "Proxy"). Everything else, and every case this does not settle
// (a query, a refused origin, nothing kept), goes to the app, which stays the one complete
// implementation and the only one on other runtimes. The headers come from the same functions
// the app uses: origin-policy.ts's apiCorsHeaders and read-answer.ts's, and If-None-Match is
// weighed by the same if-none-match.ts (a 304 without a body, as the app's).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ifNoneMatchHolds } from '../http/if-none-match.js';
import { PETITION_ID_PATTERN } from '../http/petition-id.js';
import { readAnswerHeaders } from '../http/read-answer.js';
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
  /** The head of its 304, besides the origin rules': the 200's without Content-Length. */
  notModified: Record<string, string>;
}

const written = new WeakMap<ReadAnswer, Written>();

function writtenOf(kept: ReadAnswer, options: CachedReadOptions): Written {
  let entry = written.get(kept);
  if (!entry) {
    const body = Buffer.from(kept.body);
    const notModified = readAnswerHeaders(kept, options.reads.sharing);
    const headers = { ...notModified, 'Content-Length': String(body.length) };
    entry = { body, headers, withoutOrigin: { ...apiCorsHeaders(options.origins, undefined), ...headers }, notModified };
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
  const { body, headers, withoutOrigin, notModified } = writtenOf(kept, options);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatchHolds(ifNoneMatch, kept.etag)) {
    response.writeHead(304, { ...(cors ?? apiCorsHeaders(options.origins, undefined)), ...notModified });
    response.end();
    return true;
  }
  response.writeHead(200, cors ? { ...cors, ...headers } : withoutOrigin);
  response.end(body);
  return true;
}
