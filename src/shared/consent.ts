// What a signature carries besides the signer's fields, as the form sends it and the proxy checks
// it: the opt-ins the signer ticked (ids of the petition's configured opt-ins), where they came
// from (the page's utm_* parameters and its referrer, origin and path only) and the language the
// form spoke, so the campaign learns the exact words the signer agreed to.

export const ATTRIBUTION_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
type AttributionParameter = (typeof ATTRIBUTION_PARAMETERS)[number];

/** A utm_* value is at most this long (in UTF-16 units)… */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 200;
/** …and the referrer, an origin and a path, at most this. */
export const REFERRER_MAX_LENGTH = 1000;
/** An opt-in's id: what the form sends back, and what the campaign's CRM sees. */
export const OPT_IN_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** The opt-ins one petition may offer. */
export const OPT_INS_MAX = 10;
/** A language tag as the form sends it (`es`, `pt-BR`). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

import { languageOf } from './element-languages.js';
import type { SignerInput } from './signer-fields.js';

export type Attribution = Partial<Record<AttributionParameter | 'referrer', string>>;

/** The part of a submission the form adds to the signer's fields. */
interface ConsentFields {
  opt_ins?: string[];
  attribution?: Attribution;
  language?: string;
}

/** What the form posts to the proxy: the signer's fields, the consent fields, and the honeypot. */
export type SignatureSubmission = SignerInput & ConsentFields & { website?: string };

/** An opt-in a petition offers, as the proxy's config and summary hold it. */
export interface OptIn {
  id: string;
  /** The checkbox's words by language; `en` is required and stands in for the others. */
  label: Record<string, string>;
  /** Which wording this is: the campaign's CRM records consent to a version. */
  version: string;
}

/**
 * An opt-in's label in a language: the tag, else the elements' language for it (zh-TW's words
 * are zh-Hant's, pt's pt-BR's), else its primary subtag, else English. Tags match whatever their
 * case ("zh-hant" in a config). The form and the proxy both call this with the form's tag, so
 * the campaign records the words the signer saw.
 */
export function optInLabel(optIn: OptIn, language: string | undefined): { label: string; language: string } {
  const keys = Object.keys(optIn.label);
  for (const candidate of [language, language && catalogueOf(language), language?.split('-')[0]]) {
    const key = candidate && keys.find((k) => k.toLowerCase() === candidate.toLowerCase());
    if (key) return { label: optIn.label[key]!, language: key };
  }
  return { label: optIn.label['en'] ?? '', language: 'en' };
}

/** The elements' language for a tag; none for a tag Intl refuses (LANGUAGE_TAG lets some through). */
function catalogueOf(tag: string): string | undefined {
  try {
    return languageOf(tag);
  } catch {
    return undefined;
  }
}

/** The referrer as it may travel: origin and path of an http(s) URL, nothing else (no query, no fragment). */
export function referrerOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return `${parsed.origin}${parsed.pathname}`.slice(0, REFERRER_MAX_LENGTH);
  } catch {
    return undefined;
  }
}
