// A stored region ("TX", "M", "東京都") as a reader reads it: the one rule for every place that
// shows regions (<petition-breakdown>, the console's insight and signature pages), from the same
// lists the form offers (country-address.ts). The service stores the list's key (subdivision.ts);
// older or pasted values written another way (a name, an ISO 3166-2 code) are found the same way.
import type { SubdivisionList } from './country-address.js';

const folded = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('en');

/**
 * Where the stored value sits in the list, -1 for nowhere. The service stores keys
 * (address-check.ts); a value written another way is matched as the form matches it
 * (subdivision.ts: a key before a name, a Latin name, an ISO code). Not by importing that module:
 * it rides in <petition-sign>'s first load, and sharing it with <petition-breakdown>'s later chunk
 * would split it into a chunk of its own there (scripts/element-chunks.ts), over that budget.
 */
function indexOf(list: SubdivisionList, stored: string): number {
  const at = list.keys.indexOf(stored);
  // A fast path for what the service stores: the search below finds the same entry, so its
  // mutants are equivalent.
  // Stryker disable next-line ConditionalExpression,EqualityOperator
  if (at >= 0) return at;
  const wanted = folded(stored);
  for (const names of [list.keys, list.names, list.latinNames, list.isoCodes]) {
    const found = names?.findIndex((name) => name !== '' && folded(name) === wanted) ?? -1;
    if (found >= 0) return found;
  }
  return -1;
}

const sameLanguage = (a: string, b: string) => a.split('-')[0]!.toLowerCase() === b.split('-')[0]!.toLowerCase();

/**
 * The region's name for a reader of `language` (BCP 47): the country's own name when the reader
 * reads the country's language, else its Latin name where the data has one, else the country's own
 * name (already Latin for most). A value the list does not know, or a country without a list, is
 * shown as stored.
 */
export function subdivisionName(list: SubdivisionList | undefined, stored: string, language: string): string {
  if (!list) return stored;
  const at = indexOf(list, stored);
  if (at < 0) return stored;
  const local = list.names?.[at] || list.keys[at]!;
  if (list.language !== undefined && sameLanguage(language, list.language)) return local;
  return list.latinNames?.[at] || local;
}

/** The console's (English) label: the name with the stored value beside it when they differ ("Texas (TX)"). */
export function subdivisionLabel(list: SubdivisionList | undefined, stored: string): string {
  const name = subdivisionName(list, stored, 'en');
  return name === stored ? stored : `${name} (${stored})`;
}
