// Which way an element's text runs: its own `dir`, else the nearest `dir` up the page (through
// shadow roots, as `lang` is found), else the way its language is written
// (src/shared/element-languages.ts). The page's `dir` wins
// over the language, as in HTML, where `lang` never sets a direction: an Arabic form in a page
// that declares `dir="ltr"` needs a `dir="rtl"` of its own.
import { nearestAttribute } from './nearest-attribute.js';

export type { Direction } from '../../shared/element-languages.js';
import type { Direction } from '../../shared/element-languages.js';

/** The `dir` in effect at an element, looking through shadow roots; "" when none says ltr or rtl. */
export function nearestDir(element: Element): Direction | '' {
  // `auto` and misspellings decide nothing here: the search goes on up.
  return nearestAttribute(element, 'dir', (value) => /^(ltr|rtl)$/i.test(value)).toLowerCase() as Direction | '';
}
