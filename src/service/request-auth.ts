// Who is calling and whether a signed request is genuine (decisions.md "Authentication"):
// the api_key, then timestamp window, endpoint, rsig (constant-time) and replay rejection.
import { timingSafeEqualText } from '../shared/signing.js';
import { ApiError } from './api-error.js';
import type { PostParams } from './request-params.js';
import { rsigDigest } from './rsig-digest.js';
import { textParam } from './request-params.js';
import type { ConsumerRow, Store } from './store.js';

export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** A seen rsig is kept until no timestamp that could carry it is inside the window any more. */
export const RSIG_MEMORY_MS = 2 * TIMESTAMP_WINDOW_MS + 60_000;

const TIMESTAMP_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const RSIG_FORMAT = /^[0-9a-f]{64}$/;

/**
 * The consumer an api_key belongs to. Consumers are never changed or removed once created, so
 * a found one is remembered; unknown keys are looked up again (the admin may add them).
 */
export class ConsumerDirectory {
  private readonly known = new Map<string, ConsumerRow>();

  constructor(private readonly store: Store) {}

  authenticate(apiKey: string | undefined): ConsumerRow {
    if (!apiKey) throw unknownKey();
    let consumer = this.known.get(apiKey);
    if (!consumer) {
      consumer = this.store.consumerByApiKey.get(apiKey);
      if (!consumer) throw unknownKey();
      this.known.set(apiKey, consumer);
    }
    return consumer;
  }
}

function unknownKey(): ApiError {
  return new ApiError(401, ['api_key: missing or unknown']);
}

/** Checks timestamp and endpoint, which do not depend on the secret or the auth key. */
export function checkSignedRequestFrame(params: PostParams, path: string, now: number): void {
  const timestamp = textParam(params.values, 'timestamp');
  if (!timestamp || !TIMESTAMP_FORMAT.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    throw new ApiError(401, ['timestamp: missing or not UTC ISO 8601 like 2026-11-22T10:00:00Z']);
  }
  if (Math.abs(Date.parse(timestamp) - now) > TIMESTAMP_WINDOW_MS) {
    throw new ApiError(401, ["timestamp: more than 5 minutes from the service's clock"]);
  }
  if (textParam(params.values, 'endpoint') !== path) {
    throw new ApiError(401, ['endpoint: missing or not the path requested']);
  }
}

/** Verifies rsig = SHA-256(REQUEST_STRING + SECRET + AUTH_KEY) in constant time; returns it. */
export function verifyRequestSignature(params: PostParams, secret: string, authKey: string): string {
  const rsig = textParam(params.values, 'rsig');
  if (!rsig || !RSIG_FORMAT.test(rsig)) throw new ApiError(401, ['rsig: missing or not 64 lowercase hex digits']);
  const expected = rsigDigest(params.requestString, secret, authKey);
  if (!timingSafeEqualText(expected, rsig)) throw new ApiError(401, ['rsig: does not match the request']);
  return rsig;
}

export const REPLAY_MESSAGE = 'rsig: this signed request was already received (replay)';

/**
 * Records a verified rsig; false when it was seen before (a replay). Kept in the database so
 * a restart does not reopen the window. Signature submissions record it inside their queue
 * transaction instead, so a submission costs one commit.
 */
export function rememberRequestSignature(store: Store, rsig: string, now: number): boolean {
  return store.rememberRsig.run(rsig, now).changes > 0;
}

export function forgetOldRequestSignatures(store: Store, now: number): void {
  store.forgetRsigsBefore.run(now - RSIG_MEMORY_MS);
}
