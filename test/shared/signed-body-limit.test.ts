// The body limits worked out from the signer schema's limits (src/shared/signed-body-limit.ts),
// each sum written out by hand so that a changed term shows: every field name, every unit's
// worst encoding, every separator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bodyLimitFor,
  worstCaseConsentJsonBytes,
  worstCaseSignedFormBytes,
  worstCaseSignerJsonBytes,
} from '../../src/shared/signed-body-limit.js';

// The eleven signer fields' names: first_name 10, last_name 9, email 5, address 7, city 4,
// state_province 14, postal_code 11, country_code 12, phone 5, reason 6, hidden 6.
const SIGNER_NAMES = 89;
// Nine text fields of 255 units, reason 1000, hidden 'false' 5.
const SIGNER_UNITS = 9 * 255 + 1000 + 5;

test('a signed form: the signer fields, the withdrawal token, the signing parameters and the opt-ins, 9 bytes a unit', () => {
  const signer = SIGNER_NAMES + 11 * 2 + SIGNER_UNITS * 9;
  const withdrawalToken = 'withdrawal_token'.length + 2 + 43 * 9;
  const signing =
    ('api_key'.length + 2 + 255 * 9) +
    ('source'.length + 2 + 255 * 9) +
    ('auth_key'.length + 2 + 64 * 9) +
    // 2026-11-22T08:00:00.123456789+00:00
    ('timestamp'.length + 2 + 35 * 9) +
    // /v1/petitions/123456789012345/signatures
    ('endpoint'.length + 2 + 40 * 9) +
    ('rsig'.length + 2 + 64 * 9);
  // opt_ins= then ten ids of 64 ASCII characters, nine commas written %2C.
  const optIns = 'opt_ins'.length + 2 + 10 * 64 + 9 * 3;
  assert.equal(signer + withdrawalToken + signing + optIns, 37_363);
  // A key request's form (source_description and requester_email 255 units, callback_endpoint
  // 2048, and the signing parameters) is 2315 + 2312 + 18 451 + 6471 = 29 549: the signature's
  // is the larger, so it is the limit.
  assert.equal(worstCaseSignedFormBytes(), 37_363);
});

test("the signer's JSON: 6 bytes a unit, quotes, colon and comma around each name, the braces", () => {
  assert.equal(worstCaseSignerJsonBytes(), 2 + SIGNER_NAMES + 11 * 6 + SIGNER_UNITS * 6);
  assert.equal(worstCaseSignerJsonBytes(), 19_957);
  assert.equal(worstCaseSignerJsonBytes([]), 19_957);
  // An extra text field (a honeypot): its name, 6, and 255 units of 6 bytes.
  assert.equal(worstCaseSignerJsonBytes(['website']), 19_957 + 7 + 6 + 255 * 6);
  assert.equal(worstCaseSignerJsonBytes(['website', 'x']), 19_957 + 7 + 6 + 255 * 6 + 1 + 6 + 255 * 6);
});

test("the consent's JSON: ten opt-in ids, five utm_* values, the referrer and a language tag", () => {
  // "opt_ins":[], and ten "<64 bytes>",
  const optIns = 13 + 10 * (3 + 64);
  // "attribution":{}, the five names (utm_source 10, utm_medium 10, utm_campaign 12, utm_term 8,
  // utm_content 11), each "name":"value", with 200 units of 6 bytes; "referrer":"", 1000 units.
  const attribution = 17 + (51 + 5 * 6 + 5 * 200 * 6) + (14 + 1000 * 6);
  // "language":"", and 35 bytes.
  const language = 14 + 35;
  assert.equal(optIns + attribution + language, 12_844);
  assert.equal(worstCaseConsentJsonBytes(), 12_844);
});

test('a body limit: at least 16 KiB, else the worst case rounded up to whole KiB', () => {
  assert.equal(bodyLimitFor(0), 16_384);
  assert.equal(bodyLimitFor(1), 16_384);
  assert.equal(bodyLimitFor(16_384), 16_384);
  assert.equal(bodyLimitFor(16_385), 17_408);
  assert.equal(bodyLimitFor(20_480), 20_480);
  assert.equal(bodyLimitFor(20_481), 21_504);
  assert.equal(bodyLimitFor(37_363), 37_888);
  assert.equal(bodyLimitFor(100, 1000), 1024);
  assert.equal(bodyLimitFor(100, 0), 1024);
  assert.equal(bodyLimitFor(0, 0), 0);
  assert.equal(bodyLimitFor(2049, 1000), 3072);
});
