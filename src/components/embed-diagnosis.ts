// Why the petition (or its signatures) could not be loaded, asked of the proxy when a load fails:
// a browser reports a refused CORS request exactly like an unreachable proxy, so the proxy's
// public embed status tells the two apart; and the fix, for the console. A chunk of its own
// (embed-problem.ts loads it), which only a page whose element cannot work fetches.
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

/** The fix, for the console. */
export function advice(tag: string, problem: EmbedProblem): string | undefined {
  const at = 'url' in problem ? `the petition proxy at ${problem.url}` : '';
  switch (problem.kind) {
    case 'missing-petition-id':
      return `<${tag}> needs the petition's number: <${tag} petition-id="42">.`;
    case 'unreachable':
      return `<${tag}>: ${at} did not answer. Check the script tag's URL, or the endpoint attribute.`;
    case 'origin-refused':
      return `<${tag}>: ${at} refuses pages from ${problem.origin}. Add "${problem.origin}" to allowedOrigins in its configuration (the demo of npm start: npm start -- --allow-origin ${problem.origin}).`;
    case 'unknown-petition':
      return `<${tag}>: ${at} has no petition ${problem.petitionId}. Add it to petitions in its configuration, or correct petition-id.`;
    case 'key':
      return `<${tag}>: the petition service's operator has ${problem.status === 'pending' ? 'not yet granted' : problem.status} ${at}'s key for petition ${problem.petitionId} (\`npx petition-embed proxy keys\` shows it).`;
    case 'load-failed':
      return undefined;
  }
}
