// The signing rules' edges (src/shared/signing.ts) the known-answer vectors do not reach: the
// default empty auth key, a body with no pairs, JSON fields that are absent or objects, a missing
// signature header, and a timestamp header that is more than digits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callbackSignature, computeRsig, jsonRequestString, signFormBody, signingTimestamp, verifyCallbackSignature } from '../../src/shared/signing.js';

test('without an auth key, rsig is salted with nothing: a key request', async () => {
  assert.equal(await computeRsig('a=1', 's3cr3t'), await computeRsig('a=1', 's3cr3t', ''));
  // sha256("a=1s3cr3t"), from `printf 'a=1s3cr3t' | sha256sum`.
  assert.equal(await computeRsig('a=1', 's3cr3t'), 'c8e3a930a9fb26d0254cd631f68e4810f7db60e64743a2366d786223e1eddf16');
  assert.equal(await signFormBody([['a', '1']], 's3cr3t'), `a=1&rsig=${await computeRsig('a=1', 's3cr3t', '')}`);
});

test('a body with no pairs is rsig alone', async () => {
  assert.equal(await signFormBody([], 's3cr3t', 'ak_1'), `rsig=${await computeRsig('', 's3cr3t', 'ak_1')}`);
});

test("a JSON body's absent, null, object and array fields", () => {
  assert.equal(jsonRequestString({ a: undefined, b: null, c: '' }), 'a=&b=&c=');
  assert.equal(jsonRequestString({ o: { x: 1 }, l: [1, 'two'] }), 'o=%7B%22x%22%3A1%7D&l=%5B1%2C%22two%22%5D');
  assert.equal(jsonRequestString({ n: 0, f: false, s: 'a b' }), 'n=0&f=false&s=a+b');
});

test('the hex digest keeps its leading zeros: always 64 characters', async () => {
  for (let i = 0; i < 40; i++) assert.match(await computeRsig(String(i), ''), /^[0-9a-f]{64}$/);
  assert.match(await callbackSignature('k', '1', 'b'), /^sha256=[0-9a-f]{64}$/);
});

test('a callback without a signature header, or with an empty one, is missing', async () => {
  const now = new Date(1_700_000_000_000);
  for (const header of [null, undefined, '']) {
    assert.equal(await verifyCallbackSignature('k', '1700000000', header, '{}', now), 'missing');
    assert.equal(await verifyCallbackSignature('k', header, 'sha256=00', '{}', now), 'missing');
  }
});

test('a timestamp header is 1 to 12 digits, nothing around them, even when signed as sent', async () => {
  const now = new Date(1_700_000_000_000);
  const verdict = async (timestamp: string) => verifyCallbackSignature('k', timestamp, await callbackSignature('k', timestamp, '{}'), '{}', now);
  assert.equal(await verdict('1700000000'), 'valid');
  assert.equal(await verdict('0001700000000'), 'forged');
  for (const timestamp of [' 1700000000', '1700000000 ', '+1700000000', '1700000000.0', '1.7e9']) {
    assert.equal(await verdict(timestamp), 'forged', timestamp);
  }
  // One digit is a timestamp, of 1970: stale, not forged.
  assert.equal(await verdict('1'), 'stale');
});

test('signing timestamps drop only the milliseconds', () => {
  assert.equal(signingTimestamp(new Date('2026-01-02T03:04:05.000Z')), '2026-01-02T03:04:05Z');
  assert.equal(signingTimestamp(new Date('2026-01-02T03:04:05.999Z')), '2026-01-02T03:04:05Z');
});
