// POST petitions/:id/signatures as a rule: the signed request is proven with the petition's
// authorization key, the signer validated, duplicates refused, then the signature durably queued.
import { everyCountry } from '../../shared/addresses/every-country.js';
import { validateSigner } from '../../shared/signature-schema.js';
import { SIGNER_FIELDS, formatProblem } from '../../shared/signer-fields.js';
import { readOrigin } from '../../shared/signature-origin.js';
import { readOptIns } from '../../shared/signature-opt-ins.js';
import { timingSafeEqualText } from '../../shared/signing.js';
import { WITHDRAWAL_TOKEN_FIELD, WITHDRAWAL_TOKEN_LENGTH, isWithdrawalToken } from '../../shared/withdrawal-token.js';
import { secretTokenHash } from '../http/secret-token.js';
import { ApiError } from '../errors/api-error.js';
import { emailIdentity } from './email-identity.js';
import { PETITION_NOT_FOUND, refuseIfClosed } from '../petitions/petitions.js';
import type { ConsumerRateLimit } from '../limits/rate-limit.js';
import { checkSignedRequestFrame, verifyRequestSignature, type ConsumerDirectory } from '../http/request-auth.js';
import type { PostParams } from '../http/request-params.js';
import { textParam } from '../http/request-params.js';
import type { SignatureQueue } from './signature-queue.js';
import { signerLanguage } from '../confirmation/signer-language.js';
import type { ConsumerRow, Store } from '../store/store.js';
import type { SubmissionKeyRequest, SubmissionLookups, SubmissionPetition } from './submission-lookups.js';
import { keyRefused, refuseUnlessGranted } from './submission-rules.js';
import { optInsColumn, originColumns } from './signature-row.js';
import { refusalReason } from './refusal-reason.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';
import type { DatabaseHealth } from '../store/database-health.js';

export const NO_SIGNATURE_DATA = 'No signature data received.';
export const ALREADY_SIGNED = 'email: This email address has already signed this petition';
const WITHDRAWAL_TOKEN_PROBLEM = `${WITHDRAWAL_TOKEN_FIELD}: must be ${WITHDRAWAL_TOKEN_LENGTH} characters of A-Z, a-z, 0-9, - and _`;
/** The body of a 202 (docs/api.md "Signatures"). */
export const SIGNATURE_ACCEPTED = { result: 'success' } as const;

/** What a submission is screened by, once its fields are checked (src/service/abuse/submission-screen.ts). */
export interface ScreenedSubmission {
  petitionId: number;
  email: string;
  emailIdentity: string;
  /** The signer's address, when the proxy said it. */
  clientAddress: string | undefined;
}

interface SubmissionContext {
  store: Store;
  queue: SignatureQueue;
  lookups: SubmissionLookups;
  /** Refuses a signer the operator does not take (a disposable address, a block list), by throwing. */
  screen: (submission: ScreenedSubmission) => Promise<void>;
}

export interface SignatureIntake extends SubmissionContext {
  consumers: ConsumerDirectory;
  consumerRateLimit: ConsumerRateLimit;
  /** Which failures are a storage outage (counted as refused `unavailable`). */
  health: DatabaseHealth;
  metrics: ServiceMetrics;
}

/**
 * POST petitions/:id/signatures from its parameters, however they were read (routes.ts, or
 * submission-listener.ts ahead of the app): resolves once the signature is committed and listed.
 */
export async function postSignature(intake: SignatureIntake, petitionIdText: string, params: PostParams, path: string): Promise<void> {
  try {
    await takeSignature(intake, petitionIdText, params, path);
  } catch (error) {
    intake.metrics.signatureRefused(refusalReason(error, intake.health.unavailable(error) !== null));
    throw error;
  }
  intake.metrics.signatureAccepted();
}

async function takeSignature(intake: SignatureIntake, petitionIdText: string, params: PostParams, path: string): Promise<void> {
  if (params.empty) throw new ApiError(400, [NO_SIGNATURE_DATA]);
  const consumer = await intake.consumers.authenticate(textParam(params.values, 'api_key'));
  const submit = async () =>
    submitSignature(intake, {
      petition: await intake.lookups.petition(petitionIdText),
      consumer,
      params,
      path,
      now: Date.now(),
      chargeRateLimit: () => intake.consumerRateLimit.take(consumer.id),
    });
  try {
    await submit();
  } catch (error) {
    // A refusal on the petition or the key (made before the budget is charged) may come from
    // remembered rows another connection has changed since: it is decided again on fresh ones.
    if (!(error instanceof ApiError && REMEMBERED_ROW_REFUSALS.has(error.status) && (await intake.lookups.droppedStaleRows()))) throw error;
    await submit();
  }
}

/** Refusals that can come from a remembered petition or key request (submission-lookups.ts). */
const REMEMBERED_ROW_REFUSALS = new Set([401, 403, 404]);

interface Submission {
  petition: SubmissionPetition;
  consumer: ConsumerRow;
  params: PostParams;
  path: string;
  now: number;
  /** Counts the request against the consumer's budget, once it is proven to be the consumer's. */
  chargeRateLimit: () => void;
}

async function submitSignature(context: SubmissionContext, submission: Submission): Promise<void> {
  const { lookups, queue } = context;
  const { petition, consumer, params, path, now } = submission;
  // No signer fields at all is answered as decided whatever else the request carries: it
  // changes nothing, so there is nothing for the signature checks to protect.
  const signerFields: Record<string, unknown> = {};
  let hasData = false;
  for (const field of SIGNER_FIELDS) {
    if (!(field in params.values)) continue;
    const value = params.values[field];
    signerFields[field] = value;
    if (typeof value !== 'string' || value.trim() !== '') hasData = true;
  }
  if (!hasData) throw new ApiError(400, [NO_SIGNATURE_DATA]);

  refuseIfClosed(petition, now);
  const rsigExpiresAt = checkSignedRequestFrame(params, path, now);
  const keyRequest = await grantedKeyRequest(lookups, submission);
  const rsig = verifyRequestSignature(params, consumer.secret, keyRequest.auth_key!);
  submission.chargeRateLimit();
  const validation = validateSigner(signerFields, everyCountry);
  const origin = readOrigin(params.values);
  const optIns = readOptIns(params.values);
  const withdrawalToken = params.values[WITHDRAWAL_TOKEN_FIELD];
  const problems = [...(validation.success ? [] : validation.problems.map(formatProblem)), ...origin.problems, ...optIns.problems];
  // Optional; one the proxy did not make is refused, so a stored hash always has a link behind it.
  if (withdrawalToken !== undefined && !isWithdrawalToken(withdrawalToken)) problems.push(WITHDRAWAL_TOKEN_PROBLEM);
  if (!validation.success || problems.length > 0) throw new ApiError(400, problems);
  const identity = emailIdentity(validation.output.email);
  await context.screen({ petitionId: petition.id, email: validation.output.email, emailIdentity: identity, clientAddress: origin.origin.client_address });

  const outcome = await queue.enqueue({
    petition_id: petition.id,
    email_identity: identity,
    signer: validation.output,
    auth_key_request_id: keyRequest.id,
    received_at: now,
    lang: signerLanguage(params.values['lang']),
    ...(isWithdrawalToken(withdrawalToken) ? { withdrawal_token_hash: secretTokenHash(withdrawalToken) } : {}),
    rsig,
    rsigExpiresAt,
    origin: originColumns(origin.origin),
    opt_ins: optInsColumn(optIns.optIns),
  });
  if (outcome === 'duplicate') throw new ApiError(409, [ALREADY_SIGNED]);
  if (outcome === 'no-petition') throw new ApiError(404, [PETITION_NOT_FOUND]);
}

/**
 * The key request behind this submission, found by (petition, consumer, source). The auth_key
 * itself may be left out of the body (the proxy does): rsig, salted with it, proves it anyway.
 */
async function grantedKeyRequest(lookups: SubmissionLookups, { petition, consumer, params }: Submission): Promise<SubmissionKeyRequest> {
  const source = textParam(params.values, 'source');
  const request = source ? await lookups.keyRequest(petition.id, consumer.id, source) : undefined;
  const sentKey = params.values['auth_key'];
  if (!request || !request.auth_key) throw keyRefused();
  if (sentKey !== undefined && (typeof sentKey !== 'string' || !timingSafeEqualText(sentKey, request.auth_key))) {
    throw keyRefused();
  }
  refuseUnlessGranted(request);
  return request;
}
