// What a country's addresses are checked against, taken from Google's address metadata (the data
// behind libaddressinput) by scripts/address-data/render.ts into countries/. The same records serve the
// servers (every-country.ts) and the browser (one chunk per first letter, address-book.ts).

/** The postal code's name where it is not "postal code" (Google's zip_name_type). */
export type PostalLabel = 'zip' | 'pin' | 'eircode';

/** What the country calls its subdivisions (Google's state_name_type). */
export type SubdivisionLabel =
  | 'area'
  | 'county'
  | 'department'
  | 'district'
  | 'do_si'
  | 'emirate'
  | 'island'
  | 'oblast'
  | 'parish'
  | 'prefecture'
  | 'province'
  | 'state';

/** A country's subdivisions, in the data's order; the arrays run in step with `keys`. */
export interface SubdivisionList {
  /** What the country's post writes ("CA", "東京都", "Co. Dublin"): what the service stores. */
  keys: string[];
  /** Names in the country's language, where they differ from the keys. */
  names?: string[];
  /** Names in Latin script, for countries whose names are not. */
  latinNames?: string[];
  /** The ISO 3166-2 codes (without the country), '' where there is none. */
  isoCodes?: string[];
  /** The language of `names` (BCP 47). */
  language?: string;
}

export interface CountryAddress {
  /** The whole postal code's pattern (a regular expression's source); absent where there are none. */
  postalCode?: string;
  /** Valid postal codes as the post writes them: the first one is shown, all give the spacing. */
  postalExamples?: string[];
  postalLabel?: PostalLabel;
  /** The country's addresses need the subdivision. */
  subdivisionRequired?: true;
  subdivisionLabel?: SubdivisionLabel;
  /** Present where addresses carry a subdivision chosen from a list. */
  subdivisions?: SubdivisionList;
}

/**
 * The address rules known for a country code; undefined when not known (yet): the browser before
 * that country's chunk has arrived. Then only the servers check the postal code and subdivision.
 */
export type AddressBook = (countryCode: string) => CountryAddress | undefined;
