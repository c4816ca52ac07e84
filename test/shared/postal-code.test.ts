// A postal code read as typed and written as the post writes it (src/shared/addresses/postal-code.ts),
// on small rule sets of its own: the ones the data gives are in address-rules.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanPostalCode, postalCodeExample } from '../../src/shared/addresses/postal-code.js';

const zip = { postalCode: '\\d{5}(-\\d{4})?', postalExamples: ['12345'] };

test('outer spaces are dropped and inner runs of spaces are one, where no example has the length', () => {
  assert.equal(cleanPostalCode(zip, ' 12345-6789 '), '12345-6789');
  assert.equal(cleanPostalCode(zip, '12345'), '12345');
  const spaced = { postalCode: '[A-Z]{2} \\d{2}' };
  assert.equal(cleanPostalCode(spaced, 'ab  12'), 'AB 12');
  assert.equal(cleanPostalCode(spaced, 'ab\t12'), 'AB 12');
  assert.equal(cleanPostalCode(spaced, 'ab12'), undefined);
});

test('without examples, a code is kept as typed (in upper case), not laid out', () => {
  assert.equal(cleanPostalCode({ postalCode: '.+' }, 'abcdefghijklmn'), 'ABCDEFGHIJKLMN');
});

test('the example shown: the first of the data, none without a country or examples', () => {
  assert.equal(postalCodeExample({ postalCode: '\\d{4}', postalExamples: ['1010', '8000'] }), '1010');
  assert.equal(postalCodeExample({ postalCode: '\\d{4}' }), undefined);
  assert.equal(postalCodeExample(undefined), undefined);
});
