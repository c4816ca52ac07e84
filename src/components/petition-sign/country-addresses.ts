// The address rules of the country the form shows, loaded from the form's first touch (focus
// anywhere in it) for the country chosen: one small chunk per first letter of its code
// (src/shared/addresses/countries/), never the whole dataset in the bundle, and nothing for a page
// nobody touches. Until it arrives, or if it cannot, the form asks for the subdivision as free
// text and checks only what needs no data: the servers check the rest with the same rules.
import type { ReactiveControllerHost } from 'lit';
import type { AddressBook, CountryAddress } from '../../shared/addresses/country-address.js';

type Letters = typeof import('../../shared/addresses/countries/by-letter.js');
/** The table of the letters' chunks, itself a chunk asked for on the first touch. */
let letters: Promise<Letters> | undefined;

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
  private touched = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addEventListener(
      'focusin',
      () => {
        this.touched = true;
        host.requestUpdate();
      },
      { once: true },
    );
  }

  /** The rules loaded so far, for the signer schema. */
  readonly book: AddressBook = (countryCode) => loaded.get(countryCode[0] ?? '')?.[countryCode];

  /** The country's rules, or undefined while (or if) its chunk is not there; asks for it once touched. */
  of(countryCode: string): CountryAddress | undefined {
    const letter = countryCode[0] ?? '';
    if (this.touched && letter !== '' && !loaded.has(letter) && !this.waiting.has(letter)) {
      this.waiting.add(letter);
      letters ??= import('../../shared/addresses/countries/by-letter.js').catch((error: unknown) => {
        letters = undefined;
        throw error;
      });
      letters
        .then(({ BY_LETTER }) => {
          const load = BY_LETTER[letter];
          // A letter no country's code starts with has no rules to wait for.
          return load ? loadLetter(letter, load) : void loaded.set(letter, {});
        })
        .then(() => this.host.requestUpdate(), () => {})
        .finally(() => this.waiting.delete(letter));
    }
    return this.book(countryCode);
  }
}
