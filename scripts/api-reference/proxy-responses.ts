// The signing proxy's answers that many routes share (components of proxy.yaml): the origin
// refusal, the preflight, the headers every answer and the script files carry.
import { header, headerRef, emptyResponse, failureResponse, responseRef, type OpenApiObject } from './response-objects.js';

/** Every answer may differ by Origin; an allowed Origin gets CORS headers (an absent one none). */
export function corsHeaders(): Record<string, OpenApiObject> {
  return {
    Vary: headerRef('Vary'),
    'Access-Control-Allow-Origin': headerRef('AllowOrigin'),
    'Access-Control-Expose-Headers': headerRef('ExposeHeaders'),
  };
}

export const retryAfter = { 'Retry-After': headerRef('RetryAfter') };

/** Never kept by any cache: a failure, or what is one visitor's. */
const noStore = { 'Cache-Control': headerRef('NoStore') };

/** What a read's 304 repeats of its 200 (src/proxy/http/read-answer.ts). */
function readCachingHeaders(): Record<string, OpenApiObject> {
  return {
    ...corsHeaders(),
    'X-Petition-Stale': headerRef('Stale'),
    'Cache-Control': headerRef('ReadCacheControl'),
    'CDN-Cache-Control': headerRef('ReadCdnCacheControl'),
    ETag: headerRef('ReadETag'),
  };
}

/** A read's 200: the CORS headers, the mark of a last good answer served during an outage, and what caches may do with it. */
export function readHeaders(): Record<string, OpenApiObject> {
  return readCachingHeaders();
}

/** The public paths (the elements' code, the embed status): any Origin may read them. */
export function publicHeaders(): Record<string, OpenApiObject> {
  return { Vary: headerRef('Vary'), 'Access-Control-Allow-Origin': headerRef('AllowAnyOrigin') };
}

export const proxyHeaders: Record<string, OpenApiObject> = {
  Vary: header('Answers differ by Origin.', { const: 'Origin' }),
  AllowOrigin: header('The request\'s Origin, when it is allowed (absent when the request has no Origin).', { type: 'string', format: 'uri' }, false),
  AllowAnyOrigin: header('Any page may read this (present when the request has an Origin).', { const: '*' }, false),
  ExposeHeaders: header('With an allowed Origin: lets the page read Retry-After and X-Petition-Stale.', { const: 'Retry-After, X-Petition-Stale' }, false),
  Stale: header(
    "Present when the service could not answer (unreachable, failing, or this proxy's read budget spent) and this is the proxy's last good answer, at most staleForSeconds old.",
    { const: '1' },
    false,
  ),
  RetryAfter: header('Seconds to wait before trying again.', { type: 'integer', minimum: 1, examples: [60] }),
  NoStore: header('A failure, or an answer that is one visitor\'s: no cache may keep it.', { const: 'no-store' }),
  ReadCacheControl: header(
    "A shared cache in front of the proxy (nginx's proxy_cache, a CDN) may keep the answer as long as the proxy's read cache does (s-maxage: cacheSeconds, at most 5 s for an answer marked X-Petition-Stale) and serve its last copy while the proxy fails, for staleForSeconds (stale-if-error, absent when 0); a browser asks each time (max-age=0), with If-None-Match, so a page finds a signature right after making it. no-cache when cacheSeconds is under 1.",
    { type: 'string', pattern: '^(public, max-age=0, s-maxage=[1-9][0-9]*(, stale-if-error=[1-9][0-9]*)?|no-cache)$', examples: ['public, max-age=0, s-maxage=5, stale-if-error=86400'] },
  ),
  ReadCdnCacheControl: header(
    'For CDNs (RFC 9213), which browsers ignore: the same periods, and stale-while-revalidate for as long again. Absent with no-cache.',
    { type: 'string', pattern: '^public, max-age=[1-9][0-9]*, stale-while-revalidate=[1-9][0-9]*(, stale-if-error=[1-9][0-9]*)?$', examples: ['public, max-age=5, stale-while-revalidate=5, stale-if-error=86400'] },
    false,
  ),
  ReadETag: header(
    'Strong: the first 128 bits of the SHA-256 of the body (and of the stale mark), in hex. Changes whenever the answer does (a count, a list); send it back in If-None-Match.',
    { type: 'string', pattern: '^"[0-9a-f]{32}"$', examples: ['"3f1c0d9a7e2b4c6d8e0f1a2b3c4d5e6f"'] },
  ),
  ETag: header(
    'Changes whenever the file does, and differs for each Content-Encoding (-br, -gz inside the quotes); send it back in If-None-Match with the same Accept-Encoding.',
    { type: 'string', examples: ['"e5be-19aa6f3c2d1"', '"e5be-19aa6f3c2d1-br"', '"e5be-19aa6f3c2d1-gz"'] },
  ),
};

export const proxyResponses: Record<string, OpenApiObject> = {
  OriginRefused: failureResponse(
    "The request's Origin is not the proxy's publicUrl origin or one of its allowedOrigins. No CORS headers, so the page cannot read it.",
    { 'origin not allowed': ['Origin: this website is not allowed to use this petition proxy'] },
    { Vary: headerRef('Vary'), ...noStore },
  ),
  Preflight: emptyResponse('A CORS preflight from an allowed Origin (an OPTIONS request with Access-Control-Request-Method).', {
    Vary: headerRef('Vary'),
    'Access-Control-Allow-Origin': header('The request\'s Origin.', { type: 'string', format: 'uri' }),
    'Access-Control-Allow-Methods': header('What the API takes.', { const: 'GET, POST, OPTIONS' }),
    'Access-Control-Allow-Headers': header('What a request may set.', { const: 'Content-Type' }),
    'Access-Control-Max-Age': header('Seconds a browser may keep this answer.', { const: '600' }),
  }),
  NotPreflight: failureResponse(
    'An OPTIONS request that is not a preflight (no Origin, or no Access-Control-Request-Method): no route takes OPTIONS.',
    { 'not found': ['not found'] },
    { ...corsHeaders(), ...noStore },
  ),
  PetitionNotFound: failureResponse(
    'Not a petition this proxy is configured for (or one the service does not know).',
    { 'not configured': ['petition not found'] },
    { ...corsHeaders(), ...noStore },
  ),
  InternalError: failureResponse(
    'Something unexpected failed in the proxy (an answer from the service it cannot read, its data folder unwritable); the log names the error.',
    { internal: ['Something went wrong in the petition proxy. Try again later.'] },
    { ...corsHeaders(), ...noStore },
  ),
  ReadsLimited: failureResponse(
    "Too many pages from this client's network that had to go to the service in the last minute (rateLimit.uncachedReadsPerIpPerMinute, or half of the pages other networks have left of the minute's share), and no last good answer to serve instead. Cached reads are never limited.",
    { 'rate limited': ['Too many reads from your network in the last minute. Try again in a minute.'] },
    { ...corsHeaders(), ...retryAfter, ...noStore },
  ),
  ReadUnavailable: failureResponse(
    "The service is unreachable, too slow, refused these credentials (401) or failed (429, 5xx), or the proxy's reads in all this minute are spent (rateLimit.uncachedReadsPerMinute; pages may take two thirds of it), and there is no last good answer of this read to serve instead; the browser learns only that reads are unavailable.",
    { unavailable: ['The petition service is unavailable. Try again later.'] },
    { ...corsHeaders(), ...retryAfter, ...noStore },
  ),
  ReadNotModified: emptyResponse(
    "If-None-Match names the answer's ETag (weak comparison: W/\"…\" matches too, in a list or alone) or is *: no body, and the 200's caching headers, so a cache keeps its copy for another period.",
    readCachingHeaders(),
  ),
};

/** OPTIONS on a route: the preflight, the origin refusal, or 404 for anything else. */
export function preflightOperation(): OpenApiObject {
  return {
    summary: 'CORS preflight',
    description: 'Answered for any path, before routing.',
    responses: { '204': responseRef('Preflight'), '403': responseRef('OriginRefused'), '404': responseRef('NotPreflight') },
  };
}

/**
 * A script file: the entry (cached 5 minutes) or a chunk (hashed name, cached a year). Public
 * code: any page may load it, so that the elements can explain an origin the API refuses. Sent
 * compressed as Accept-Encoding allows, from copies made once, never per request.
 */
export function scriptOperation(summary: string, cacheControl: string, parameters: OpenApiObject[] = []): OpenApiObject {
  const fileHeaders = {
    ...publicHeaders(),
    Vary: header('Answers differ by Origin and by Accept-Encoding.', { const: 'Origin, Accept-Encoding' }),
    ETag: headerRef('ETag'),
    'Cache-Control': header('How long to keep it.', { const: cacheControl }),
  };
  return {
    summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      '200': {
        description:
          'The file, brotli-compressed when Accept-Encoding accepts br at a weight (q) at least that of gzip, else gzip-compressed when it accepts gzip (or x-gzip, or * without q=0), else as it is (no Accept-Encoding, both refused with q=0, or identity weighted above them); a file compression does not shrink is sent as it is. Content-Length is that of the bytes sent.',
        headers: {
          ...fileHeaders,
          'Content-Encoding': header('The coding of the bytes sent; absent when they are the file as it is.', { enum: ['br', 'gzip'] }, false),
        },
        content: { 'text/javascript': { schema: { type: 'string', description: 'An ES module.' } } },
      },
      '304': emptyResponse('If-None-Match named the current ETag.', fileHeaders),
      '404': failureResponse(
        'No such file: the elements are not built (run `npx vite build`), or the name is not a plain file name.',
        { 'not built': ['petition-embed.js: not found (the elements are not built: run `npx vite build`)'], 'no such chunk': ['chunks/xx-AAAAAAAA.js: not found'] },
        publicHeaders(),
      ),
    },
  };
}
