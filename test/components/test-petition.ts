// Test set-up against the proxy-routes middleware: each test gets its own petition, and can
// script the proxy's next answers (failures, slowness) and read which requests it received.

import type { SignatureBreakdown } from '../../src/shared/types.js';

export interface PetitionOptions {
  listed?: number;
  /** The proxy's answer to GET breakdown; by default every signature in `other_count`. */
  breakdown?: SignatureBreakdown;
  /** Instead of `listed`: one signer per age in seconds, oldest first. */
  signedSecondsAgo?: number[];
  hiddenCount?: number;
  /** false: the proxy's key was revoked (keyStatus says which state exactly). */
  accepting?: boolean;
  keyStatus?: 'granted' | 'pending' | 'denied' | 'revoked';
  /** What GET /api/petitions/:id says about the operator (default: a complete notice). */
  operator?: Record<string, string>;
  /** The opt-ins the proxy's summary offers. */
  optIns?: Array<{ id: string; label: Record<string, string>; version: string }>;
  /** false: the proxy's answers carry no withdraw_url (as an older proxy's). */
  withdrawLinks?: boolean;
  /** The most tries its proof-of-work challenges take (default 1000: solved in a moment). */
  proofOfWork?: number;
  /** How long the proxy holds back each challenge's answer, to catch a signer who is quicker. */
  challengeDelayMs?: number;
  /** The petition's own fields (default: "Save the park", open, no goal, no url). */
  resource?: {
    title?: string;
    overview?: string;
    targets?: Array<{ name: string }>;
    goal?: number | null;
    status?: 'open' | 'closed';
    end_at?: string | null;
    url?: string | null;
    image_url?: string | null;
    confirm_signers?: boolean;
  };
}

async function control(path: string, body: unknown): Promise<Response> {
  const response = await fetch(`/__test/petitions${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control route ${path}: ${response.status}`);
  return response;
}

export async function createPetition(options: PetitionOptions = {}): Promise<number> {
  const { petition_id } = (await (await control('', options)).json()) as { petition_id: number };
  return petition_id;
}

export interface ScriptedFailure {
  status?: number;
  messages?: string[];
  retryAfter?: number;
  /** A 400's field problems as (field, code), as the proxy sends them beside the messages. */
  problems?: Array<{ field: string; code: string }>;
  /** Drop the connection instead of answering. */
  network?: boolean;
  /** Only for this route, e.g. "POST /signatures" or "GET /signatures/recent" ("GET /challenge" only when named). */
  route?: string;
}

export async function failNext(petitionId: number, failure: ScriptedFailure): Promise<void> {
  await control(`/${petitionId}/fail-next`, failure);
}

export async function delayAnswers(petitionId: number, ms: number): Promise<void> {
  await control(`/${petitionId}/delay`, { ms });
}

export async function requestsReceived(petitionId: number): Promise<string[]> {
  return (await (await control(`/${petitionId}/requests`, {})).json()) as string[];
}

/** The JSON bodies the proxy received for this petition's signatures, as the element sent them. */
export async function submissionsReceived(petitionId: number): Promise<Array<Record<string, unknown>>> {
  return (await (await control(`/${petitionId}/submissions`, {})).json()) as Array<Record<string, unknown>>;
}

/** How many proof-of-work challenges the proxy handed out for this petition. */
export async function challengesAnswered(petitionId: number): Promise<number> {
  return (await (await control(`/${petitionId}/challenges`, {})).json()) as number;
}
