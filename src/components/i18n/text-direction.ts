// Which way an element's text runs: its own `dir`, else the nearest `dir` up the page (through
// shadow roots, as `lang` is found), else the way its language is written. The page's `dir` wins
// over the language, as in HTML, where `lang` never sets a direction: an Arabic form in a page
// that declares `dir="ltr"` needs a `dir="rtl"` of its own.
import { nearestAttribute } from './nearest-attribute.js';

export type Direction = 'ltr' | 'rtl';

/** The right-to-left languages among ours, for browsers without Intl.Locale's text info. */
const RIGHT_TO_LEFT = ['ar', 'he', 'fa', 'ur'];

type TextInfo = { direction?: string };
type LocaleWithTextInfo = Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };

/** The direction a language is written in: "ar" -> rtl, "de" -> ltr. */
export function languageDirection(tag: string): Direction {
  let locale: LocaleWithTextInfo;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return 'ltr';
  }
  // getTextInfo() is the standard's name; Chromium and Safari shipped a `textInfo` getter first.
  const info = locale.getTextInfo?.() ?? locale.textInfo;
  if (info?.direction) return info.direction === 'rtl' ? 'rtl' : 'ltr';
  return RIGHT_TO_LEFT.includes(locale.language) ? 'rtl' : 'ltr';
}

/** The `dir` in effect at an element, looking through shadow roots; "" when none says ltr or rtl. */
export function nearestDir(element: Element): Direction | '' {
  // `auto` and misspellings decide nothing here: the search goes on up.
  const dir = nearestAttribute(element, 'dir', (value) => /^\s*(ltr|rtl)\s*$/i.test(value));
  return dir.trim().toLowerCase() as Direction | '';
}
