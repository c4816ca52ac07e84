// Which of two decisions about a key is the newer one, so that an older decision never overwrites
// a newer one: a callback replayed within its 5-minute window (a recorded "denied" after a grant
// would block the site for good), or one that was on its way while the proxy asked the service.
// Decisions are ordered by the service's clock: a callback's X-Petition-Timestamp, or the Date of
// the service's own answer; both are whole seconds.
import type { AuthKeyStatus } from '../../shared/types.js';
import type { KeyRecord } from './key-store.js';

/** Where an outcome comes from, and when the service said it (Unix seconds, its clock). */
export type OutcomeEvidence =
  | { kind: 'callback'; at: number }
  /** The service's answer to this proxy's own request: it cannot be replayed. No Date: `at` undefined. */
  | { kind: 'answer'; at: number | undefined };

export type OutcomeVerdict =
  /** Newer than what is known: apply it. */
  | 'apply'
  /** The decision known already, from the same second: nothing to do. */
  | 'unchanged'
  /** Older than the decision known: ignore it. */
  | 'older'
  /** Another decision from the same second: which came last is unknown, so the service is asked. */
  | 'in doubt';

export function judgeOutcome(
  known: KeyRecord | undefined,
  outcome: { status: AuthKeyStatus; auth_key?: string | undefined },
  evidence: OutcomeEvidence,
): OutcomeVerdict {
  // Nothing decided yet (or a record from before decisions were dated), or an undated answer:
  // there is nothing to order it against.
  if (!known || known.decided_at === undefined || evidence.at === undefined) return 'apply';
  if (evidence.at > known.decided_at) return 'apply';
  if (evidence.at < known.decided_at) return 'older';
  const same = known.status === outcome.status && (outcome.status !== 'granted' || known.auth_key === outcome.auth_key);
  if (same) return 'unchanged';
  // The service's own answer tells the state at its time, and cannot be replayed.
  return evidence.kind === 'answer' ? 'apply' : 'in doubt';
}

/** Unix seconds of an HTTP Date header (the service's clock), if it has a readable one. */
export function serviceSeconds(dateHeader: string | null | undefined): number | undefined {
  const ms = dateHeader ? Date.parse(dateHeader) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}
