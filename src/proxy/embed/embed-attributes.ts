// Which of an element's documented attributes (README.md "The elements") an embed page takes from
// its query, and the values each may have. Anything else is ignored. Left out on purpose:
// `endpoint` (the form on this proxy's origin would send signers' data wherever a link said) and
// `thanks-url` (a link to this proxy could send a signer on to any page once they signed; in a
// frame it would only move the frame). `share-url` must be on an origin that may frame the page.

import { languageOf } from '../../shared/element-languages.js';

export type EmbedKind = 'sign' | 'signatures';

/** The longest `submit-label` taken: a button's words, not a paragraph. */
const LABEL_MAX_LENGTH = 80;
const HIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** A value as the page writes it, or undefined when the query's value is not one the attribute takes. */
type AttributeRule = (value: string, frameOrigins: ReadonlySet<string>) => string | undefined;

const oneOf = (...choices: string[]): AttributeRule => (value) => (choices.includes(value) ? value : undefined);

const wholeNumber = (min: number, max: number): AttributeRule => (value) => {
  if (!/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? String(number) : undefined;
};

/** A boolean attribute: present (`?hide-phone` or `?hide-phone=true`), or left out. */
const flag: AttributeRule = (value) => (value === '' || value === 'true' ? '' : undefined);

const showTokens: AttributeRule = (value) => {
  const tokens = value.split(/\s/).filter(Boolean);
  return tokens.length > 0 && tokens.every((token) => token === 'title' || token === 'overview') ? [...new Set(tokens)].join(' ') : undefined;
};

const label: AttributeRule = (value) => {
  const text = value.trim();
  return text !== '' && text.length <= LABEL_MAX_LENGTH && !HIDDEN_CHARACTERS.test(text) ? text : undefined;
};

const urlOnFramingOrigin: AttributeRule = (value, frameOrigins) => {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return frameOrigins.has(url.origin) ? url.href : undefined;
};

const ATTRIBUTES: Record<EmbedKind, Record<string, AttributeRule>> = {
  sign: {
    show: showTokens,
    goal: wholeNumber(1, 1_000_000_000),
    country: (value) => (/^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined),
    'submit-label': label,
    'share-url': urlOnFramingOrigin,
    'notice-position': oneOf('above', 'below'),
    'hide-phone': flag,
    'hide-reason': flag,
  },
  signatures: {
    mode: oneOf('recent', 'list'),
    refresh: wholeNumber(0, 86_400),
    'page-size': wholeNumber(1, 100),
    sort: oneOf('time_desc', 'time_asc'),
  },
};

export interface EmbedQuery {
  /** The element's attributes besides `petition-id`, in the order the query gave them. */
  attributes: Array<[name: string, value: string]>;
  /** The page's language (`lang`, a canonical tag of one the elements speak), else English. */
  language: string;
}

/** The attributes of an embed page's element, from its query (`get` reads the first value of a name). */
export function embedQuery(kind: EmbedKind, names: readonly string[], get: (name: string) => string | undefined, frameOrigins: ReadonlySet<string>): EmbedQuery {
  const rules = ATTRIBUTES[kind];
  const attributes: Array<[string, string]> = [];
  for (const name of new Set(names)) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    const value = rule?.(get(name) ?? '', frameOrigins);
    if (value !== undefined) attributes.push([name, value]);
  }
  // No lang and a lang that is no tag both give English ('' is no tag): the mutant of the '' is equivalent.
  // Stryker disable next-line StringLiteral
  return { attributes, language: pageLanguage(get('lang') ?? '') };
}

/**
 * The `lang` as a canonical tag ("pt_br" -> "pt-BR") when it names a language the elements speak
 * (src/shared/element-languages.ts, region and script kept for numbers and dates), else English.
 */
function pageLanguage(lang: string): string {
  let tag: string;
  try {
    // One tag in, one out: it throws rather than answer none.
    tag = Intl.getCanonicalLocales(lang.replace(/_/g, '-'))[0]!;
  } catch {
    return 'en';
  }
  // English itself needs no case of its own: it is what anything else becomes.
  return languageOf(tag) !== 'en' || tag.startsWith('en-') ? tag : 'en';
}
