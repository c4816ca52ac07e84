// The opt-ins a proxy passes on with a signature (src/shared/signature-opt-ins.ts): the value it
// writes, and what the service reads back, each rule at its boundary; and the refusals' words
// (src/shared/signature-refusals.ts) as docs/api.md gives them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPT_INS_FIELD, optInsValue, readOptIns } from '../../src/shared/signature-opt-ins.js';
import { DISPOSABLE_EMAIL, SIGNATURE_NOT_ACCEPTED } from '../../src/shared/signature-refusals.js';
import { parseProblem } from '../../src/shared/signer-fields.js';

const PROBLEM =
  'opt_ins: must be at most 10 opt-in ids separated by commas, each of a-z, 0-9, _ and - (at most 64 characters, starting with a letter or digit)';

test('the value: ids sorted, each once, comma-separated', () => {
  assert.equal(OPT_INS_FIELD, 'opt_ins');
  assert.equal(optInsValue(['sms', 'news', 'sms', 'letters']), 'letters,news,sms');
  assert.equal(optInsValue([]), '');
});

test('absent is not known; empty is none ticked', () => {
  assert.deepEqual(readOptIns({}), { optIns: undefined, problems: [] });
  assert.deepEqual(readOptIns({ opt_ins: null }), { optIns: undefined, problems: [] });
  assert.deepEqual(readOptIns({ opt_ins: '' }), { optIns: [], problems: [] });
});

test('ids read back sorted and each once; up to 10 of them', () => {
  assert.deepEqual(readOptIns({ opt_ins: 'sms,news,sms' }), { optIns: ['news', 'sms'], problems: [] });
  const ten = Array.from({ length: 10 }, (_, i) => `o${i}`);
  assert.deepEqual(readOptIns({ opt_ins: ten.join(',') }), { optIns: ten, problems: [] });
  assert.deepEqual(readOptIns({ opt_ins: [...ten, 'o10'].join(',') }), { optIns: undefined, problems: [PROBLEM] });
});

test('anything else is the one problem: not text, an empty or malformed id', () => {
  for (const value of [42, ['news'], true, 'news,', ',news', 'news,,sms', 'News', 'news letter', '_news', 'x'.repeat(65)]) {
    assert.deepEqual(readOptIns({ opt_ins: value }), { optIns: undefined, problems: [PROBLEM] }, JSON.stringify(value));
  }
  assert.deepEqual(readOptIns({ opt_ins: 'x'.repeat(64) }).problems, []);
});

test("the refusals' words: a blocked signer is not told which list, a disposable address is the email field's problem", () => {
  assert.equal(SIGNATURE_NOT_ACCEPTED, 'This signature cannot be accepted.');
  assert.equal(parseProblem(SIGNATURE_NOT_ACCEPTED), null);
  assert.deepEqual(parseProblem(DISPOSABLE_EMAIL), {
    field: 'email',
    message: 'Enter an email address you will keep: addresses from disposable mail services are not accepted',
  });
});
