// Why the petition (or its signatures) could not be loaded, asked of the proxy when a load fails:
// a browser reports a refused CORS request exactly like an unreachable proxy, so the proxy's
// public embed status tells the two apart. A chunk of its own (embed-problem.ts loads it).
import type { EmbedStatus, KeyStatus } from '../shared/types.js';
import { proxyBase } from './endpoint.js';
import { RequestFailure, request } from './petition-api.js';

/** Why an element cannot work: shown in the page and explained in the console (embed-problem.ts). */
export type EmbedProblem =
  | { kind: 'missing-petition-id' }
  | { kind: 'unreachable'; url: string }
  | { kind: 'origin-refused'; url: string; origin: string }
  | { kind: 'unknown-petition'; url: string; petitionId: number }
  | { kind: 'key'; status: Exclude<KeyStatus, 'granted'>; url: string; petitionId: number }
  /** The proxy answered, but not with the petition (unavailable, or a bad answer): try again. */
  | { kind: 'load-failed' };

/** Whether the proxy lets this page use its API: public, so it answers where the API refuses. */
function fetchEmbedStatus(endpoint: string | undefined) {
  return request<EmbedStatus>(new URL('embed-status', proxyBase(endpoint)), {});
}

/** What a failed load of the petition (or its signatures) means. */
export async function diagnose(error: unknown, endpoint: string | undefined, petitionId: number): Promise<EmbedProblem> {
  let url: string;
  try {
    url = proxyBase(endpoint);
  } catch {
    // An endpoint that is no URL at all: nothing could be asked.
    return { kind: 'unreachable', url: String(endpoint) };
  }
  if (!(error instanceof RequestFailure)) return { kind: 'load-failed' };
  if (error.status === 404) return { kind: 'unknown-petition', url, petitionId };
  if (error.status === 403) return { kind: 'origin-refused', url, origin: location.origin };
  if (error.status !== 0) return { kind: 'load-failed' };
  try {
    const status = await fetchEmbedStatus(endpoint);
    return status.origin_allowed ? { kind: 'unreachable', url } : { kind: 'origin-refused', url, origin: status.origin ?? location.origin };
  } catch {
    return { kind: 'unreachable', url };
  }
}

