// A state, province or prefecture found in the country's list by any of the ways people write
// it (its key, its name, its Latin name, its ISO 3166-2 code), and stored as the key: the
// abbreviation the country's post uses where it has one ("CA" for California), else its name.
import type { SubdivisionList } from './country-address.js';

const folded = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('en');

/**
 * Each list's ways of writing, folded, to its key: made once per list rather than folding the
 * whole list for every signer (it showed in the service's ingest profile, docs/benchmarks.md).
 * The first way wins: a key before a name, a name before a Latin name, then ISO codes.
 */
const lookups = new WeakMap<SubdivisionList, Map<string, string>>();

function lookup(list: SubdivisionList): Map<string, string> {
  let byFolded = lookups.get(list);
  if (!byFolded) {
    byFolded = new Map();
    for (const names of [list.keys, list.names, list.latinNames, list.isoCodes]) {
      names?.forEach((name, at) => {
        const key = folded(name);
        if (name !== '' && !byFolded!.has(key)) byFolded!.set(key, list.keys[at]!);
      });
    }
    lookups.set(list, byFolded);
  }
  return byFolded;
}

/** The subdivision's key, or undefined when the value names none of the country's. */
export function subdivisionKey(list: SubdivisionList, value: string): string | undefined {
  // Nothing written finds nothing: no way of writing is empty in the lookup.
  return lookup(list).get(folded(value));
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
