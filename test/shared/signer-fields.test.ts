// The words of each problem with a signer's field (src/shared/signer-fields.ts), as the service
// and the proxy send them (docs/api.md "Submitting a signature") and the form reads them back:
// every field's label, every code's sentence, and the "field: message" form they travel in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIGNER_FIELDS, formatProblem, parseProblem, problemMessage } from '../../src/shared/signer-fields.js';

test('the fields, in the order of the spec', () => {
  assert.deepEqual(SIGNER_FIELDS, ['first_name', 'last_name', 'email', 'address', 'city', 'state_province', 'postal_code', 'country_code', 'phone', 'reason', 'hidden']);
});

test("a required field: 'Enter your' and its label; the country is selected", () => {
  assert.deepEqual(
    SIGNER_FIELDS.map((field) => problemMessage(field, 'required')),
    [
      'Enter your first name',
      'Enter your last name',
      'Enter your email address',
      'Enter your address',
      'Enter your town or city',
      'Enter your state or province',
      'Enter your postal code',
      'Select your country',
      'Enter your phone number',
      'Enter your reason for signing',
      'Enter your choice of showing your name',
    ],
  );
});

test('too long: 255 characters for text, 1000 for the reason, the label capitalised', () => {
  assert.equal(problemMessage('first_name', 'too_long'), 'First name must be 255 characters or fewer');
  assert.equal(problemMessage('city', 'too_long'), 'Town or city must be 255 characters or fewer');
  assert.equal(problemMessage('reason', 'too_long'), 'Reason for signing must be 1000 characters or fewer');
});

test("every other code's sentence", () => {
  assert.equal(problemMessage('address', 'hidden_characters'), 'Remove the hidden control or text direction characters from your address');
  assert.equal(problemMessage('last_name', 'no_letter'), 'Last name must include at least one letter');
  assert.equal(problemMessage('country_code', 'too_long'), 'Country must be 255 characters or fewer');
  assert.equal(problemMessage('email', 'email_format'), 'Enter an email address in the correct format, like name@example.com');
  assert.equal(problemMessage('country_code', 'unknown_country'), 'Select your country from the list');
  assert.equal(problemMessage('postal_code', 'postal_code_format', 'SW1A 1AA'), 'Enter a postal code like SW1A 1AA');
  assert.equal(problemMessage('postal_code', 'postal_code_format'), 'Enter a postal code in the correct format');
  assert.equal(problemMessage('postal_code', 'postal_code_format', ''), 'Enter a postal code in the correct format');
  assert.equal(problemMessage('state_province', 'unknown_subdivision'), 'State or province: select one from the list');
  assert.equal(problemMessage('hidden', 'not_boolean'), 'Choose whether to show your name publicly (true or false)');
});

test('"field: message" reads back only for a signer field at the very start, the message whole', () => {
  assert.equal(formatProblem({ field: 'city', message: 'Enter your town or city' }), 'city: Enter your town or city');
  assert.deepEqual(parseProblem('reason: Line one\nline two'), { field: 'reason', message: 'Line one\nline two' });
  assert.deepEqual(parseProblem('state_province: a: b'), { field: 'state_province', message: 'a: b' });
  for (const text of ['Xemail: Enter', ' email: Enter', 'email: ', 'email:Enter', 'Email: Enter', 'hidden_field: x', ': x', '']) {
    assert.equal(parseProblem(text), null, JSON.stringify(text));
  }
  for (const field of SIGNER_FIELDS) assert.deepEqual(parseProblem(`${field}: m`), { field, message: 'm' });
});
