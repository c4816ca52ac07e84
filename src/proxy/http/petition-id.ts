// A petition's number as a path gives it: digits only, no leading zero, so that one petition has
// one spelling (and one cached read); anything else is no petition at all.

/** The number, or NaN for text that is not one (which no set of petition ids holds). */
export function petitionIdOf(text: string): number {
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
}
