// The edges of a signed request's timestamp window (docs/api.md "Signing a request"): a timestamp
// exactly five minutes from the service's clock, either way, is accepted; a millisecond further
// is refused. Called with `now` set, so the edge is hit exactly rather than raced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/service/errors/api-error.js';
import { checkSignedRequestFrame } from '../../../src/service/http/request-auth.js';

const PATH = '/v1/petitions/1/signatures';
const TIMESTAMP = '2026-11-22T10:00:00Z';
const SENT = Date.parse(TIMESTAMP);
/** The spec's five minutes written out, not the constant: a changed constant must fail here too. */
const FIVE_MINUTES_MS = 300_000;

const frameAt = (now: number) => checkSignedRequestFrame({ values: { timestamp: TIMESTAMP, endpoint: PATH }, requestString: '', empty: false }, PATH, now);

function assertRefusedAt(now: number): void {
  assert.throws(
    () => frameAt(now),
    (error: unknown) => error instanceof ApiError && error.status === 401 && /timestamp: more than 5 minutes/.test(error.messages.join()),
    `refused at ${now - SENT} ms from the timestamp`,
  );
}

test('a timestamp exactly five minutes behind the clock is accepted; a millisecond more is refused', () => {
  const edge = SENT + FIVE_MINUTES_MS;
  assert.equal(frameAt(edge - 1), SENT + FIVE_MINUTES_MS);
  assert.equal(frameAt(edge), SENT + FIVE_MINUTES_MS, 'the window includes its edge; replay memory lasts until it');
  assertRefusedAt(edge + 1);
});

test('a timestamp exactly five minutes ahead of the clock is accepted; a millisecond more is refused', () => {
  const edge = SENT - FIVE_MINUTES_MS;
  assert.equal(frameAt(edge + 1), SENT + FIVE_MINUTES_MS);
  assert.equal(frameAt(edge), SENT + FIVE_MINUTES_MS, 'the window includes its edge');
  assertRefusedAt(edge - 1);
});
