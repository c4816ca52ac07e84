// A whole number as ICU writes it for plain English ("12,345"), without ICU. The first
// Intl.NumberFormat of a page reads ICU's number data: 60 to 90 ms of a phone's first render at
// 4x CPU (docs/benchmarks.md, issue 32), for the count every English form shows first.
// test/components/english-number.test.ts holds it to the browser's Intl at every magnitude.

/** The tags whose whole numbers are grouped by threes with commas, as the browser's Intl does. */
const PLAIN_ENGLISH = new Set(['en', 'en-US', 'en-GB']);

/** The number as Intl.NumberFormat(tag) would write it, or undefined where only Intl knows how. */
export function englishWholeNumber(tag: string, value: number): string | undefined {
  // Intl writes -0 as "-0", and a negative with its own sign: counts are neither.
  if (!PLAIN_ENGLISH.has(tag) || !Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) return undefined;
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
