// Where each language's catalogue is: one static import() per language, so the bundler makes each
// its own chunk, loaded when an element speaks it.
import type { Catalogue } from './catalogue.js';
import type { Language } from '../../shared/element-languages.js';

type Loader = () => Promise<{ default: Catalogue }>;
/**
 * English is not here: it travels in parts that translator.ts gathers itself, some in each
 * element's own chunk; a loader of all of it would make those parts chunks of their own.
 */
export type OtherLanguage = Exclude<Language, 'en'>;

const catalogueLoaders = {
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
  // The European Union's other official languages.
  bg: () => import('./bg.js'),
  cs: () => import('./cs.js'),
  da: () => import('./da.js'),
  el: () => import('./el.js'),
  et: () => import('./et.js'),
  fi: () => import('./fi.js'),
  ga: () => import('./ga.js'),
  hr: () => import('./hr.js'),
  hu: () => import('./hu.js'),
  lt: () => import('./lt.js'),
  lv: () => import('./lv.js'),
  mt: () => import('./mt.js'),
  pl: () => import('./pl.js'),
  ro: () => import('./ro.js'),
  sk: () => import('./sk.js'),
  sl: () => import('./sl.js'),
  sv: () => import('./sv.js'),
} satisfies Record<OtherLanguage, Loader>;

export function loadCatalogue(language: OtherLanguage): Promise<{ default: Catalogue }> {
  return catalogueLoaders[language]();
}
