import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  callbackSignature,
  computeRsig,
  formEncode,
  jsonRequestString,
  signFormBody,
  signingTimestamp,
  timingSafeEqualText,
  verifyCallbackSignature,
} from '../../src/shared/signing.js';
import { formRequestString } from '../../src/service/http/form-body.js';

interface RsigVector {
  description: string;
  params_in_order: [string, string][];
  secret: string;
  auth_key: string;
  request_string: string;
  rsig: string;
  body_sent: string;
}
const vectors = JSON.parse(readFileSync(new URL('../fixtures/signing-vectors.json', import.meta.url), 'utf8')) as {
  rsig: RsigVector[];
  callback: { secret: string; timestamp: string; body: string; x_petition_signature: string };
};

for (const vector of vectors.rsig) {
  test(`rsig known answer: ${vector.description}`, async () => {
    assert.equal(formEncode(vector.params_in_order), vector.request_string);
    assert.equal(formRequestString(vector.body_sent), vector.request_string);
    assert.equal(await computeRsig(vector.request_string, vector.secret, vector.auth_key), vector.rsig);
    assert.equal(await signFormBody(vector.params_in_order, vector.secret, vector.auth_key), vector.body_sent);
  });
}

test('a JSON body signs as its top-level fields form-encoded in order', async () => {
  const vector = vectors.rsig[1]!;
  const json = Object.fromEntries(vector.params_in_order);
  assert.equal(jsonRequestString({ ...json, rsig: 'ignored' }), vector.request_string);
  assert.equal(jsonRequestString({ a: 1, b: true, c: null }), 'a=1&b=true&c=');
});

test('callback signature known answer, and its verification', async () => {
  const { secret, timestamp, body, x_petition_signature } = vectors.callback;
  assert.equal(await callbackSignature(secret, timestamp, body), x_petition_signature);
  const sent = new Date(Number(timestamp) * 1000);
  assert.equal(await verifyCallbackSignature(secret, timestamp, x_petition_signature, body, sent), 'valid');
  const later = new Date(sent.getTime() + 301_000);
  assert.equal(await verifyCallbackSignature(secret, timestamp, x_petition_signature, body, later), 'stale');
  // A timestamp from the future is refused the same way: one captured now must not work later.
  const early = new Date(sent.getTime() - 301_000);
  assert.equal(await verifyCallbackSignature(secret, timestamp, x_petition_signature, body, early), 'stale');
  for (const offset of [-299_000, 299_000]) {
    assert.equal(await verifyCallbackSignature(secret, timestamp, x_petition_signature, body, new Date(sent.getTime() + offset)), 'valid');
  }
  assert.equal(await verifyCallbackSignature(secret, timestamp, x_petition_signature, `${body} `, sent), 'forged');
  assert.equal(await verifyCallbackSignature('other', timestamp, x_petition_signature, body, sent), 'forged');
  assert.equal(await verifyCallbackSignature(secret, null, x_petition_signature, body, sent), 'missing');
  assert.equal(await verifyCallbackSignature(secret, '12abc', x_petition_signature, body, sent), 'forged');
});

test('timing-safe comparison is exact', () => {
  assert.equal(timingSafeEqualText('abc', 'abc'), true);
  assert.equal(timingSafeEqualText('abc', 'abd'), false);
  assert.equal(timingSafeEqualText('abc', 'ab'), false);
  assert.equal(timingSafeEqualText('', ''), true);
});

test('signing timestamps are whole UTC seconds with Z', () => {
  assert.equal(signingTimestamp(new Date('2026-11-22T10:00:05.123Z')), '2026-11-22T10:00:05Z');
});

test('a callback exactly five minutes old, or five minutes ahead, is valid; one millisecond further is stale', async () => {
  const { secret, timestamp, body, x_petition_signature } = vectors.callback;
  const sent = Number(timestamp) * 1000;
  const verdictAt = (now: number) => verifyCallbackSignature(secret, timestamp, x_petition_signature, body, new Date(now));
  // The spec's 300 s written out, not the constant: a changed constant must fail here too.
  for (const direction of [1, -1]) {
    const edge = sent + direction * 300_000;
    assert.equal(await verdictAt(edge - direction), 'valid');
    assert.equal(await verdictAt(edge), 'valid', 'the window includes its edge');
    assert.equal(await verdictAt(edge + direction), 'stale');
  }
});
