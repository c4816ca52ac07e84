// The signer's postal code and subdivision against their country's rules: what is wrong with
// them, and what is stored once they are right. Called by the signer schema (signature-schema.ts)
// in the browser and on both servers, with the rules each has for the country.
import type { CountryAddress } from './country-address.js';
import { cleanPostalCode } from './postal-code.js';
import { subdivisionKey } from './subdivision.js';

export type PostalCodeProblem = 'required' | 'postal_code_format';
export type SubdivisionProblem = 'required' | 'unknown_subdivision';

/** Nothing to say without the country's rules (the browser before they load: the servers check). */
export function postalCodeProblem(country: CountryAddress | undefined, value: string): PostalCodeProblem | undefined {
  // Where there are no postal codes, whatever the signer wrote (or nothing) is kept as written.
  if (!country?.postalCode) return undefined;
  if (value === '') return 'required';
  return cleanPostalCode(country, value) === undefined ? 'postal_code_format' : undefined;
}

export function subdivisionProblem(country: CountryAddress | undefined, value: string): SubdivisionProblem | undefined {
  if (!country) return undefined;
  if (value === '') return country.subdivisionRequired ? 'required' : undefined;
  if (country.subdivisions && subdivisionKey(country.subdivisions, value) === undefined) return 'unknown_subdivision';
  return undefined;
}

/** The stored values of fields that passed: the post's postal code layout, the subdivision's key. */
export function cleanAddress(
  country: CountryAddress | undefined,
  fields: { postal_code: string; state_province: string },
): { postal_code: string; state_province: string } {
  const list = country?.subdivisions;
  return {
    // Nothing written stays nothing: neither lookup finds an empty value.
    postal_code: (country && cleanPostalCode(country, fields.postal_code)) || fields.postal_code,
    state_province: (list && subdivisionKey(list, fields.state_province)) || fields.state_province,
  };
}
