// The rule that withholds a published group below 5 signers (small-groups.ts), without a
// service: groups of equal size come in the order of their names whatever order they were read
// in (the store's order is not the rule's), and the empty name is never a group.
// signature-breakdown.test.ts has the rule on a petition's real counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withholdSmallGroups } from '../../../src/service/geography/small-groups.js';

test('largest first; equal sizes by name, however they were read; 4 and the unnamed go to "other"', () => {
  const groups = [
    { name: 'FR', count: 5 },
    { name: 'AT', count: 4 },
    { name: 'DE', count: 9 },
    { name: 'BE', count: 5 },
    { name: '', count: 7 },
    { name: 'CH', count: 5 },
  ];
  const expected = {
    shown: [
      { name: 'DE', count: 9 },
      { name: 'BE', count: 5 },
      { name: 'CH', count: 5 },
      { name: 'FR', count: 5 },
    ],
    other: 11,
  };
  assert.deepEqual(withholdSmallGroups(groups, 35), expected);
  assert.deepEqual(withholdSmallGroups([...groups].reverse(), 35), expected);
});
