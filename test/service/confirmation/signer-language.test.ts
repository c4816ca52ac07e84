// The language a signer is written to in (confirmation mails and pages), from literal tags: a
// submission's `lang`, a reader's Accept-Language (by weight, then by order) and a link's `lang`.
// The cases name the mutation each one tells apart (issue 31, "Mutation testing as a standing measure").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageLanguage, preferredLanguage, signerLanguage } from '../../../src/service/confirmation/signer-language.js';

test('signerLanguage: a tag names its language by its primary subtag, in any case and padding', () => {
  assert.equal(signerLanguage('de'), 'de');
  assert.equal(signerLanguage('de-CH'), 'de');
  assert.equal(signerLanguage('de_DE'), 'de');
  assert.equal(signerLanguage('  FR-ca '), 'fr');
  assert.equal(signerLanguage('NL'), 'nl');
});

test('signerLanguage: an unknown, malformed or non-string tag is English', () => {
  assert.equal(signerLanguage('xx'), 'en');
  assert.equal(signerLanguage(''), 'en');
  assert.equal(signerLanguage(42), 'en');
  assert.equal(signerLanguage(undefined), 'en');
  assert.equal(signerLanguage(['de']), 'en');
});

test('signerLanguage: a tag of 35 characters is read, one of 36 is English unread', () => {
  const tag35 = `de-${'x'.repeat(32)}`;
  assert.equal(tag35.length, 35);
  assert.equal(signerLanguage(tag35), 'de');
  assert.equal(signerLanguage(`${tag35}x`), 'en');
});

test('preferredLanguage: no header, or one naming no language we write in, is English', () => {
  assert.equal(preferredLanguage(undefined), 'en');
  assert.equal(preferredLanguage(''), 'en');
  assert.equal(preferredLanguage('xx, ja;q=0.9'), 'en');
  assert.equal(preferredLanguage(', ,'), 'en');
});

test('preferredLanguage: the first known language of the header, skipping unknown ones', () => {
  assert.equal(preferredLanguage('de'), 'de');
  assert.equal(preferredLanguage('xx, fr'), 'fr');
  assert.equal(preferredLanguage('de, fr'), 'de');
  assert.equal(preferredLanguage('fr,de'), 'fr');
  // The tags after a comma and a space: a tag is read trimmed.
  assert.equal(preferredLanguage('ja;q=0.1, de'), 'de');
  assert.equal(preferredLanguage('DE-at, fr'), 'de');
  assert.equal(preferredLanguage('pt_BR'), 'pt');
});

test('preferredLanguage: by weight first, the header order among equal weights', () => {
  assert.equal(preferredLanguage('fr;q=0.5, de'), 'de');
  assert.equal(preferredLanguage('fr;q=0.5, de;q=0.9'), 'de');
  assert.equal(preferredLanguage('fr;q=0.9, de;q=0.5'), 'fr');
  assert.equal(preferredLanguage('it;q=0.5, fr;q=0.5, de;q=0.5'), 'it');
  assert.equal(preferredLanguage('it;q=0.3, fr;q=0.5, de;q=0.5, es;q=0.4'), 'fr');
  assert.equal(preferredLanguage('es, it;q=0.8, fr;q=0.8, de;q=0.8, nl;q=0.8, pt;q=0.8'), 'es');
  assert.equal(preferredLanguage('ja, it;q=0.8, fr;q=0.8, de;q=0.8, nl;q=0.8, pt;q=0.8'), 'it');
  assert.equal(preferredLanguage('nl;q=0.2, it;q=0.8, fr;q=0.8, de;q=1, pt;q=0.8'), 'de');
});

test('preferredLanguage: q=0 means "not this language"', () => {
  assert.equal(preferredLanguage('fr;q=0'), 'en');
  assert.equal(preferredLanguage('fr;q=0, de;q=0.1'), 'de');
  assert.equal(preferredLanguage('de;q=0.0'), 'en');
});

test('preferredLanguage: the weight is the parameter that is exactly q=<number>, padded or not', () => {
  // A space before q, and one after it before another parameter.
  assert.equal(preferredLanguage('fr; q=0.1, de;q=0.5'), 'de');
  assert.equal(preferredLanguage('fr;q=0.1 ;x=y, de;q=0.5'), 'de');
  // Other parameters before the weight are passed over, not read as a weight (nor a crash).
  assert.equal(preferredLanguage('fr;level=1;q=0.1, de;q=0.5'), 'de');
  assert.equal(preferredLanguage('fr;level=1, de;q=0.5'), 'fr');
  // Not a weight: something before q, or after the number; such a tag keeps the weight 1.
  assert.equal(preferredLanguage('fr;aq=0.1, de;q=0.5'), 'fr');
  assert.equal(preferredLanguage('fr;q=0.1x, de;q=0.5'), 'fr');
  assert.equal(preferredLanguage('fr;q=x, de;q=0.5'), 'fr');
});

test('pageLanguage: the language the link or form names, else the reader\'s', () => {
  assert.equal(pageLanguage('de', 'fr'), 'de');
  assert.equal(pageLanguage(' IT-ch ', 'fr'), 'it');
  assert.equal(pageLanguage('es_MX', undefined), 'es');
  assert.equal(pageLanguage(undefined, 'fr'), 'fr');
  assert.equal(pageLanguage(undefined, undefined), 'en');
  assert.equal(pageLanguage('xx', 'nl;q=0.5, de'), 'de');
  assert.equal(pageLanguage('', 'pt'), 'pt');
});
