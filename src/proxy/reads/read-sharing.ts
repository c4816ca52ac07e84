// How long a shared cache in front of the proxy (nginx's proxy_cache, a CDN: README.md "Under a
// viral spike") may keep the reads' answers, from the proxy's own periods, so that putting one
// in front changes how many requests reach the proxy and not what a reader sees: a cache keeps a
// fresh answer as long as the proxy's read cache does (cacheSeconds), a stale one as long as the
// read cache keeps a stale one, and serves its last answer while the proxy cannot answer for as
// long as the proxy serves its last good answers while the service cannot (staleForSeconds).
import { periodMs } from './read-cache.js';

export interface ReadSharing {
  /** A fresh answer, in whole seconds (0: shared caches must ask each time). */
  freshSeconds: number;
  /** An answer marked stale (the service could not answer), in whole seconds. */
  staleSeconds: number;
  /** How long a cache may answer with its last copy while the proxy fails (0: not at all). */
  staleIfErrorSeconds: number;
}

export function readSharingOf(periods: { cacheSeconds: number; staleForSeconds: number }): ReadSharing {
  const ttlMs = periods.cacheSeconds * 1000;
  // Whole seconds, rounded down: a cache never keeps an answer longer than the proxy would.
  return {
    freshSeconds: Math.floor(periodMs(ttlMs, false) / 1000),
    staleSeconds: Math.floor(periodMs(ttlMs, true) / 1000),
    staleIfErrorSeconds: Math.floor(periods.staleForSeconds),
  };
}
