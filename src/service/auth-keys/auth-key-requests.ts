// Authorization key requests (docs/api.md "Authorization keys"): identified by petition,
// consumer and source; answered 202 then by callback, or 200 with the payload once decided.
// Every status change queues exactly one callback delivery in the same transaction.
import { randomBytes } from 'node:crypto';
import type { AuthKeyCallbackPayload } from '../../shared/types.js';
import { KEY_REQUEST_TEXT_MAX_LENGTH, KEY_REQUEST_URL_MAX_LENGTH } from '../../shared/signed-body-limit.js';
import { ApiError } from '../errors/api-error.js';
import { callbackHost } from '../store/callbacks/callback-host.js';
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { OperatorError } from '../errors/operator-error.js';
import { checkSignedRequestFrame, verifyRequestSignature } from '../http/request-auth.js';
import type { PostParams } from '../http/request-params.js';
import { textParam } from '../http/request-params.js';
import type { AuthKeyRequestRecord, AuthKeyRequestStatus, ConsumerRow, PetitionRow, Store } from '../store/store.js';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface AuthKeyRequestInputChecked {
  source_description: string;
  source: string;
  requester_email: string;
  callback_endpoint: string;
}

export type KeyRequestAnswer =
  | { status: 202; body: { result: 'success' } }
  | { status: 200; body: AuthKeyCallbackPayload };

function callbackPayload(request: AuthKeyRequestRecord): AuthKeyCallbackPayload {
  if (request.status === 'pending') throw new Error('a pending request has no outcome yet');
  return {
    status: request.status,
    petition_id: request.petition_id,
    source_description: request.source_description,
    source: request.source,
    requester_email: request.requester_email,
    ...(request.status === 'denied' || request.auth_key === null ? {} : { auth_key: request.auth_key }),
  };
}

const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

async function checkInput(values: Record<string, unknown>, callbackProblem: CallbackCheck): Promise<AuthKeyRequestInputChecked> {
  const problems: string[] = [];
  // Values are kept as sent: the callback echoes them, the requester maps the outcome back by
  // them, and `source` must match the one its signature submissions send, byte for byte.
  const text = (name: string, maxLength: number): string => {
    const value = textParam(values, name) ?? '';
    if (value.trim() === '') problems.push(`${name}: is required`);
    else if (value.length > maxLength) problems.push(`${name}: must be ${maxLength} characters or fewer`);
    // Kept byte for byte, but a control character is never part of a name, an address or a URL
    // (and PostgreSQL cannot store U+0000).
    else if (CONTROL_CHARACTER.test(value)) problems.push(`${name}: must not contain control characters`);
    return value;
  };
  const input = {
    source_description: text('source_description', KEY_REQUEST_TEXT_MAX_LENGTH),
    source: text('source', KEY_REQUEST_TEXT_MAX_LENGTH),
    requester_email: text('requester_email', KEY_REQUEST_TEXT_MAX_LENGTH),
    callback_endpoint: text('callback_endpoint', KEY_REQUEST_URL_MAX_LENGTH),
  };
  if (input.requester_email && !EMAIL_FORMAT.test(input.requester_email)) {
    problems.push('requester_email: must be an email address, like name@example.com');
  }
  if (input.callback_endpoint && input.callback_endpoint.length <= KEY_REQUEST_URL_MAX_LENGTH) {
    const problem = await callbackProblem(input.callback_endpoint);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new ApiError(400, problems);
  return input;
}

/** The callback_endpoint rule (an http(s) URL, by default not aimed at a private address). */
type CallbackCheck = (url: string) => Promise<string | null>;

export interface KeyRequestSubmission {
  petition: PetitionRow;
  consumer: ConsumerRow;
  params: PostParams;
  path: string;
  now: number;
  autoGrant: boolean;
  /** Counts the request against the consumer's budget, once it is proven to be the consumer's. */
  chargeRateLimit: () => void;
  callbackProblem: CallbackCheck;
}

export async function requestAuthKey(store: Store, submission: KeyRequestSubmission): Promise<KeyRequestAnswer> {
  const { petition, consumer, params, path, now } = submission;
  checkSignedRequestFrame(params, path, now);
  verifyRequestSignature(params, consumer.secret, '');
  submission.chargeRateLimit();
  const input = await checkInput(params.values, submission.callbackProblem);
  // Idempotent by its identity, so the same request sent again (clients of API v1 re-send at
  // once) is answered as the first one was: no replay memory is needed.
  return store.db.transaction(async (): Promise<KeyRequestAnswer> => {
    const existing = await store.authKeyRequestByIdentity.get(petition.id, consumer.id, input.source);
    if (existing) {
      // Still pending: the first 202 stands and its callback is still to come; no second one.
      if (existing.status === 'pending') return { status: 202, body: { result: 'success' } };
      return { status: 200, body: callbackPayload(existing) };
    }
    const inserted = await store.insertAuthKeyRequest.get({
      petition_id: petition.id,
      consumer_id: consumer.id,
      ...input,
      callback_host: callbackHost(input.callback_endpoint),
      created_at: now,
    });
    if (submission.autoGrant) await changeStatus(store, inserted!.id, 'grant', now);
    return { status: 202, body: { result: 'success' } };
  });
}

export type OperatorDecision = 'grant' | 'deny' | 'revoke';

const TRANSITIONS: Record<OperatorDecision, { from: AuthKeyRequestStatus[]; to: AuthKeyRequestStatus }> = {
  grant: { from: ['pending', 'denied'], to: 'granted' },
  deny: { from: ['pending'], to: 'denied' },
  revoke: { from: ['granted'], to: 'revoked' },
};

/**
 * The operator's decision on a request, with its callback delivery queued in the same
 * transaction. A granted key is 32 random bytes in hex; a revoked request keeps its key so
 * the callback can say which key was revoked.
 */
export function changeStatus(store: Store, id: number, decision: OperatorDecision, now = Date.now()): Promise<AuthKeyRequestRecord> {
  return store.db.transaction(async () => {
    const request = await store.authKeyRequestById.get(id);
    if (!request) throw new OperatorError(`no authorization key request with id ${id}`);
    const { from, to } = TRANSITIONS[decision];
    if (!from.includes(request.status)) {
      throw new OperatorError(`request ${id} is ${request.status}; only ${from.join(' or ')} requests can be ${to}`);
    }
    const authKey = to === 'granted' ? randomBytes(32).toString('hex') : to === 'denied' ? null : request.auth_key;
    await store.setAuthKeyRequestStatus.run({ id, status: to, auth_key: authKey, now });
    const updated = (await store.authKeyRequestById.get(id))!;
    await store.insertDelivery.run(id, JSON.stringify(callbackPayload(updated)), now, now);
    return updated;
  });
}

const DECISION_AUDIT = { grant: 'key request granted', deny: 'key request denied', revoke: 'key request revoked' } as const;

/** An operator's decision (console or admin command), with its audit entry in the same transaction. */
export function decideKeyRequest(store: Store, id: number, decision: OperatorDecision, actor: Actor): Promise<AuthKeyRequestRecord> {
  return store.db.transaction(async () => {
    const updated = await changeStatus(store, id, decision);
    await recordAudit(store, actor, DECISION_AUDIT[decision], `key request ${id}`, `petition ${updated.petition_id}`);
    return updated;
  });
}
