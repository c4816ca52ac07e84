// Who is calling and whether a signed request is genuine (docs/api.md "Signing a request"):
// the api_key, then timestamp window, endpoint, rsig (constant-time), and the memory of rsigs seen.
import { TIMESTAMP_WINDOW_MS, timingSafeEqualText } from '../../shared/signing.js';
import { ApiError } from '../errors/api-error.js';
import type { PostParams } from './request-params.js';
import { rsigDigest } from '../../shared/rsig-digest.js';
import { textParam } from './request-params.js';
import type { ConsumerRow, Store } from '../store/store.js';

export { TIMESTAMP_WINDOW_MS };

/** ISO 8601 to the second, fractions allowed, in UTC (`Z`) or with any offset (`-07:00`, `+0000`). */
const TIMESTAMP_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;
const RSIG_FORMAT = /^[0-9a-f]{64}$/;

/**
 * The consumer an api_key belongs to. Consumers are never changed or removed once created, so
 * a found one is remembered; unknown keys are looked up again (the admin may add them).
 */
export class ConsumerDirectory {
  private readonly known = new Map<string, ConsumerRow>();

  constructor(private readonly store: Store) {}

  async authenticate(apiKey: string | undefined): Promise<ConsumerRow> {
    if (!apiKey) throw unknownKey();
    let consumer = this.known.get(apiKey);
    if (!consumer) {
      consumer = await this.store.consumerByApiKey.get(apiKey);
      if (!consumer) throw unknownKey();
      this.known.set(apiKey, consumer);
    }
    return consumer;
  }
}

function unknownKey(): ApiError {
  return new ApiError(401, ['api_key: missing or unknown']);
}

/**
 * Checks timestamp and endpoint, which do not depend on the secret or the auth key. Returns
 * until when a request with this timestamp is accepted (its replay memory lasts that long).
 */
export function checkSignedRequestFrame(params: PostParams, path: string, now: number): number {
  const timestamp = textParam(params.values, 'timestamp');
  const time = timestamp && TIMESTAMP_FORMAT.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new ApiError(401, ['timestamp: missing or not ISO 8601 with a UTC offset, like 2026-11-22T10:00:00Z']);
  }
  if (Math.abs(time - now) > TIMESTAMP_WINDOW_MS) {
    throw new ApiError(401, ["timestamp: more than 5 minutes from the service's clock"]);
  }
  if (textParam(params.values, 'endpoint') !== path) {
    throw new ApiError(401, ['endpoint: missing or not the path requested']);
  }
  return time + TIMESTAMP_WINDOW_MS;
}

/** Verifies rsig = SHA-256(REQUEST_STRING + SECRET + AUTH_KEY) in constant time; returns it. */
export function verifyRequestSignature(params: PostParams, secret: string, authKey: string): string {
  const rsig = textParam(params.values, 'rsig');
  if (!rsig || !RSIG_FORMAT.test(rsig)) throw new ApiError(401, ['rsig: missing or not 64 lowercase hex digits']);
  const expected = rsigDigest(params.requestString, secret, authKey);
  if (!timingSafeEqualText(expected, rsig)) throw new ApiError(401, ['rsig: does not match the request']);
  return rsig;
}

/**
 * Records a verified signature submission's rsig until `expiresAt`; false when it was seen
 * before. A signature sent again is a duplicate whatever became of the first one (removed
 * since, say), so a captured request can add nothing. Kept in the database so a restart does
 * not reopen the window, and recorded inside the queue's transaction: one commit a submission.
 */
export async function rememberRequestSignature(store: Store, rsig: string, expiresAt: number): Promise<boolean> {
  return (await store.rememberRsig.run(rsig, expiresAt)).changes > 0;
}

/**
 * rememberRequestSignature for a batch, in order: false for each one seen before, in an earlier
 * batch or earlier in this one. Where statements are round trips, one for the whole batch.
 */
export async function rememberRequestSignatures(store: Store, items: ReadonlyArray<{ rsig: string; rsigExpiresAt: number }>): Promise<boolean[]> {
  if (!store.db.statementsAreRoundTrips || items.length === 0) {
    const fresh: boolean[] = [];
    for (const item of items) fresh.push(await rememberRequestSignature(store, item.rsig, item.rsigExpiresAt));
    return fresh;
  }
  const remembered = await store.rememberRsigs.all(items.map((item) => item.rsigExpiresAt), items.map((item) => item.rsig));
  const unseen = new Set(remembered.map((row) => row.rsig));
  return items.map(({ rsig }) => unseen.delete(rsig));
}

/** Forgets rsigs whose request could no longer be accepted at `now`. */
export async function forgetExpiredRequestSignatures(store: Store, now: number): Promise<void> {
  await store.forgetRsigsExpiredBefore.run(now);
}
