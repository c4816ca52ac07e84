// The languages the elements speak, each a catalogue chunk loaded on demand, and which of them a
// BCP 47 tag means. Adding a language is one line in `catalogueLoaders` (docs/translations.md).
import type { Catalogue } from './catalogue.js';

type Loader = () => Promise<{ default: Catalogue }>;

// One static import() per language, so the bundler makes each its own chunk and the entry carries
// none of their words.
const catalogueLoaders = {
  en: () => import('./messages.js').then((module) => ({ default: module.en })),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  de: () => import('./de.js'),
  it: () => import('./it.js'),
  'pt-PT': () => import('./pt-pt.js'),
  'pt-BR': () => import('./pt-br.js'),
  nl: () => import('./nl.js'),
  ar: () => import('./ar.js'),
  he: () => import('./he.js'),
  fa: () => import('./fa.js'),
  ur: () => import('./ur.js'),
  tr: () => import('./tr.js'),
  uk: () => import('./uk.js'),
  ru: () => import('./ru.js'),
  hi: () => import('./hi.js'),
  bn: () => import('./bn.js'),
  'zh-Hans': () => import('./zh-hans.js'),
  'zh-Hant': () => import('./zh-hant.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  id: () => import('./id.js'),
  sw: () => import('./sw.js'),
  // The European Union's other official languages, one line each: bg cs da el et fi ga hr hu lt
  // lv mt pl ro sk sl sv.
} satisfies Record<string, Loader>;

export type Language = keyof typeof catalogueLoaders;

export const LANGUAGES = Object.keys(catalogueLoaders) as Language[];

export function loadCatalogue(language: Language): Promise<{ default: Catalogue }> {
  return (catalogueLoaders as Record<Language, Loader>)[language]();
}

const isLanguage = (code: string): code is Language => Object.hasOwn(catalogueLoaders, code);

/**
 * The language a tag ("es-MX", "zh-TW", "pt") speaks: the tag itself when it names a catalogue,
 * else Chinese by script and Portuguese by country (a bare "zh" is simplified, a bare "pt"
 * Brazilian, as CLDR's likely subtags say), else its primary subtag; English for the rest.
 */
export function languageOf(tag: string): Language {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return 'en';
  }
  const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const likely = locale.maximize();
  if (locale.language === 'zh') return likely.script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  if (locale.language === 'pt') return likely.region === 'BR' ? 'pt-BR' : 'pt-PT';
  return isLanguage(locale.language) ? locale.language : 'en';
}
