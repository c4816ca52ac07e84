// Each element speaks its own language: its `lang`, else the nearest `lang` up the page (through
// shadow roots), else English, in the direction text-direction.ts finds. Words come from that
// language's catalogue (src/shared/element-languages.ts says which), a chunk of its own loaded on
// demand; numbers, dates and country names are formatted in the same language, so a Spanish and a
// German form on one page each speak their own. A language the elements do not have falls back to
// English words and English formats. English comes in parts: the words any element shows before
// anyone touches it (messages-first.ts, in the shared chunk with this module), those each element
// shows first (handed over by the element from its own chunk), and the rest (messages-later.ts, a
// chunk asked for on an element's first touch or when a message first needs it); the table of the
// other languages' chunks loads only when one is spoken.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Catalogue, Message, MessageId } from './catalogue.js';
import type { OtherLanguage } from './catalogue-chunks.js';
import { languageOf, languageDirection, type Language } from '../../shared/element-languages.js';
import { englishWholeNumber } from './english-number.js';
import { enFirst } from './messages-first.js';
import { nearestAttribute } from './nearest-attribute.js';
import { nearestDir, type Direction } from './text-direction.js';

/** The English words here so far: the shared first words, and each defined element's own. */
const english: Partial<Catalogue> = { ...enFirst };
const catalogues = new Map<Language, Partial<Catalogue>>([['en', english]]);
const loading = new Map<Language, Promise<boolean>>();
/** Languages whose chunk could not be loaded the last time it was asked for: English stands in. */
const failed = new Set<Language>();
/** English's second chunk: its words once arrived, and the request for it once made. */
let laterWords: Partial<Catalogue> | undefined;
let englishLater: Promise<boolean> | undefined;

function catalogueOf(language: OtherLanguage): Promise<Partial<Catalogue>> {
  return import('./catalogue-chunks.js').then((chunks) => chunks.loadCatalogue(language)).then((module) => module.default);
}

/** Loads a language's catalogue once; false when its chunk could not be loaded (tried again later). */
function load(language: Language): Promise<boolean> {
  if (language === 'en' || catalogues.has(language)) return Promise.resolve(true);
  let pending = loading.get(language);
  if (!pending) {
    pending = catalogueOf(language).then(
      (catalogue) => (failed.delete(language), catalogues.set(language, catalogue), true),
      () => (failed.add(language), loading.delete(language), false),
    );
    loading.set(language, pending);
  }
  return pending;
}

/** Asks for the rest of English once; false when it could not be loaded (asked again at the next need). */
function loadEnglishLater(): Promise<boolean> {
  englishLater ??= import('./messages-later.js').then(
    (module) => ((laterWords = module.enLater), true),
    () => ((englishLater = undefined), false),
  );
  return englishLater;
}

/** A `lang` value as a tag Intl accepts: "de_DE" (a common slip) -> "de-DE"; "" when it is none. */
function languageTag(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang.replace(/_/g, '-'))[0] ?? '';
  } catch {
    return '';
  }
}

/** One of a kind a language: making an Intl object costs far more than using it (ICU's data is read then). */
function perTag<T>(make: (tag: string) => T): (tag: string) => T {
  const made = new Map<string, T>();
  return (tag) => {
    let value = made.get(tag);
    if (value === undefined) made.set(tag, (value = make(tag)));
    return value;
  };
}
const numberFormat = perTag((tag) => new Intl.NumberFormat(tag));
const pluralRule = perTag((tag) => new Intl.PluralRules(tag));

/** `{name}` placeholders filled in; a value may be a template (a link), so the result is parts. */
function fill(text: string, values: Record<string, unknown>): unknown[] {
  return text.split(/\{(\w+)\}/).map((piece, index) => (index % 2 === 1 ? values[piece] ?? `{${piece}}` : piece));
}

export class Translator implements ReactiveController {
  /** The element's language tag for Intl ("de-CH"), or "en" for a language the elements lack. */
  tag = 'en';
  language: Language = 'en';
  /** The way the element's text runs: its `dir`, the page's, else its language's. */
  dir: Direction = 'ltr';
  private readonly observer = new MutationObserver(() => this.resolve());

  /** `firstWords`: the English words the element shows before it is touched (messages-first.ts). */
  constructor(private readonly host: ReactiveControllerHost & HTMLElement, firstWords: Partial<Catalogue>) {
    Object.assign(english, firstWords);
    host.addController(this);
  }

  hostConnected(): void {
    // Any `lang` or `dir` change above the element (on <html>, an ancestor, or the element) may
    // change its language or direction. An observer of the document does not see into shadow
    // roots, so each shadow root the element is nested in is observed too.
    const attributeFilter = ['lang', 'dir'];
    const options: MutationObserverInit = { attributes: true, attributeFilter, subtree: true };
    for (let root = this.host.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) {
      this.observer.observe(root, options);
    }
    this.observer.observe(document.documentElement, options);
    this.observer.observe(this.host, { attributes: true, attributeFilter });
    this.host.addEventListener('focusin', this.touched);
    this.resolve();
  }

  hostDisconnected(): void {
    this.observer.disconnect();
    this.host.removeEventListener('focusin', this.touched);
  }

  /** A first touch: the words a signer's actions bring up are asked for now, before they are needed. */
  private readonly touched = (): void => {
    this.host.removeEventListener('focusin', this.touched);
    void loadEnglishLater();
  };

  /**
   * Whether words can be shown: the element's language, or English in its place, is loaded.
   * Until then an element shows only its fallback content.
   */
  get ready(): boolean {
    // Not English words first and the page's language a moment later: English stands in only for
    // a language whose chunk failed.
    return catalogues.has(this.language) || (failed.has(this.language) && catalogues.has('en'));
  }

  /**
   * Whether every word a signer's actions bring up is here: the element's own language's (a
   * whole catalogue), or English's second chunk where English is spoken or stands in.
   */
  get allWordsHere(): boolean {
    return (this.language !== 'en' && catalogues.has(this.language)) || laterWords !== undefined;
  }

  /** Asks for those words; false when they could not be loaded (asked again at the next need). */
  allWords(): Promise<boolean> {
    return this.allWordsHere ? Promise.resolve(true) : loadEnglishLater();
  }

  /** The message as text. Numbers among `values` are formatted in the element's language. */
  t(id: MessageId, values: Record<string, string | number> = {}): string {
    return this.parts(id, values).join('');
  }

  /** The message as parts for a template, when a placeholder is markup (a link). */
  parts(id: MessageId, values: Record<string, unknown> = {}): unknown[] {
    const formatted = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'number' ? this.number(value) : value]),
    );
    return fill(this.pick(id, values['count']), formatted);
  }

  /** A number in the element's language: 12,345 / 12.345 / 12 345. */
  number(value: number): string {
    return englishWholeNumber(this.tag, value) ?? numberFormat(this.tag).format(value);
  }

  /** The text of a message; for a plural one, the form the language uses for `count`. */
  private pick(id: MessageId, count: unknown): string {
    const catalogue = catalogues.get(this.language) ?? catalogues.get('en');
    if (!catalogue) return '';
    const message: Message | undefined = catalogue[id] ?? laterWords?.[id];
    if (message === undefined) {
      // In English's second chunk, not here yet: shown once it has arrived.
      void loadEnglishLater().then((loaded) => loaded && this.host.requestUpdate());
      return '';
    }
    if (typeof message === 'string') return message;
    return message[pluralRule(this.tag).select(Number(count))] ?? message.other;
  }

  private resolve(): void {
    const tag = languageTag(nearestAttribute(this.host, 'lang'));
    const language = tag ? languageOf(tag) : 'en';
    // An unsupported language speaks English with English formats, never English words
    // around Swedish numbers.
    const resolvedTag = language === 'en' && !tag.startsWith('en') ? 'en' : tag || 'en';
    const dir = nearestDir(this.host) || languageDirection(language);
    if (resolvedTag !== this.tag || language !== this.language || dir !== this.dir) {
      this.tag = resolvedTag;
      this.language = language;
      this.dir = dir;
      this.host.requestUpdate();
    }
    // Words not here yet: render again once they are (English stands in if a language's chunk
    // cannot load; English that cannot load is asked for again by the next element).
    for (const wanted of new Set<Language>([language, 'en'])) {
      if (!catalogues.has(wanted)) void load(wanted).then(() => this.host.requestUpdate());
    }
  }
}
