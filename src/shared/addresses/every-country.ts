// The servers' address book: every country's rules, loaded at start (about 70 KB of data).
import type { AddressBook } from './country-address.js';
import { EVERY_COUNTRY } from './countries/every-country.js';

export const everyCountry: AddressBook = (countryCode) => EVERY_COUNTRY[countryCode];
