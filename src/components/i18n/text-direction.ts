// Which way an element's text runs: its own `dir`, else the nearest `dir` up the page (through
// shadow roots, as `lang` is found), else the way its language is written. The page's `dir` wins
// over the language, as in HTML, where `lang` never sets a direction: an Arabic form in a page
// that declares `dir="ltr"` needs a `dir="rtl"` of its own.
import type { Language } from './languages.js';
import { nearestAttribute } from './nearest-attribute.js';

export type Direction = 'ltr' | 'rtl';

/**
 * The right-to-left languages among ours. A list, not Intl.Locale's text info (getTextInfo(), or
 * the older textInfo getter): direction is only asked of our own languages, for which the list is
 * exact and lighter in the entry (test/bundle/bundle.test.ts) than the lookup.
 * test/components/localization.test.ts checks it against the browser's text info for every
 * language the elements offer, so a new right-to-left language cannot be missed.
 */
const RIGHT_TO_LEFT: string[] = ['ar', 'he', 'fa', 'ur'];

/** The direction one of our languages is written in: "ar" -> rtl, "de" -> ltr. */
export function languageDirection(language: Language): Direction {
  return RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr';
}

/** The `dir` in effect at an element, looking through shadow roots; "" when none says ltr or rtl. */
export function nearestDir(element: Element): Direction | '' {
  // `auto` and misspellings decide nothing here: the search goes on up.
  return nearestAttribute(element, 'dir', (value) => /^(ltr|rtl)$/i.test(value)).toLowerCase() as Direction | '';
}
