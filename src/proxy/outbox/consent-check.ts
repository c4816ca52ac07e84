// The proxy's check of what a submission carries besides the signer's fields (src/shared/consent.ts):
// opt-ins only among those the petition offers, each recorded with the exact label the signer saw
// and its version; attribution only the utm_* parameters and an origin-and-path referrer, bounded.
// The browser is never trusted to have cleaned any of it.
import {
  ATTRIBUTION_PARAMETERS,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  LANGUAGE_TAG,
  OPT_IN_ID,
  optInLabel,
  referrerOf,
  type Attribution,
  type OptIn,
} from '../../shared/consent.js';

/** An opt-in as the signer agreed to it. */
interface AgreedOptIn {
  id: string;
  label: string;
  language: string;
  version: string;
}

export interface Consent {
  opt_ins: AgreedOptIn[];
  attribution: Attribution;
  /** The form's language, when it said one. */
  language?: string;
}

export type ConsentCheck = { ok: true; consent: Consent } | { ok: false; problems: string[] };

const HIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

function attributionOf(value: unknown, problems: string[]): Attribution {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push('attribution: must be an object of utm_* parameters and a referrer');
    return {};
  }
  const attribution: Attribution = {};
  for (const [name, raw] of Object.entries(value)) {
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string') {
      problems.push(`attribution: ${name} must be text`);
    } else if (name === 'referrer') {
      const referrer = referrerOf(raw);
      if (referrer) attribution.referrer = referrer;
      else problems.push('attribution: referrer must be an http or https URL');
    } else if ((ATTRIBUTION_PARAMETERS as readonly string[]).includes(name)) {
      if (raw.length > ATTRIBUTION_VALUE_MAX_LENGTH) problems.push(`attribution: ${name} must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters`);
      else if (HIDDEN_CHARACTERS.test(raw)) problems.push(`attribution: ${name} must not contain control characters`);
      else attribution[name as keyof Attribution] = raw.normalize('NFC');
    } else {
      problems.push(`attribution: ${name} is not a utm_* parameter or the referrer`);
    }
  }
  return attribution;
}

/** Checks the consent fields of a submission against the petition's opt-ins. */
export function checkConsent(body: Record<string, unknown>, offered: readonly OptIn[]): ConsentCheck {
  const problems: string[] = [];
  const languageValue = body['language'];
  let language: string | undefined;
  if (languageValue !== undefined && languageValue !== null) {
    if (typeof languageValue === 'string' && LANGUAGE_TAG.test(languageValue)) language = languageValue;
    else problems.push('language: must be a language tag like es or pt-BR');
  }

  const ids = body['opt_ins'] ?? [];
  const optIns: AgreedOptIn[] = [];
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || !OPT_IN_ID.test(id))) {
    problems.push('opt_ins: must be a list of opt-in ids');
  } else {
    for (const id of new Set(ids as string[])) {
      const optIn = offered.find((candidate) => candidate.id === id);
      if (!optIn) problems.push(`opt_ins: ${id} is not an opt-in of this petition`);
      else optIns.push({ id, ...optInLabel(optIn, language), version: optIn.version });
    }
  }

  const attribution = attributionOf(body['attribution'], problems);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, consent: { opt_ins: optIns, attribution, ...(language ? { language } : {}) } };
}
