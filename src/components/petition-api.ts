// The proxy's browser routes (GET petition, signature list, recent), each a plain fetch taking
// the Task's AbortSignal, with failures turned into one error type. The public embed status is
// read where a failure is diagnosed (embed-diagnosis.ts); the signature's POST, and the reading
// of a failure's body, are in the proof of work's chunk (petition-sign/submission.ts).
import type { PetitionSummary, Signature, SignaturePage, SortOrder } from '../shared/types.js';
import { takeEarlyRead } from './early-reads.js';
import { proxyBase } from './endpoint.js';
import { petitionPath } from './proxy-base.js';

/**
 * A request that did not succeed. `status` 0 means the network failed (no answer at all);
 * otherwise it is the HTTP status and `body` the answer's JSON (null when it had none), as sent:
 * the spec's FailureBody, read where a failure is shown (petition-sign/submission.ts).
 */
export class RequestFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
    /** Seconds from a Retry-After header, when the proxy sent one. */
    readonly retryAfter?: number,
  ) {
    super(status === 0 ? 'network failure' : `HTTP ${status}`);
  }
}

/** Exported for the proof-of-work chunk (petition-sign/proof-of-work.ts, submission.ts), which keeps its own routes out of the bundle. */
export async function request<T>(url: URL, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    // The embed's loader may have begun this GET already, while the elements' code was on its way.
    const early = init.method === undefined && !init.signal?.aborted ? takeEarlyRead(url.href) : undefined;
    response = await (early ?? fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } }));
  } catch (error) {
    // An abort is the Task cancelling a stale request: let it through as it is.
    if (init.signal?.aborted) throw error;
    throw new RequestFailure(0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new RequestFailure(response.status, body, retryAfter > 0 ? retryAfter : undefined);
  }
  return body as T;
}

export function petitionUrl(endpoint: string | undefined, petitionId: number, rest = ''): URL {
  return new URL(petitionPath(petitionId, rest), proxyBase(endpoint));
}

export function fetchPetition(endpoint: string | undefined, petitionId: number, signal: AbortSignal) {
  return request<PetitionSummary>(petitionUrl(endpoint, petitionId), { signal });
}

export interface PageRequest {
  page: number;
  pageSize: number;
  sort: SortOrder;
}

export function fetchSignaturePage(
  endpoint: string | undefined,
  petitionId: number,
  { page, pageSize, sort }: PageRequest,
  signal: AbortSignal,
) {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), sort });
  return request<SignaturePage>(petitionUrl(endpoint, petitionId, `/signatures?${query}`), { signal });
}

export function fetchRecentSignatures(endpoint: string | undefined, petitionId: number, signal: AbortSignal) {
  return request<Signature[]>(petitionUrl(endpoint, petitionId, '/signatures/recent'), { signal });
}
