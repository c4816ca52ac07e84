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

test('Proton: proton.me, protonmail.com, protonmail.ch and pm.me are one mailbox, without +tag, dots, hyphens or underscores', () => {
  for (const typed of ['jdoe@proton.me', 'J.Doe@pm.me', 'j-doe+petition@ProtonMail.com', 'j_d.o-e@protonmail.ch', 'JDOE+a+b@PM.ME']) {
    assert.equal(emailIdentity(typed), 'jdoe@proton.me', typed);
  }
  // Look-alikes: other domains that end like Proton's, or a name one letter off.
  assert.equal(emailIdentity('jdoe@notproton.me'), 'jdoe@notproton.me');
  assert.equal(emailIdentity('j.doe@proton.me.example.org'), 'j.doe@proton.me.example.org');
  assert.equal(emailIdentity('jdoe2@pm.me'), 'jdoe2@proton.me');
  assert.equal(emailIdentity('j.doe+x@protonmail.co'), 'j.doe+x@protonmail.co');
});
