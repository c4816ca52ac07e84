// The elements' English messages, keyed by id: the catalogue every other language copies
// (catalogue.ts) and the words shown for a language the elements do not have. `{name}` marks
// a placeholder; numbers arrive already formatted in the element's language. They travel in
// parts: what any element shows before anyone touches it, what each element shows first (in its
// own chunk), and the rest.
import { breakdownWords } from '../petition-breakdown/breakdown-words.js';
import { signWords } from '../petition-sign/sign-words.js';
import { signaturesWords } from '../petition-signatures/signatures-words.js';
import { enFirst } from './messages-first.js';
import { enLater } from './messages-later.js';

export const en = { ...enFirst, ...signWords, ...signaturesWords, ...breakdownWords, ...enLater };
