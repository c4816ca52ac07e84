// Postal codes and subdivisions checked against their country's address data (src/shared/addresses/),
// as the signer schema applies them in the browser and on both servers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { everyCountry } from '../../src/shared/addresses/every-country.js';
import { EVERY_COUNTRY } from '../../src/shared/addresses/countries/every-country.js';
import { cleanPostalCode } from '../../src/shared/addresses/postal-code.js';
import { subdivisionChoices } from '../../src/shared/addresses/subdivision.js';
import { COUNTRY_CODES } from '../../src/shared/countries.js';
import { validateSigner } from '../../src/shared/signature-schema.js';
import type { FieldProblem } from '../../src/shared/signer-fields.js';
import { CITIES } from '../../src/service/seed/seed-people.js';

const signer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', address: '1 Main Street', city: 'Springfield' };

function problems(fields: Record<string, string>): Array<Pick<FieldProblem, 'field' | 'code' | 'message'>> {
  const result = validateSigner({ ...signer, ...fields }, everyCountry);
  return result.success ? [] : result.problems;
}

function stored(fields: Record<string, string>) {
  const result = validateSigner({ ...signer, ...fields }, everyCountry);
  assert.ok(result.success, JSON.stringify(!result.success && result.problems));
  return { postal_code: result.output.postal_code, state_province: result.output.state_province };
}

test('a US state that is none and a ZIP code of letters are refused, each with its own code', () => {
  assert.deepEqual(problems({ country_code: 'US', state_province: 'XX', postal_code: 'ABCDE' }), [
    { field: 'state_province', code: 'unknown_subdivision', message: 'State or province: select one from the list' },
    { field: 'postal_code', code: 'postal_code_format', message: 'Enter a postal code like 95014' },
  ]);
});

test('a Spanish postal code of three digits is refused with an example of the country', () => {
  assert.deepEqual(problems({ country_code: 'ES', state_province: 'Madrid', postal_code: '280' }), [
    { field: 'postal_code', code: 'postal_code_format', message: 'Enter a postal code like 28039' },
  ]);
  for (const lookAlike of ['2800', '280011', '28O01']) {
    assert.equal(problems({ country_code: 'ES', state_province: 'M', postal_code: lookAlike })[0]?.code, 'postal_code_format', lookAlike);
  }
});

test('an emirate that is an Oregon abbreviation is refused; the UAE has no postal codes to require', () => {
  assert.deepEqual(problems({ country_code: 'AE', state_province: 'OR', postal_code: '' }).map((p) => [p.field, p.code]), [
    ['state_province', 'unknown_subdivision'],
  ]);
  assert.deepEqual(stored({ country_code: 'AE', state_province: 'Dubai', postal_code: '' }), { postal_code: '', state_province: 'إمارة دبيّ' });
  assert.deepEqual(stored({ country_code: 'ZW', state_province: '', postal_code: '' }), { postal_code: '', state_province: '' });
});

test('where the country uses them, the postal code and the subdivision are required', () => {
  assert.deepEqual(problems({ country_code: 'US', state_province: '', postal_code: '' }).map((p) => [p.field, p.code]), [
    ['state_province', 'required'],
    ['postal_code', 'required'],
  ]);
  // Germany's addresses carry no state: left empty, or written freely, it passes.
  assert.deepEqual(stored({ country_code: 'DE', state_province: '', postal_code: '10115' }), { postal_code: '10115', state_province: '' });
  assert.deepEqual(stored({ country_code: 'DE', state_province: 'Berlin', postal_code: '10115' }).state_province, 'Berlin');
});

test('valid look-alikes pass and are stored as the post writes them', () => {
  const cases: Array<[country: string, postal: string, state: string, stored: string, storedState: string]> = [
    ['US', '95014-2083', 'CA', '95014-2083', 'CA'],
    ['US', '95014 2083', 'california', '95014-2083', 'CA'],
    ['US', '02108', 'MA', '02108', 'MA'],
    ['GB', 'SW1A 1AA', '', 'SW1A 1AA', ''],
    ['GB', 'sw1a1aa', '', 'SW1A 1AA', ''],
    ['GB', ' m2  5bq ', '', 'M2 5BQ', ''],
    ['CA', 'K1A 0B1', 'ON', 'K1A 0B1', 'ON'],
    ['CA', 'k1a0b1', 'Ontario', 'K1A 0B1', 'ON'],
    ['IE', 'D02 X285', 'Co. Dublin', 'D02 X285', 'Co. Dublin'],
    ['IE', 'a65f4e2', 'D', 'A65 F4E2', 'Co. Dublin'],
    ['JP', '1540023', 'Tokyo', '154-0023', '東京都'],
    ['JP', '154-0023', '13', '154-0023', '東京都'],
    ['IN', '110034', 'Delhi', '110034', 'Delhi'],
  ];
  for (const [country, postal, state, postalStored, stateStored] of cases) {
    assert.deepEqual(stored({ country_code: country, postal_code: postal, state_province: state }), { postal_code: postalStored, state_province: stateStored }, `${country} ${postal} ${state}`);
  }
});

test('UK and Canadian look-alikes that break their patterns are refused', () => {
  for (const [country, state, postal] of [['GB', '', 'SW1A 1A'], ['GB', '', 'QZ9 9QZ'], ['CA', 'ON', 'K1A 0B'], ['CA', 'ON', 'D1A 0B1']]) {
    assert.equal(problems({ country_code: country!, state_province: state!, postal_code: postal! })[0]?.code, 'postal_code_format', postal);
  }
});

test('every country of the list has its rules, and each example the data gives passes as written', () => {
  for (const code of COUNTRY_CODES) {
    const country = EVERY_COUNTRY[code];
    assert.ok(country, code);
    for (const example of country.postalExamples ?? []) assert.equal(cleanPostalCode(country, example), example, `${code} ${example}`);
    if (country.subdivisions) assert.ok(country.subdivisionLabel, `${code} names its subdivisions`);
  }
});

test('the form shows names in the page language where the data has them, else in Latin script', () => {
  const japan = EVERY_COUNTRY['JP']!.subdivisions!;
  assert.deepEqual(subdivisionChoices(japan, 'en').find(([key]) => key === '東京都'), ['東京都', 'Tokyo']);
  assert.deepEqual(subdivisionChoices(japan, 'ja-JP').find(([key]) => key === '東京都'), ['東京都', '東京都']);
  assert.deepEqual(subdivisionChoices(EVERY_COUNTRY['US']!.subdivisions!, 'de').find(([key]) => key === 'CA'), ['CA', 'California']);
});

test('every seeded city is a valid address for its country, stored as a signer\'s would be', () => {
  for (const city of CITIES) {
    const fields = { postal_code: city.postal_code, state_province: city.state_province, country_code: city.country_code };
    assert.deepEqual(stored(fields), { postal_code: city.postal_code, state_province: city.state_province }, city.city);
  }
  assert.equal(CITIES.find((city) => city.city === 'Tokyo')?.state_province, '東京都');
});
