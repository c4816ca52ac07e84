// The phases of <petition-sign>, as one typed value: which one the element is in decides what
// it shows and where focus goes when it arrives there (petition-sign.ts, `focusFor`).
import type { PetitionSummary } from '../../shared/types.js';
import type { EmbedProblem } from '../embed-problem.js';
import type { ShownProblem } from './sign-form.js';
import type { CopyState } from './share-step.js';

export type SignState =
  | { kind: 'loading' }
  /** The element cannot work here; `retry` when trying again may help. */
  | { kind: 'failed'; problem: EmbedProblem; retry: boolean }
  /** The petition takes no signatures: closed, or this website's key is not granted. */
  | { kind: 'closed' }
  | { kind: 'unavailable'; problem: EmbedProblem }
  | { kind: 'form'; problems: ShownProblem[]; summary: string[]; networkFailed: boolean }
  /** `note`: sent before the proof of work was done (proof-of-work.ts), so the status says so. */
  | { kind: 'sending'; note?: 'proofWaiting' }
  /** `withdrawUrl`: the proxy's link for the signer to take the signature back (a page of the service). */
  | { kind: 'thanked'; copy: CopyState; withdrawUrl?: string | undefined };

export type FormPhase = Extract<SignState, { kind: 'form' }>;

export const FRESH_FORM: FormPhase = { kind: 'form', problems: [], summary: [], networkFailed: false };

/**
 * The phase a loaded petition puts the element in, from the one it was in: a refreshed summary
 * never takes away a form being filled in, a signature being sent or a thank-you.
 */
export function stateForPetition(petition: PetitionSummary, current: SignState, url: string): SignState {
  if (current.kind === 'sending' || current.kind === 'thanked') return current;
  if (isClosed(petition)) return { kind: 'closed' };
  if (!petition.accepting_signatures) {
    const status = petition.key_status === 'granted' ? 'pending' : petition.key_status;
    return { kind: 'unavailable', problem: { kind: 'key', status, url, petitionId: petition.petition_id } };
  }
  return current.kind === 'form' ? current : FRESH_FORM;
}

/** Closed by its operator, or past its end (which may pass while the page is open). */
function isClosed(petition: PetitionSummary, now = Date.now()): boolean {
  return petition.status === 'closed' || (petition.end_at !== null && Date.parse(petition.end_at) <= now);
}

/** Where focus goes on arriving in `phase` from `previous` (a selector in the element), if anywhere. */
export function focusTarget(phase: SignState, previous: SignState | undefined): string | undefined {
  if (phase.kind === 'form' && (phase.problems.length > 0 || phase.summary.length > 0)) return '.error-summary';
  if (phase.kind === 'form' && phase.networkFailed) return '.alert';
  if (phase.kind === 'thanked' && previous?.kind !== 'thanked') return '.thanks';
  // After "Try again", the button is gone: the element's own wrapper keeps focus in it.
  if (phase.kind === 'loading' && previous?.kind === 'failed') return '.base';
  return undefined;
}
