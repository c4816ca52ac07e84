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
