// The postal code's and subdivision's problems and stored values (src/shared/addresses/address-check.ts),
// called directly and through the signer schema with an address book that lacks the country (the
// browser before that country's rules have arrived: the servers check then).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanAddress, postalCodeProblem, subdivisionProblem } from '../../src/shared/addresses/address-check.js';
import { everyCountry } from '../../src/shared/addresses/every-country.js';
import { validateSigner } from '../../src/shared/signature-schema.js';

test("each problem's code: required where the country has them, else the format or the list", () => {
  assert.equal(postalCodeProblem(everyCountry('GB'), ''), 'required');
  assert.equal(postalCodeProblem(everyCountry('GB'), 'XYZ'), 'postal_code_format');
  assert.equal(postalCodeProblem(everyCountry('GB'), 'sw1a1aa'), undefined);
  assert.equal(postalCodeProblem(everyCountry('AE'), 'anything'), undefined);
  assert.equal(subdivisionProblem(everyCountry('US'), ''), 'required');
  assert.equal(subdivisionProblem(everyCountry('US'), 'Narnia'), 'unknown_subdivision');
  assert.equal(subdivisionProblem(everyCountry('GB'), ''), undefined);
});

test('without the country\'s rules nothing is said, and what the signer wrote is kept', () => {
  assert.equal(postalCodeProblem(undefined, ''), undefined);
  assert.equal(subdivisionProblem(undefined, ''), undefined);
  assert.deepEqual(cleanAddress(undefined, { postal_code: 'sw1a1aa', state_province: 'somewhere' }), { postal_code: 'sw1a1aa', state_province: 'somewhere' });
  const unknown = validateSigner(
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', address: '1 Road', city: 'Town', state_province: '', postal_code: 'sw1a1aa', country_code: 'GB' },
    () => undefined,
  );
  assert.ok(unknown.success);
  assert.equal(unknown.output.postal_code, 'sw1a1aa');
});

test('nothing written stays nothing; a value the rules do not find is kept as written', () => {
  assert.deepEqual(cleanAddress(everyCountry('US'), { postal_code: '', state_province: '' }), { postal_code: '', state_province: '' });
  assert.deepEqual(cleanAddress(everyCountry('US'), { postal_code: '94103', state_province: 'california' }), { postal_code: '94103', state_province: 'CA' });
  assert.deepEqual(cleanAddress(everyCountry('AE'), { postal_code: 'x1', state_province: 'Nowhere' }), { postal_code: 'x1', state_province: 'Nowhere' });
});
