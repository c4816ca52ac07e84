// The address rules of the country the form shows, loaded when that country is chosen: one small
// chunk per first letter of its code (src/shared/addresses/countries/), never the whole dataset in the
// bundle. Until it arrives, or if it cannot, the form asks for the subdivision as free text and
// checks only what needs no data: the servers check the rest with the same rules.
import type { ReactiveControllerHost } from 'lit';
import type { AddressBook, CountryAddress } from '../../shared/addresses/country-address.js';
import { BY_LETTER } from '../../shared/addresses/countries/by-letter.js';

const loaded = new Map<string, Record<string, CountryAddress>>();
/** Chunks on their way, shared by every form on the page that waits for them. */
const pending = new Map<string, Promise<void>>();

function loadLetter(letter: string, load: () => Promise<{ default: Record<string, CountryAddress> }>): Promise<void> {
  let promise = pending.get(letter);
  if (!promise) {
    promise = load()
      .then((module) => void loaded.set(letter, module.default))
      // Failed, the next form or choice of country asks again.
      .finally(() => pending.delete(letter));
    pending.set(letter, promise);
  }
  return promise;
}

export class CountryAddresses {
  /** The letters this form waits for: each form renders again when its chunk arrives. */
  private readonly waiting = new Set<string>();

  constructor(private readonly host: ReactiveControllerHost) {}

  /** The rules loaded so far, for the signer schema. */
  readonly book: AddressBook = (countryCode) => loaded.get(countryCode[0] ?? '')?.[countryCode];

  /** The country's rules, or undefined while (or if) its chunk is not there; asks for it once. */
  of(countryCode: string): CountryAddress | undefined {
    const letter = countryCode[0] ?? '';
    const load = BY_LETTER[letter];
    if (load && !loaded.has(letter) && !this.waiting.has(letter)) {
      this.waiting.add(letter);
      loadLetter(letter, load)
        .then(() => this.host.requestUpdate(), () => {})
        .finally(() => this.waiting.delete(letter));
    }
    return this.book(countryCode);
  }
}
