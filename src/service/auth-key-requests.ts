// Authorization key requests (decisions.md "Authorization keys"): identified by petition,
// consumer and source; answered 202 then by callback, or 200 with the payload once decided.
// Every status change queues exactly one callback delivery in the same transaction.
import { randomBytes } from 'node:crypto';
import type { AuthKeyCallbackPayload } from '../shared/types.js';
import { ApiError } from './api-error.js';
import { OperatorError } from './operator-error.js';
import { REPLAY_MESSAGE, checkSignedRequestFrame, rememberRequestSignature, verifyRequestSignature } from './request-auth.js';
import type { PostParams } from './request-params.js';
import { textParam } from './request-params.js';
import type { AuthKeyRequestRecord, AuthKeyRequestStatus, ConsumerRow, PetitionRow, Store } from './store.js';

const TEXT_MAX_LENGTH = 255;
const URL_MAX_LENGTH = 2048;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AuthKeyRequestInputChecked {
  source_description: string;
  source: string;
  requester_email: string;
  callback_endpoint: string;
}

export type KeyRequestAnswer =
  | { status: 202; body: { result: 'success' } }
  | { status: 200; body: AuthKeyCallbackPayload };

export function callbackPayload(request: AuthKeyRequestRecord): AuthKeyCallbackPayload {
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

function checkInput(values: Record<string, unknown>): AuthKeyRequestInputChecked {
  const problems: string[] = [];
  // Values are kept as sent: the callback echoes them, the requester maps the outcome back by
  // them, and `source` must match the one its signature submissions send, byte for byte.
  const text = (name: string, maxLength: number): string => {
    const value = textParam(values, name) ?? '';
    if (value.trim() === '') problems.push(`${name}: is required`);
    else if (value.length > maxLength) problems.push(`${name}: must be ${maxLength} characters or fewer`);
    return value;
  };
  const input = {
    source_description: text('source_description', TEXT_MAX_LENGTH),
    source: text('source', TEXT_MAX_LENGTH),
    requester_email: text('requester_email', TEXT_MAX_LENGTH),
    callback_endpoint: text('callback_endpoint', URL_MAX_LENGTH),
  };
  if (input.requester_email && !EMAIL_FORMAT.test(input.requester_email)) {
    problems.push('requester_email: must be an email address, like name@example.com');
  }
  if (input.callback_endpoint && !isHttpUrl(input.callback_endpoint)) {
    problems.push('callback_endpoint: must be an http or https URL');
  }
  if (problems.length > 0) throw new ApiError(400, problems);
  return input;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface KeyRequestSubmission {
  petition: PetitionRow;
  consumer: ConsumerRow;
  params: PostParams;
  path: string;
  now: number;
  autoGrant: boolean;
}

export async function requestAuthKey(store: Store, submission: KeyRequestSubmission): Promise<KeyRequestAnswer> {
  const { petition, consumer, params, path, now } = submission;
  checkSignedRequestFrame(params, path, now);
  const rsig = verifyRequestSignature(params, consumer.secret, '');
  const input = checkInput(params.values);
  return store.db.transaction((): KeyRequestAnswer => {
    // Recorded in the commit of the request it lets through: one refused as busy (503) was
    // not seen, and may be sent again as it was.
    if (!rememberRequestSignature(store, rsig, now)) throw new ApiError(401, [REPLAY_MESSAGE]);
    const existing = store.authKeyRequestByIdentity.get(petition.id, consumer.id, input.source);
    if (existing) {
      // Still pending: the first 202 stands and its callback is still to come; no second one.
      if (existing.status === 'pending') return { status: 202, body: { result: 'success' } };
      return { status: 200, body: callbackPayload(existing) };
    }
    const { lastInsertRowid } = store.insertAuthKeyRequest.run({
      petition_id: petition.id,
      consumer_id: consumer.id,
      ...input,
      created_at: now,
    });
    if (submission.autoGrant) changeStatus(store, Number(lastInsertRowid), 'grant', now);
    return { status: 202, body: { result: 'success' } };
  }).immediate();
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
export function changeStatus(store: Store, id: number, decision: OperatorDecision, now = Date.now()): AuthKeyRequestRecord {
  return store.db.transaction(() => {
    const request = store.authKeyRequestById.get(id);
    if (!request) throw new OperatorError(`no authorization key request with id ${id}`);
    const { from, to } = TRANSITIONS[decision];
    if (!from.includes(request.status)) {
      throw new OperatorError(`request ${id} is ${request.status}; only ${from.join(' or ')} requests can be ${to}`);
    }
    const authKey = to === 'granted' ? randomBytes(32).toString('hex') : to === 'denied' ? null : request.auth_key;
    store.setAuthKeyRequestStatus.run({ id, status: to, auth_key: authKey, now });
    const updated = store.authKeyRequestById.get(id)!;
    store.insertDelivery.run(id, JSON.stringify(callbackPayload(updated)), now, now);
    return updated;
  }).immediate();
}
