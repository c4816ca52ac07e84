import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emailIdentity } from '../../../src/service/signatures/email-identity.js';

test('addresses are lower-cased; Gmail drops dots and +tags; listed providers drop +tags only', () => {
  assert.equal(emailIdentity('Ada.Lovelace@Example.ORG'), 'ada.lovelace@example.org');
  assert.equal(emailIdentity('a.d.a+petition@gmail.com'), 'ada@gmail.com');
  assert.equal(emailIdentity('A.DA@GoogleMail.com'), 'ada@gmail.com');
  assert.equal(emailIdentity('ada.l+x@outlook.com'), 'ada.l@outlook.com');
  assert.equal(emailIdentity('ada+x@example.org'), 'ada+x@example.org', 'unknown providers may treat +tags as distinct');
});
