import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { COUNTRY_CODES, isCountryCode } from '../../src/shared/countries.js';
import { everyCountry } from '../../src/shared/addresses/every-country.js';
import { validateSigner } from '../../src/shared/signature-schema.js';
import { formatProblem, parseProblem } from '../../src/shared/signer-fields.js';
import { ada } from './ada-signer.js';

test('a complete signer passes, trimmed, with blank optional fields dropped', () => {
  const result = validateSigner({ ...ada, first_name: '  Ada ', country_code: 'gb', phone: ' ', hidden: 'true' }, everyCountry);
  assert.deepEqual(result, {
    success: true,
    output: { ...ada, hidden: true },
  });
});

test('hidden accepts true/false/1/0 and booleans only', () => {
  for (const [value, expected] of [['1', true], ['0', false], [false, false], [true, true]] as const) {
    const result = validateSigner({ ...ada, hidden: value }, everyCountry);
    assert.ok(result.success && result.output.hidden === expected, String(value));
  }
  const result = validateSigner({ ...ada, hidden: 'yes' }, everyCountry);
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
  }, everyCountry);
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
  const result = validateSigner({ ...ada, last_name: 'x'.repeat(255), reason: 'r'.repeat(1000) }, everyCountry);
  assert.ok(result.success);
});

test('postal code and state are required only where the country has them', () => {
  const noPostcode = validateSigner({ ...ada, postal_code: '', country_code: 'AE', state_province: 'Dubai' }, everyCountry);
  assert.ok(noPostcode.success, 'UAE has no postal codes');
  const gbNoPostcode = validateSigner({ ...ada, postal_code: '' }, everyCountry);
  assert.ok(!gbNoPostcode.success && gbNoPostcode.problems[0]!.field === 'postal_code');
  const usNoState = validateSigner({ ...ada, country_code: 'US', postal_code: '94103' }, everyCountry);
  assert.ok(!usNoState.success);
  assert.deepEqual(usNoState.problems.map((p) => p.field), ['state_province']);
  assert.ok(validateSigner({ ...ada, country_code: 'US', state_province: 'CA', postal_code: '94103' }, everyCountry).success);
});

test('anything that is not an object is no fields at all', () => {
  for (const input of [null, undefined, 'text', 42, []]) {
    const result = validateSigner(input, everyCountry);
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

test('text is stored in NFC: a decomposed name comes out composed', () => {
  const result = validateSigner({ ...ada, first_name: 'Zoe\u0301', city: '\u1112\u1161\u11ab' }, everyCountry);
  assert.ok(result.success);
  assert.equal(result.output.first_name, 'Zo\u00e9');
  assert.equal(result.output.city, '\ud55c');
});

test('control characters, bidi overrides and isolates, and lone surrogates are refused in every text field', () => {
  const hidden = ['\u0000', '\r', '\n', '\u0007', '\u007f', '\u0085', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800', '\udfff'];
  for (const character of hidden) {
    for (const field of ['first_name', 'last_name', 'address', 'city', 'postal_code', 'phone'] as const) {
      const result = validateSigner({ ...ada, [field]: `Ad${character}a` }, everyCountry);
      assert.ok(!result.success, `${field} with U+${character.charCodeAt(0).toString(16)}`);
      assert.deepEqual(result.problems.map((p) => [p.field, p.code]), [[field, 'hidden_characters']]);
    }
  }
  // Marks that bidi text needs, and a joiner inside a word, are letters' company, not hidden text.
  assert.ok(validateSigner({ ...ada, first_name: 'Ada\u200f', last_name: '\u0915\u094d\u200d\u0937' }, everyCountry).success);
  // A paired surrogate is one character, not a lone one.
  assert.ok(validateSigner({ ...ada, first_name: 'Ada \ud83c\udf3b' }, everyCountry).success);
});

test('the reason keeps line breaks and tabs but no other control or bidi character', () => {
  assert.ok(validateSigner({ ...ada, reason: 'Because\r\nof the park\tand trees' }, everyCountry).success);
  for (const character of ['\u0000', '\u000b', '\u202e', '\ud800']) {
    const result = validateSigner({ ...ada, reason: `Because${character}` }, everyCountry);
    assert.ok(!result.success);
    assert.deepEqual(result.problems.map((p) => [p.field, p.code]), [['reason', 'hidden_characters']]);
  }
});

test('a name must contain a letter: zero-width, punctuation or digits alone are not a name', () => {
  for (const name of ['\u200b\u200b', '\u200d', '\ufeff\u200c', '123', '--', '. .']) {
    const result = validateSigner({ ...ada, last_name: name }, everyCountry);
    assert.ok(!result.success, JSON.stringify(name));
    assert.deepEqual(result.problems.map((p) => [p.field, p.code]), [['last_name', 'no_letter']]);
  }
  for (const name of ['李', 'Ó Súilleabháin', 'ʻAkau', 'X Æ A-12']) assert.ok(validateSigner({ ...ada, last_name: name }, everyCountry).success, name);
});

test('the length is checked as sent and in NFC: three times longer after NFC is too long', () => {
  // U+FB2C is one character that NFC turns into three.
  const expands = '\ufb2c'.repeat(100);
  assert.equal(expands.normalize('NFC').length, 300);
  const result = validateSigner({ ...ada, city: expands }, everyCountry);
  assert.ok(!result.success);
  assert.deepEqual(result.problems.map((p) => [p.field, p.code]), [['city', 'too_long']]);
  // Decomposed Hangul: 255 syllables sent as 765 jamo are refused as sent.
  const decomposed = '\u1112\u1161\u11ab'.repeat(255);
  const sent = validateSigner({ ...ada, city: decomposed }, everyCountry);
  assert.ok(!sent.success);
  assert.equal(sent.problems[0]!.code, 'too_long');
});

test('whatever the schema accepts, it accepts again unchanged (the proxy forwards its output)', () => {
  fc.assert(
    fc.property(fc.record({ first_name: fc.string({ unit: 'grapheme', maxLength: 300 }), city: fc.string({ unit: 'binary', maxLength: 300 }) }), (fields) => {
      const first = validateSigner({ ...ada, ...fields }, everyCountry);
      if (!first.success) return;
      const again = validateSigner(first.output, everyCountry);
      assert.ok(again.success);
      assert.deepEqual(again.output, first.output);
    }),
    { numRuns: 500 },
  );
});
