// A postal code checked against the country's pattern, and written the way its post writes it:
// upper case, with the spacing of the data's examples ("sw1a1aa" is "SW1A 1AA").
import type { CountryAddress } from './country-address.js';

const SEPARATORS = /[\s-]+/g;

/** The value in the layout of an example of the same length without separators, if it has one. */
function laidOutLike(bare: string, example: string): string | undefined {
  if (example.replace(SEPARATORS, '').length !== bare.length) return undefined;
  let at = 0;
  let result = '';
  for (const character of example) result += /[\s-]/.test(character) ? character : bare[at++];
  return result;
}

/**
 * The postal code as the post writes it, or undefined when it is not one of the country's. Only
 * for countries with postal codes (`postalCode` present).
 */
export function cleanPostalCode(country: CountryAddress, value: string): string | undefined {
  if (!country.postalCode) return undefined;
  const pattern = new RegExp(`^(?:${country.postalCode})$`);
  const typed = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const bare = typed.replace(SEPARATORS, '');
  for (const example of country.postalExamples ?? []) {
    const candidate = laidOutLike(bare, example);
    if (candidate !== undefined && pattern.test(candidate)) return candidate;
  }
  return pattern.test(typed) ? typed : undefined;
}

/** A postal code to show as an example in a message ("Enter a postal code like 28039"). */
export function postalCodeExample(country: CountryAddress | undefined): string | undefined {
  return country?.postalExamples?.[0];
}
