// The delivery's count line: online and paper apart, and "confirmed by email" only where the
// petition confirms its signers and some signed online.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countLine } from '../../../src/service/delivery/delivery-layout.js';

test('the count line names paper signatures only when there are some, and confirmation only where it applies', () => {
  const counts = (counted: number, onPaper: number) => ({ counted, onPaper, lastSignatureId: 0 });
  assert.equal(countLine(counts(1, 0), false), '1 signature');
  assert.equal(countLine(counts(1234, 0), false), '1,234 signatures');
  assert.equal(countLine(counts(1234, 0), true), '1,234 signatures, each confirmed by email');
  assert.equal(countLine(counts(1234, 200), false), '1,234 signatures: 1,034 online, 200 on paper');
  assert.equal(countLine(counts(1234, 200), true), '1,234 signatures: 1,034 online (each confirmed by email), 200 on paper');
  assert.equal(countLine(counts(200, 200), true), '200 signatures: 0 online, 200 on paper');
});
