// A browser's signature, from its request to the 202's body: the content type, the JSON, the
// signer's schema, the honeypot, the network's budget, the consent, the proof of work, then the
// submission (outbox/submissions.ts). The one statement of those steps and their order, for the
// app's route (api-routes.ts) and, on Node, the listener ahead of the app (submission-listener.ts).
import type { OptIn } from '../../shared/consent.js';
import { PROOF_FIELD, PROOF_PROBLEMS, type ProofProblem } from '../../shared/proof.js';
import { everyCountry } from '../../shared/addresses/every-country.js';
import { validateSigner } from '../../shared/signature-schema.js';
import type { SubmissionResult } from '../../shared/types.js';
import { checkConsent } from '../outbox/consent-check.js';
import type { Submissions } from '../outbox/submissions.js';
import type { ProofOfWork } from '../proof/proof-of-work.js';
import type { ClientLimit } from '../visitors/client-limit.js';
import { ProxyError } from '../errors/proxy-error.js';
import { StorageOutage } from '../errors/storage-outage.js';
import type { LimitWatch } from '../metrics/limit-watch.js';
import { NO_SIGNALS, type ProxySignals, type SubmissionRefusal } from '../metrics/proxy-signals.js';
import { QUEUED_MESSAGE } from '../outbox/submissions.js';

/**
 * The form's hidden honeypot input. People never see it, so never fill it; bots that fill every
 * field get the answer a queued signature gets, and the signature is not sent anywhere.
 */
export const HONEYPOT_FIELD = 'website';

export interface SignatureIntakeOptions {
  submissions: Submissions;
  /** Checks and spends the proofs of work. */
  proofs: ProofOfWork;
  /** Signatures per client network (rateLimit.signaturesPerIpPerMinute). */
  rateLimit: ClientLimit;
  /** The opt-ins a petition offers, from the configuration. */
  optInsOf: (petitionId: number) => readonly OptIn[];
  log: (line: string) => void;
  /** The data folder's failures, told apart as 503s; by default one of the intake's own. */
  storage?: StorageOutage;
  /** Each signature's outcome and proof, for the metrics; default none. */
  signals?: ProxySignals;
  /** Says once per episode that the signatures' rate limit refuses. */
  limits?: LimitWatch;
}

/** One request as the intake reads it; the body and the address are read only when needed. */
export interface SignatureRequest {
  contentType: string | undefined;
  /** The body, at most the body limit (app.ts), else a 413 ProxyError. */
  readBody: () => Promise<string>;
  /** The address the request is counted against (client-address.ts). */
  clientAddress: () => string;
}

/** A honeypot's catch, answered like a queued signature but counted apart. */
const HONEYPOT = Symbol('honeypot');

function isProofProblem(code: string | undefined): code is ProofProblem {
  return PROOF_PROBLEMS.some((problem) => problem === code);
}

export class SignatureIntake {
  readonly #options: SignatureIntakeOptions;
  readonly storage: StorageOutage;
  #honeypotCatches = 0;

  constructor(options: SignatureIntakeOptions) {
    this.#options = options;
    this.storage = options.storage ?? new StorageOutage(options.log);
  }

  /** The 202's body for a signature of a petition the proxy serves; a refusal is thrown as a ProxyError. */
  async submit(petitionId: number, request: SignatureRequest): Promise<SubmissionResult> {
    const signals = this.#options.signals ?? NO_SIGNALS;
    // Which step a refusal came from, for its outcome: the steps below move it along.
    const step: { refusal: SubmissionRefusal } = { refusal: 'validation' };
    try {
      const result = await this.#submit(petitionId, request, step);
      if (result !== HONEYPOT) signals.submission(result.messages?.includes(QUEUED_MESSAGE) ? 'queued' : 'forwarded');
      return result === HONEYPOT ? this.#options.submissions.ignoredAnswer() : result;
    } catch (error) {
      if (error instanceof ProxyError) signals.submission(error.status === 503 ? 'unavailable' : `refused_${error.status === 403 ? 'forbidden' : step.refusal}`);
      throw error;
    }
  }

  async #submit(petitionId: number, request: SignatureRequest, step: { refusal: SubmissionRefusal }): Promise<SubmissionResult | typeof HONEYPOT> {
    const options = this.#options;
    const signals = options.signals ?? NO_SIGNALS;
    if (!request.contentType?.toLowerCase().startsWith('application/json')) {
      throw new ProxyError(415, ['Content-Type: send the signature as application/json']);
    }
    const text = await request.readBody();
    let fields: unknown;
    try {
      fields = JSON.parse(text);
    } catch {
      throw new ProxyError(400, ['body: must be a JSON object with the signer\'s fields']);
    }
    const validation = validateSigner(fields, everyCountry);
    if (!validation.success) throw ProxyError.fields(validation.problems);

    const honeypot = (fields as Record<string, unknown>)[HONEYPOT_FIELD];
    // Only a filled-in trap counts: a client that sends the empty field as null is a person.
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      this.#honeypotCatches++;
      options.log(`honeypot: submission ignored (${this.#honeypotCatches} since start)`);
      signals.submission('honeypot');
      return HONEYPOT;
    }

    const clientAddress = request.clientAddress();
    const decision = await options.rateLimit.take(clientAddress);
    if (!decision.allowed) {
      step.refusal = 'rate_limit';
      options.limits?.reached('signatures_per_network');
      throw new ProxyError(429, ['Too many signatures from your network in the last minute. Try again in a minute.'], {
        retryAfter: decision.retryAfterSeconds,
      });
    }
    const consent = checkConsent(fields as Record<string, unknown>, options.optInsOf(petitionId));
    if (!consent.ok) throw new ProxyError(400, consent.problems);
    // The proof's spending and the outbox are written to the data folder: where it cannot be
    // written, the signer hears 503 and tries again, never a 202 for a signature not stored.
    return this.storage.guard(async () => {
      // Last before the signature goes anywhere (service or outbox), so a refused one spends no proof.
      step.refusal = 'proof';
      await options.proofs.accept(petitionId, (fields as Record<string, unknown>)[PROOF_FIELD]).then(
        () => signals.proof('accepted'),
        (error: unknown) => {
          // ProofOfWork.accept refuses only with a ProxyError of one proof problem (proof-of-work.ts),
          // so the search's optional chain and its field test cannot change the code read here.
          // Stryker disable next-line OptionalChaining,ConditionalExpression
          const code = error instanceof ProxyError ? error.details.problems?.find((problem) => problem.field === PROOF_FIELD)?.code : undefined;
          if (isProofProblem(code)) signals.proof(code);
          throw error;
        },
      );
      step.refusal = 'service';
      return options.submissions.submit(petitionId, validation.output, consent.consent, clientAddress);
    });
  }
}
