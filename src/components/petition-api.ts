// The proxy's browser routes (GET petition, signature list, recent, POST signature, and the
// public embed status), each a plain fetch taking the Task's AbortSignal, with failures turned
// into one error type.
import type { EmbedStatus, FailureBody, FieldProblemRef, PetitionSummary, Signature, SignaturePage, SortOrder, SubmissionResult } from '../shared/types.js';
import type { SignatureSubmission } from '../shared/consent.js';
import type { Proof } from '../shared/proof.js';
import { proxyBase } from './endpoint.js';

/**
 * A request that did not succeed. `status` 0 means the network failed (no answer at all);
 * otherwise it is the HTTP status and `messages` the spec's failure messages.
 */
export class RequestFailure extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    /** Seconds from a Retry-After header, when the proxy sent one. */
    readonly retryAfter?: number,
    /** A 400's field problems as (field, code), when the proxy named them so. */
    readonly problems: FieldProblemRef[] = [],
    /** A 409's withdrawal link: a duplicate is thanked like any other signature. */
    readonly withdrawUrl?: string,
  ) {
    super(status === 0 ? 'network failure' : `HTTP ${status}`);
  }
}

function messagesOf(body: unknown): string[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}

function problemsOf(body: unknown): FieldProblemRef[] {
  const problems = (body as { problems?: unknown } | null)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.filter(
    (p): p is FieldProblemRef => typeof (p as FieldProblemRef)?.field === 'string' && typeof (p as FieldProblemRef)?.code === 'string',
  );
}

/** Exported for the proof-of-work chunk (petition-sign/proof-of-work.ts), which keeps its own route out of the bundle. */
export async function request<T>(url: URL, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    // An abort is the Task cancelling a stale request: let it through as it is.
    if (init.signal?.aborted) throw error;
    throw new RequestFailure(0, []);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new RequestFailure(response.status, messagesOf(body), retryAfter > 0 ? retryAfter : undefined, problemsOf(body), (body as FailureBody | null)?.withdraw_url);
  }
  return body as T;
}

export function petitionUrl(endpoint: string | undefined, petitionId: number, rest = ''): URL {
  return new URL(`api/petitions/${petitionId}${rest}`, proxyBase(endpoint));
}

export function fetchPetition(endpoint: string | undefined, petitionId: number, signal: AbortSignal) {
  return request<PetitionSummary>(petitionUrl(endpoint, petitionId), { signal });
}

/** Whether the proxy lets this page use its API: public, so it answers where the API refuses. */
export function fetchEmbedStatus(endpoint: string | undefined, signal?: AbortSignal) {
  return request<EmbedStatus>(new URL('embed-status', proxyBase(endpoint)), { signal });
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

export function submitSignature(
  endpoint: string | undefined,
  petitionId: number,
  signer: SignatureSubmission & { proof?: Proof },
  signal: AbortSignal,
) {
  return request<SubmissionResult>(petitionUrl(endpoint, petitionId, '/signatures'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signer),
    signal,
  });
}
