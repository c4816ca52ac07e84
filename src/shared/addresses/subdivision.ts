// A state, province or prefecture found in the country's list by any of the ways people write
// it (its key, its name, its Latin name, its ISO 3166-2 code), and stored as the key: the
// abbreviation the country's post uses where it has one ("CA" for California), else its name.
import type { SubdivisionList } from './country-address.js';

const folded = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('en');

/** The subdivision's key, or undefined when the value names none of the country's. */
export function subdivisionKey(list: SubdivisionList, value: string): string | undefined {
  const wanted = folded(value);
  if (wanted === '') return undefined;
  for (const names of [list.keys, list.names, list.latinNames, list.isoCodes]) {
    const at = names?.findIndex((name) => name !== '' && folded(name) === wanted) ?? -1;
    if (at >= 0) return list.keys[at];
  }
  return undefined;
}

/**
 * The list as a form shows it, [key, name] in the data's order: names in the country's language
 * for a page in that language, else in Latin script where the data has them.
 */
export function subdivisionChoices(list: SubdivisionList, language: string): Array<[key: string, name: string]> {
  const local = list.names ?? list.keys;
  const sameLanguage = list.language !== undefined && language.split('-')[0] === list.language.split('-')[0];
  const shown = sameLanguage || !list.latinNames ? local : list.latinNames;
  return list.keys.map((key, i) => [key, shown[i] ?? key]);
}
