// The translator writes plain English whole numbers without Intl (english-number.ts): exactly as
// the browser's Intl.NumberFormat writes them, at every magnitude, and never for anything else.
import { expect } from '@open-wc/testing';
import { englishWholeNumber } from '../../src/components/i18n/english-number.js';

/** Every power of ten and its neighbours up to the largest safe integer, and a few in between. */
const WHOLE_NUMBERS = [
  ...Array.from({ length: 16 }, (_, power) => 10 ** power).flatMap((n) => [n - 1, n, n + 1]),
  12_345, 123_456, 1_234_567, 98_765_432_109, Number.MAX_SAFE_INTEGER,
];

describe('English whole numbers without Intl', () => {
  for (const tag of ['en', 'en-US', 'en-GB']) {
    it(`${tag}: the same as Intl.NumberFormat for every magnitude`, () => {
      const intl = new Intl.NumberFormat(tag);
      for (const value of WHOLE_NUMBERS) expect(englishWholeNumber(tag, value), String(value)).to.equal(intl.format(value));
    });
  }

  it('leaves other tags, fractions, negatives, -0 and unsafe integers to Intl', () => {
    // en-IN groups by lakhs (12,34,567); de, en-ZA and en-CH use other separators.
    for (const tag of ['en-IN', 'en-ZA', 'en-CH', 'de', 'EN', 'en-us', '']) expect(englishWholeNumber(tag, 1_234_567), tag).to.equal(undefined);
    for (const value of [1.5, -1, -0, Number.MAX_SAFE_INTEGER + 1, NaN, Infinity]) expect(englishWholeNumber('en', value), String(value)).to.equal(undefined);
  });
});
