// What validateSigner (src/shared/signature-schema.ts) returns besides pass or fail: which optional
// fields stay, the defaults of absent ones, each address problem's own code and words, and the
// values stored once the address is right. Quick: no property runs (signature-schema.test.ts has them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { everyCountry } from '../../src/shared/addresses/every-country.js';
import { validateSigner } from '../../src/shared/signature-schema.js';
import { ada } from './ada-signer.js';

const problems = (input: unknown) => {
  const result = validateSigner(input, everyCountry);
  assert.ok(!result.success, JSON.stringify(input));
  return result.problems;
};

test('hidden: "false" and "0" are false, "true" and "1" true; absent, it is absent', () => {
  for (const [value, expected] of [['false', false], ['0', false], ['true', true], ['1', true]] as const) {
    const result = validateSigner({ ...ada, hidden: value }, everyCountry);
    assert.ok(result.success);
    assert.equal(result.output.hidden, expected, value);
  }
  const absent = validateSigner(ada, everyCountry);
  assert.ok(absent.success);
  assert.equal('hidden' in absent.output, false);
  assert.deepEqual(absent.output, ada);
  const undefinedHidden = validateSigner({ ...ada, hidden: undefined }, everyCountry);
  assert.ok(undefinedHidden.success);
  assert.equal('hidden' in undefinedHidden.output, false);
});

test('a phone and a reason given are kept, trimmed; blank ones are dropped', () => {
  const given = validateSigner({ ...ada, phone: ' +44 20 7946 0000 ', reason: ' For the park ' }, everyCountry);
  assert.ok(given.success);
  assert.equal(given.output.phone, '+44 20 7946 0000');
  assert.equal(given.output.reason, 'For the park');
  const blank = validateSigner({ ...ada, phone: '', reason: ' \n ' }, everyCountry);
  assert.ok(blank.success);
  assert.equal('phone' in blank.output, false);
  assert.equal('reason' in blank.output, false);
});

test('an absent state and postal code are empty, where the country asks for neither', () => {
  const { state_province: _state, ...noState } = ada;
  const gb = validateSigner(noState, everyCountry);
  assert.ok(gb.success);
  assert.equal(gb.output.state_province, '');
  const { postal_code: _postalCode, ...noPostalCode } = ada;
  const ae = validateSigner({ ...noPostalCode, country_code: 'AE', state_province: 'Dubai' }, everyCountry);
  assert.ok(ae.success);
  assert.equal(ae.output.postal_code, '');
});

test("a postal code in the wrong format: its own code, and an example of the signer's country", () => {
  for (const country of ['GB', ' gb ']) {
    assert.deepEqual(problems({ ...ada, postal_code: 'XYZ', country_code: country }), [
      { field: 'postal_code', code: 'postal_code_format', message: 'Enter a postal code like EC1Y 8SY' },
    ]);
  }
  assert.deepEqual(problems({ ...ada, postal_code: '' }), [{ field: 'postal_code', code: 'required', message: 'Enter your postal code' }]);
});

test('a subdivision not on the list, and a missing one where the country needs it', () => {
  const us = { ...ada, country_code: 'US', postal_code: '94103' };
  assert.deepEqual(problems({ ...us, state_province: 'Narnia' }), [
    { field: 'state_province', code: 'unknown_subdivision', message: 'State or province: select one from the list' },
  ]);
  assert.deepEqual(problems(us), [{ field: 'state_province', code: 'required', message: 'Enter your state or province' }]);
});

test("the address is stored as the post writes it: the subdivision's key", () => {
  const result = validateSigner({ ...ada, country_code: 'us', state_province: ' california ', postal_code: '94103-1234' }, everyCountry);
  assert.ok(result.success);
  assert.equal(result.output.state_province, 'CA');
  assert.equal(result.output.country_code, 'US');
  assert.equal(result.output.postal_code, '94103-1234');
});

test('a field that is not text, or missing, is required; the words say what to enter', () => {
  const { address: _address, ...noAddress } = ada;
  assert.deepEqual(problems({ ...noAddress, first_name: 42, country_code: '' }), [
    { field: 'first_name', code: 'required', message: 'Enter your first name' },
    { field: 'address', code: 'required', message: 'Enter your address' },
    { field: 'country_code', code: 'required', message: 'Select your country' },
  ]);
  assert.deepEqual(problems({ ...ada, hidden: 'no' }), [
    { field: 'hidden', code: 'not_boolean', message: 'Choose whether to show your name publicly (true or false)' },
  ]);
});

test('the last C0 and C1 controls are hidden characters too', () => {
  for (const character of ['\u001f', '\u009f']) {
    assert.deepEqual(problems({ ...ada, city: `Lon${character}don` }).map((p) => p.code), ['hidden_characters']);
  }
});

test('the postal code and the subdivision are checked even when another field is wrong', () => {
  // A value refused before it is trimmed (hidden characters, too long) leaves the whole object
  // unchecked by type: the country's rules still run on the fields they need.
  assert.deepEqual(problems({ ...ada, email: 'ada@', city: 'Lon\u0000don', postal_code: 'XYZ' }).map((p) => [p.field, p.code]), [
    ['email', 'email_format'],
    ['city', 'hidden_characters'],
    ['postal_code', 'postal_code_format'],
  ]);
  const us = { ...ada, country_code: 'US', postal_code: '94103' };
  assert.deepEqual(problems({ ...us, first_name: 'x'.repeat(256), state_province: 'Narnia' }).map((p) => [p.field, p.code]), [
    ['first_name', 'too_long'],
    ['state_province', 'unknown_subdivision'],
  ]);
  // A postal code or subdivision that is itself refused as text has that one problem.
  assert.deepEqual(problems({ ...us, postal_code: '9410\u00003', state_province: 'Nar\u202enia' }).map((p) => [p.field, p.code]), [
    ['state_province', 'hidden_characters'],
    ['postal_code', 'hidden_characters'],
  ]);
});
