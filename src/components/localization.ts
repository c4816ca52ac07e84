// Which language the elements speak, and loading it. Text goes through @lit/localize in runtime
// mode, whose locale is global to the page: so the text language is page-wide. Each element
// resolves its own language (its `lang`, else the nearest `lang` up the page, else English) and,
// whenever that resolution changes (on connection, or when a `lang` attribute changes), makes
// it the page's locale; every petition element then re-renders in it. Numbers, dates and
// country names are formatted with each element's own language, which normally agrees.
import { configureLocalization, updateWhenLocaleChanges } from '@lit/localize';
import type { LocaleModule } from '@lit/localize';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { sourceLocale, targetLocales } from './generated/locale-codes.js';

type TargetLocale = (typeof targetLocales)[number];
export type Locale = typeof sourceLocale | TargetLocale;

// One chunk per language, fetched only when a page needs it, relative to this module's URL.
const loaders: Record<TargetLocale, () => Promise<LocaleModule>> = {
  es: () => import('./generated/locales/es.js'),
  fr: () => import('./generated/locales/fr.js'),
  de: () => import('./generated/locales/de.js'),
};

const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  loadLocale: (locale) => loaders[locale as TargetLocale](),
});

/** The supported locale for a BCP 47 tag: "es-MX" -> "es"; anything unsupported -> "en". */
export function localeFor(language: string): Locale {
  const primary = language.toLowerCase().split('-')[0] ?? '';
  return (targetLocales as readonly string[]).includes(primary) ? (primary as TargetLocale) : sourceLocale;
}

/**
 * A `lang` value as a tag Intl accepts: "de_DE" (a common slip) -> "de-DE"; "" for anything that
 * is not a language tag, which Intl formatters would otherwise throw on.
 */
function languageTag(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang.replace(/_/g, '-'))[0] ?? '';
  } catch {
    return '';
  }
}

/** The `lang` in effect at an element, looking through shadow roots up to the document. */
function nearestLang(element: Element): string {
  let node: Element | null = element;
  while (node) {
    const lang = node.getAttribute('lang');
    if (lang) return lang;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return '';
}

/**
 * Keeps an element's language current. `language` is the tag to give Intl formatters: the
 * element's own tag ("de-CH") while the page's text locale is its language, else the page's
 * text locale, so numbers, dates and country names never speak another language than the
 * words around them.
 */
export class LanguageController implements ReactiveController {
  /** The `lang` this element resolved to, or "en" when that language is not supported. */
  private ownLanguage: string = sourceLocale;
  private readonly observer = new MutationObserver(() => this.resolve());

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
    updateWhenLocaleChanges(host);
  }

  get language(): string {
    const pageLocale = getLocale();
    return localeFor(this.ownLanguage) === pageLocale ? this.ownLanguage : pageLocale;
  }

  hostConnected(): void {
    // Any `lang` change above the element (on <html>, an ancestor, or the element) may change
    // ours. An observer of the document does not see into shadow roots, so each shadow root the
    // element is nested in is observed too.
    const options: MutationObserverInit = { attributes: true, attributeFilter: ['lang'], subtree: true };
    for (let root = this.host.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
      this.observer.observe(root, options);
    }
    this.observer.observe(document.documentElement, options);
    this.observer.observe(this.host, { attributes: true, attributeFilter: ['lang'] });
    this.resolve(true);
  }

  hostDisconnected(): void {
    this.observer.disconnect();
  }

  private resolve(connecting = false): void {
    const lang = languageTag(nearestLang(this.host));
    const language = localeFor(lang) === sourceLocale && !lang.toLowerCase().startsWith('en') ? sourceLocale : lang;
    if (language === this.ownLanguage && !connecting) return;
    this.ownLanguage = language;
    this.host.requestUpdate();
    const locale = localeFor(language);
    if (getLocale() !== locale) {
      setLocale(locale).catch(() => {
        // A locale chunk that cannot load leaves the page in its current language.
      });
    }
  }
}
