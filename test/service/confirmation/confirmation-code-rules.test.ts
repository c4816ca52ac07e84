// The confirmation code's rules without a service: the pattern a typed code must match (exactly
// six digits, nothing around them), its hash salted by the signature, and the outcome of a code
// no address has. confirmation-code.test.ts has the /confirm page over HTTP.
// Issue 31, "Mutation testing as a standing measure".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODE_PATTERN, confirmationCodeHash, confirmWithCode, newConfirmationCode } from '../../../src/service/confirmation/confirmation-code.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import { newTestDatabase } from '../test-database.js';

test('a code is exactly six digits', () => {
  for (const code of ['000000', '123456', '999999']) assert.equal(CODE_PATTERN.test(code), true, code);
  for (const code of ['12345', '1234567', 'x123456', '123456x', '12345x', ' 123456', '123456\n1', '12 3456', '', '１２３４５６']) {
    assert.equal(CODE_PATTERN.test(code), false, JSON.stringify(code));
  }
  for (let i = 0; i < 20; i++) assert.match(newConfirmationCode(), CODE_PATTERN);
});

test('a code\'s hash is salted with its signature', () => {
  // sha256 of `1:123456`, in hex: the stored form, which codes mailed before an upgrade must still match.
  assert.equal(confirmationCodeHash(1, '123456'), '0a5538553f1a5746c15e0ad5df86655c5663ef805941dcdab1d17b3ecbfe7718');
  assert.notEqual(confirmationCodeHash(1, '123456'), confirmationCodeHash(2, '123456'));
  assert.notEqual(confirmationCodeHash(1, '123456'), confirmationCodeHash(1, '123457'));
  assert.notEqual(confirmationCodeHash(12, '3456'), confirmationCodeHash(1, '23456'));
});

test('a code for an address with no waiting signature is "wrong", and nothing more', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'code-rules-'));
  const store = createStore(await openStoreEngine(await newTestDatabase(dir)));
  t.after(async () => {
    await store.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const recheck = { refusal: async () => null };
  assert.deepEqual(await confirmWithCode(store, recheck, 'nobody@example.org', '123456', Date.now()), { kind: 'wrong' });
});
