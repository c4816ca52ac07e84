// The elements' English messages, keyed by id: the catalogue every other language copies
// (catalogue.ts) and the words shown for a language the elements do not have. `{name}` marks
// a placeholder; numbers arrive already formatted in the element's language. They travel in two
// chunks: what the elements show before anyone touches them, and the rest.
import { enFirst } from './messages-first.js';
import { enLater } from './messages-later.js';

export const en = { ...enFirst, ...enLater };
