// The headers of a public read's answer (the petition, its recent signers, a page of them, the
// breakdown), the same whichever path writes it: the app (api-routes.ts), the listener ahead of
// it on Node (reads/cached-read-listener.ts) and the Worker's isolate (worker/isolate-reads.ts).
//
// Cache-Control lets a shared cache in front of the proxy keep an answer as long as the proxy's
// own read cache does (`s-maxage`) and serve its last copy while the proxy fails
// (`stale-if-error`), but tells the browser `max-age=0`: a page must ask each time (cheaply,
// with If-None-Match and a 304), because right after a signature it reads the count and the list
// again and must find the signer there (README.md "Under a viral spike"). stale-while-revalidate
// is for CDNs only, in CDN-Cache-Control (RFC 9213), which browsers ignore: Chromium applies it
// to fetch() and would show the signer the list from before their signature.
import type { ReadAnswer } from '../reads/read-cache.js';
import type { ReadSharing } from '../reads/read-sharing.js';

/** Marks a read the service could not answer, served from the proxy's last good answers. */
const STALE_HEADER = 'X-Petition-Stale';

/** What every answer that is one visitor's, or a failure, says to every cache. */
export const NOT_SHARED = { 'Cache-Control': 'no-store' } as const;

function cachingHeaders(answer: ReadAnswer, sharing: ReadSharing): Record<string, string> {
  const seconds = answer.stale ? sharing.staleSeconds : sharing.freshSeconds;
  // The proxy keeps nothing: neither may anyone else, without asking.
  if (seconds <= 0) return { 'Cache-Control': 'no-cache', ETag: answer.etag };
  const onError = sharing.staleIfErrorSeconds > 0 ? `, stale-if-error=${sharing.staleIfErrorSeconds}` : '';
  return {
    'Cache-Control': `public, max-age=0, s-maxage=${seconds}${onError}`,
    'CDN-Cache-Control': `public, max-age=${seconds}, stale-while-revalidate=${seconds}${onError}`,
    ETag: answer.etag,
  };
}

/**
 * The headers of a read's answer besides the origin rules' (origin-policy.ts), the same on its
 * 200 and on the 304 that stands for it (RFC 9110 §15.4.5: the caching and validator fields, so a
 * cache refreshes its copy's lifetime, and the stale mark). The 304 keeps the Content-Type too,
 * which a cache would otherwise replace in its copy with the text/plain that Hono's Node adapter
 * gives every answer without one.
 */
export function readAnswerHeaders(answer: ReadAnswer, sharing: ReadSharing): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    ...(answer.stale ? { [STALE_HEADER]: '1' } : {}),
    ...cachingHeaders(answer, sharing),
  };
}
