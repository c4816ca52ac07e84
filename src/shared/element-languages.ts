// The languages the elements speak, which of them a BCP 47 tag means, and which way each is
// written: for the elements (src/components/i18n/) and for the proxy's embed pages
// (src/proxy/embed/), which take the same `lang`. Adding a language is a line here and one in
// src/components/i18n/catalogue-chunks.ts (where its words are found); the compiler checks the two
// agree (docs/translations.md).

export const LANGUAGES = [
  'en', 'es', 'fr', 'de', 'it', 'pt-PT', 'pt-BR', 'nl',
  'ar', 'he', 'fa', 'ur', 'tr', 'uk', 'ru', 'hi', 'bn', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'id', 'sw',
  // The European Union's other official languages.
  'bg', 'cs', 'da', 'el', 'et', 'fi', 'ga', 'hr', 'hu', 'lt', 'lv', 'mt', 'pl', 'ro', 'sk', 'sl', 'sv',
] as const;

export type Language = (typeof LANGUAGES)[number];

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/**
 * The language a valid tag ("es-MX", "zh-TW", "pt") speaks: the tag itself when it names a
 * catalogue, else Chinese by script and Portuguese by country (a bare "zh" is simplified, a bare
 * "pt" Brazilian, as CLDR's likely subtags say), else its primary subtag; English for the rest.
 */
export function languageOf(tag: string): Language {
  if (isLanguage(tag)) return tag;
  const locale = new Intl.Locale(tag);
  const likely = locale.maximize();
  if (locale.language === 'zh') return likely.script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  if (locale.language === 'pt') return likely.region === 'BR' ? 'pt-BR' : 'pt-PT';
  return isLanguage(locale.language) ? locale.language : 'en';
}

export type Direction = 'ltr' | 'rtl';

/**
 * The right-to-left languages among ours. A list, not Intl.Locale's text info (getTextInfo(), or
 * the older textInfo getter): direction is only asked of our own languages, for which the list is
 * exact and lighter in the elements' code than the lookup.
 * test/components/localization.test.ts checks it against the browser's text info for every
 * language the elements offer, so a new right-to-left language cannot be missed.
 */
const RIGHT_TO_LEFT: string[] = ['ar', 'he', 'fa', 'ur'];

/** The direction one of our languages is written in: "ar" -> rtl, "de" -> ltr. */
export function languageDirection(language: Language): Direction {
  return RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr';
}
