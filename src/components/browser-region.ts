// The signer's likely country, for preselecting the country select: the region subtag of the
// browser's language (en-GB -> GB). A bare language ("fr") says nothing about where someone lives.
import { isCountryCode } from '../shared/countries.js';

export function browserRegion(language: string | undefined = globalThis.navigator?.language): string | undefined {
  if (!language) return undefined;
  try {
    const region = new Intl.Locale(language).region;
    return region && isCountryCode(region) ? region : undefined;
  } catch {
    return undefined;
  }
}
