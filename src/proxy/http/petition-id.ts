// A petition's number as a path gives it: digits only, no leading zero, so that one petition has
// one spelling (and one cached read); anything else is no petition at all.

/** That spelling, for the paths the listeners ahead of the app match on Node. */
export const PETITION_ID_PATTERN = '[1-9]\\d{0,9}';
const PETITION_ID = new RegExp(`^${PETITION_ID_PATTERN}$`);

/** The number, or NaN for text that is not one (which no set of petition ids holds). */
export function petitionIdOf(text: string): number {
  return PETITION_ID.test(text) ? Number(text) : NaN;
}
