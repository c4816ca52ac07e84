// What the proxy's parts report as it runs, for its metrics (proxy-metrics.ts on Node): a small
// interface with no dependency, so the Worker, which serves no metrics, builds the same parts
// with NO_SIGNALS. Every value is from a fixed set: no label ever holds a signer's data.
import { PROOF_PROBLEMS, type ProofProblem } from '../../shared/proof.js';

/** Why the proxy refused a signature itself, or passed on the service's refusal. */
const SUBMISSION_REFUSALS = ['validation', 'rate_limit', 'proof', 'forbidden', 'service'] as const;
export type SubmissionRefusal = (typeof SUBMISSION_REFUSALS)[number];

/** A signature's outcome: sent to the service, kept in the outbox, caught, refused, or not storable now (503). */
export type SubmissionOutcome = 'forwarded' | 'queued' | 'honeypot' | 'unavailable' | `refused_${SubmissionRefusal}`;

export const SUBMISSION_OUTCOMES: readonly SubmissionOutcome[] = [
  'forwarded',
  'queued',
  'honeypot',
  'unavailable',
  ...SUBMISSION_REFUSALS.map((reason) => `refused_${reason}` as const),
];

export type ReadCacheResult = 'hit' | 'miss' | 'stale';

/** A proof of work accepted, or refused with its problem's code (src/shared/proof.ts). */
export type ProofResult = 'accepted' | ProofProblem;
export const PROOF_RESULTS: readonly ProofResult[] = ['accepted', ...PROOF_PROBLEMS];

export type WebhookResult = 'delivered' | 'failed';

export interface ProxySignals {
  submission(outcome: SubmissionOutcome): void;
  /** A queued signature sent to the service again. */
  deliveryRetry(): void;
  readCache(result: ReadCacheResult): void;
  readBudgetRefused(): void;
  proof(result: ProofResult): void;
  webhookDelivery(result: WebhookResult): void;
}

export const NO_SIGNALS: ProxySignals = {
  submission: () => undefined,
  deliveryRetry: () => undefined,
  readCache: () => undefined,
  readBudgetRefused: () => undefined,
  proof: () => undefined,
  webhookDelivery: () => undefined,
};
