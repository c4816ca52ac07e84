// The per-email sign-in budget keys on the email as an operator means it: the same address in
// another case or with spaces around it is the same bucket, so spelling a guess differently
// buys no more guesses. The limit alone, with `now` set; console-auth.test.ts has it over HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL, SignInLimit } from '../../../src/service/limits/sign-in-limit.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const SPELLINGS = ['Operator@Example.org ', '  OPERATOR@EXAMPLE.ORG', '\toperator@Example.Org\n', 'oPeRaToR@example.org'];

/** A fresh address every few failures, so only the per-email budget can run out. */
const addressOf = (failure: number) => `192.0.2.${Math.floor(failure / (FAILED_SIGN_INS_PER_ADDRESS - 1))}`;

test('failures under any spelling of one email fill one budget, which then refuses every spelling', () => {
  const limit = new SignInLimit(64);
  for (let failure = 0; failure < FAILED_SIGN_INS_PER_EMAIL - 1; failure++) {
    limit.recordFailure(addressOf(failure), SPELLINGS[failure % SPELLINGS.length]!, NOW);
  }
  assert.equal(limit.retryAfter('198.51.100.1', 'operator@example.org', NOW), 0, 'one failure short of the budget');
  limit.recordFailure(addressOf(FAILED_SIGN_INS_PER_EMAIL - 1), 'Operator@Example.org ', NOW);
  for (const spelling of ['operator@example.org', ...SPELLINGS]) {
    assert.ok(limit.retryAfter('198.51.100.1', spelling, NOW) > 0, JSON.stringify(spelling));
  }
  assert.equal(limit.retryAfter('198.51.100.1', 'other@example.org', NOW), 0, 'another email has its own budget');
});
