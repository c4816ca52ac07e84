// The names of one country's regions for <petition-breakdown>, loaded only when it shows a
// country's regions: that country's chunk of the address data (one per first letter of its code,
// the chunks the form loads too: src/components/petition-sign/country-addresses.ts), never in the
// element's first load. Until the chunk arrives, or if it cannot, each region shows as stored; the
// rows keep one line's height either way (petition-breakdown.styles.ts), so nothing moves when the
// names replace the codes.
import type { ReactiveControllerHost } from 'lit';
import type { CountryAddress } from '../../shared/addresses/country-address.js';
import { subdivisionName } from '../../shared/addresses/subdivision-name.js';

const loaded = new Map<string, Record<string, CountryAddress>>();
/** Chunks on their way, shared by every element on the page. */
const pending = new Map<string, Promise<void>>();

function load(letter: string): Promise<void> {
  let promise = pending.get(letter);
  if (!promise) {
    promise = import('../../shared/addresses/countries/by-letter.js')
      // A letter no country's code starts with has no names to wait for.
      .then(({ BY_LETTER }) => BY_LETTER[letter]?.() ?? { default: {} })
      .then((module) => void loaded.set(letter, module.default))
      // Failed, the next render asks again.
      .finally(() => pending.delete(letter));
    pending.set(letter, promise);
  }
  return promise;
}

const asStored = (stored: string) => stored;

export class RegionNames {
  /** The letters this element waits for: it renders again when its chunk arrives. */
  private readonly waiting = new Set<string>();

  constructor(private readonly host: ReactiveControllerHost) {}

  /** How `country`'s regions read in `language`: as stored until the country's data is here (asked for once). */
  of(country: string, language: string): (stored: string) => string {
    const letter = country[0] ?? '';
    const countries = loaded.get(letter);
    if (!countries) {
      if (letter !== '' && !this.waiting.has(letter)) {
        this.waiting.add(letter);
        load(letter)
          .then(() => this.host.requestUpdate(), () => {})
          .finally(() => this.waiting.delete(letter));
      }
      return asStored;
    }
    const list = countries[country]?.subdivisions;
    return (stored) => subdivisionName(list, stored, language);
  }
}
