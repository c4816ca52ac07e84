// The proof of work's shared terms (src/shared/proof.ts) as docs/api.md "Proof of work" gives
// them: the one algorithm, the submission's field, and the codes of a refusal, in the table's order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROOF_ALGORITHM, PROOF_FIELD, PROOF_PROBLEMS } from '../../src/shared/proof.js';

test("SHA-256 challenges, solved in the submission's proof field", () => {
  assert.equal(PROOF_ALGORITHM, 'SHA-256');
  assert.equal(PROOF_FIELD, 'proof');
});

test('the seven refusal codes of the spec', () => {
  assert.deepEqual(PROOF_PROBLEMS, ['missing', 'malformed', 'forged', 'expired', 'other_petition', 'too_easy', 'used']);
});
