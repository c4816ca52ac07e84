// A subdivision found by the ways people write it, and the list a form shows
// (src/shared/addresses/subdivision.ts), on small lists of its own: the data's are in address-rules.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { subdivisionChoices, subdivisionKey } from '../../src/shared/addresses/subdivision.js';

const list = { keys: ['CA', 'CB'], names: ['California', 'CA'], isoCodes: ['', 'X-CB'] };

test('found by key, name or ISO code, trimmed and in any case; the first way wins', () => {
  assert.equal(subdivisionKey(list, ' california '), 'CA');
  assert.equal(subdivisionKey(list, 'x-cb'), 'CB');
  // "CA" is the first one's key and the second one's name: the key comes first.
  assert.equal(subdivisionKey(list, 'ca'), 'CA');
});

test('nothing written, or an ISO code the data lacks, finds nothing', () => {
  for (const value of ['', ' ', 'Nowhere']) assert.equal(subdivisionKey(list, value), undefined, JSON.stringify(value));
});

test('folded to lower case: a name is not found by its upper-case spelling that lower case writes otherwise', () => {
  // "STRASSE" is the upper case of "Straße", but not the same name in lower case.
  assert.equal(subdivisionKey({ keys: ['Straße'] }, 'STRASSE'), undefined);
  assert.equal(subdivisionKey({ keys: ['Straße'] }, 'STRASSE'.toLowerCase()), undefined);
  assert.equal(subdivisionKey({ keys: ['Straße'] }, 'STRAßE'), 'Straße');
});

test("a list without a language is shown by its names, or its keys without them", () => {
  assert.deepEqual(subdivisionChoices({ keys: ['CA', 'NY'], names: ['California', 'New York'] }, 'en'), [
    ['CA', 'California'],
    ['NY', 'New York'],
  ]);
  assert.deepEqual(subdivisionChoices({ keys: ['Co. Dublin'] }, 'ga'), [['Co. Dublin', 'Co. Dublin']]);
  const japan = { keys: ['東京都'], latinNames: ['Tokyo'], language: 'ja' };
  assert.deepEqual(subdivisionChoices(japan, 'ja-JP'), [['東京都', '東京都']]);
  assert.deepEqual(subdivisionChoices(japan, 'en'), [['東京都', 'Tokyo']]);
});
