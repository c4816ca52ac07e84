import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRY_CODES, isCountryCode } from '../../src/shared/countries.js';
import { formatProblem, parseProblem, validateSigner } from '../../src/shared/signature-schema.js';

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.net',
  address: "12 St James's Square",
  city: 'London',
  state_province: '',
  postal_code: 'SW1Y 4JH',
  country_code: 'GB',
};

test('a complete signer passes, trimmed, with blank optional fields dropped', () => {
  const result = validateSigner({ ...ada, first_name: '  Ada ', country_code: 'gb', phone: ' ', hidden: 'true' });
  assert.deepEqual(result, {
    success: true,
    output: { ...ada, hidden: true },
  });
});

test('hidden accepts true/false/1/0 and booleans only', () => {
  for (const [value, expected] of [['1', true], ['0', false], [false, false], [true, true]] as const) {
    const result = validateSigner({ ...ada, hidden: value });
    assert.ok(result.success && result.output.hidden === expected, String(value));
  }
  const result = validateSigner({ ...ada, hidden: 'yes' });
  assert.ok(!result.success);
  assert.deepEqual(result.problems.map((p) => [p.field, p.code]), [['hidden', 'not_boolean']]);
});

test('missing, blank, too long and malformed fields: one specific problem each, in form order', () => {
  const result = validateSigner({
    first_name: '   ',
    last_name: 'x'.repeat(256),
    email: 'ada@',
    city: 'London',
    country_code: 'ZZ',
    reason: 'r'.repeat(1001),
  });
  assert.ok(!result.success);
  assert.deepEqual(
    result.problems.map((p) => [p.field, p.code]),
    [
      ['first_name', 'required'],
      ['last_name', 'too_long'],
      ['email', 'email_format'],
      ['address', 'required'],
      ['country_code', 'unknown_country'],
      ['reason', 'too_long'],
    ],
  );
  assert.equal(result.problems[2]!.message, 'Enter an email address in the correct format, like name@example.com');
  assert.ok(result.problems.every((p) => !/invalid/i.test(p.message)));
});

test('limits are inclusive: 255 characters of text and 1000 of reason pass', () => {
  const result = validateSigner({ ...ada, last_name: 'x'.repeat(255), reason: 'r'.repeat(1000) });
  assert.ok(result.success);
});

test('postal code and state are required only where the country has them', () => {
  const noPostcode = validateSigner({ ...ada, postal_code: '', country_code: 'AE' });
  assert.ok(noPostcode.success, 'UAE has no postal codes');
  const gbNoPostcode = validateSigner({ ...ada, postal_code: '' });
  assert.ok(!gbNoPostcode.success && gbNoPostcode.problems[0]!.field === 'postal_code');
  const usNoState = validateSigner({ ...ada, country_code: 'US', postal_code: '94103' });
  assert.ok(!usNoState.success);
  assert.deepEqual(usNoState.problems.map((p) => p.field), ['state_province']);
  assert.ok(validateSigner({ ...ada, country_code: 'US', state_province: 'CA', postal_code: '94103' }).success);
});

test('anything that is not an object is no fields at all', () => {
  for (const input of [null, undefined, 'text', 42, []]) {
    const result = validateSigner(input);
    assert.ok(!result.success);
    assert.equal(result.problems[0]!.field, 'first_name');
  }
});

test('problems travel as "field: message" and read back', () => {
  const text = formatProblem({ field: 'email', message: 'Enter your email address' });
  assert.equal(text, 'email: Enter your email address');
  assert.deepEqual(parseProblem(text), { field: 'email', message: 'Enter your email address' });
  assert.equal(parseProblem('petition not found'), null);
  assert.equal(parseProblem('api_key: missing'), null);
});

test('the country list is the 249 ISO 3166-1 alpha-2 codes', () => {
  assert.equal(COUNTRY_CODES.length, 249);
  assert.equal(new Set(COUNTRY_CODES).size, 249);
  assert.ok(isCountryCode('GB') && isCountryCode('US') && isCountryCode('SS'));
  assert.ok(!isCountryCode('UK') && !isCountryCode('EU') && !isCountryCode('gb'));
});
