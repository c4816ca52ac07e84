// A signer's withdrawal token (src/shared/withdrawal-token.ts): 32 random bytes as 43 characters of
// base64url. The bytes are drawn 128 tokens at a time; every token must still be new, across the
// batches too, and use the whole alphabet.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isWithdrawalToken, newWithdrawalToken, WITHDRAWAL_TOKEN_LENGTH } from '../../src/shared/withdrawal-token.js';

test('1,000 tokens, across several batches of random bytes: each well formed and each new', () => {
  const tokens = Array.from({ length: 1000 }, () => newWithdrawalToken());
  for (const token of tokens) {
    assert.equal(token.length, WITHDRAWAL_TOKEN_LENGTH);
    assert.ok(isWithdrawalToken(token), token);
  }
  assert.equal(new Set(tokens).size, tokens.length);
  // No two tokens share a 16-character stretch at the same place: bytes are never handed out twice.
  assert.equal(new Set(tokens.map((token) => token.slice(0, 16))).size, tokens.length);
  assert.equal(new Set(tokens.map((token) => token.slice(24, 40))).size, tokens.length);
});

test('the characters spread over the whole base64url alphabet', () => {
  const seen = new Set(Array.from({ length: 200 }, () => newWithdrawalToken()).join(''));
  assert.equal(seen.size, 64, [...seen].sort().join(''));
});

test('a token is exactly 43 characters of base64url, and only text', async () => {
  const { WITHDRAWAL_TOKEN_FIELD } = await import('../../src/shared/withdrawal-token.js');
  assert.equal(WITHDRAWAL_TOKEN_FIELD, 'withdrawal_token');
  const token = `${'A'.repeat(20)}z09_-${'a'.repeat(18)}`;
  assert.equal(token.length, 43);
  assert.equal(isWithdrawalToken(token), true);
  for (const bad of [token.slice(1), `${token}A`, `A${token}`, `${token.slice(1)}+`, `${token.slice(1)}/`, `${token.slice(1)}=`, `${token.slice(1)} `, '']) {
    assert.equal(isWithdrawalToken(bad), false, bad);
  }
  for (const notText of [[token], { toString: () => token }, 43, undefined, null]) assert.equal(isWithdrawalToken(notText), false);
});

test('the bytes of 128 tokens are drawn at once, every one of them used', () => {
  const { getRandomValues } = crypto;
  let draws = 0;
  crypto.getRandomValues = ((array: Uint8Array) => {
    draws++;
    return getRandomValues.call(crypto, array);
  }) as typeof crypto.getRandomValues;
  try {
    // 127 batches' worth: 127 draws at most (128 had a batch drawn 127 tokens at a time).
    for (let i = 0; i < 128 * 127; i++) newWithdrawalToken();
  } finally {
    crypto.getRandomValues = getRandomValues;
  }
  assert.ok(draws >= 126 && draws <= 127, `${draws} draws`);
});
