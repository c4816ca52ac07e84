// The languages the elements speak and which of them a BCP 47 tag means: part of the chunk of
// catalogue-chunks.ts, not of the entry. Adding a language is a line here and one there (where its
// words are found); the compiler checks the two agree (docs/translations.md).

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
