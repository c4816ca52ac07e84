// The names of one country's regions for <petition-breakdown>, in a chunk of its own that the
// element asks for only when it shows a country's regions (petition-breakdown.ts). It loads that
// country's chunk of the address data (one per first letter of its code, the chunks the form loads
// too: src/components/petition-sign/country-addresses.ts), never all countries. Until it arrives,
// or if it cannot, the element shows each region as stored; the rows keep one line's height either
// way (petition-breakdown.styles.ts), so nothing moves when the names replace the codes.
import { BY_LETTER } from '../../shared/addresses/countries/by-letter.js';
import { subdivisionName } from '../../shared/addresses/subdivision-name.js';

/** How `country`'s regions read in `language` (a country without a list: as stored). */
export async function regionNamer(country: string, language: string): Promise<(stored: string) => string> {
  const load = BY_LETTER[country[0] ?? ''];
  const list = load ? (await load()).default[country]?.subdivisions : undefined;
  return (stored) => subdivisionName(list, stored, language);
}
