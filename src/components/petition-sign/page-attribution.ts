// Where the signer came from, as the page knows it: its utm_* parameters and the referrer, origin
// and path only (a referrer's query can carry another site's private data). The proxy checks and
// bounds them again (src/proxy/outbox/consent-check.ts).
import { ATTRIBUTION_PARAMETERS, ATTRIBUTION_VALUE_MAX_LENGTH, referrerOf, type Attribution } from '../../shared/consent.js';

export function pageAttribution(page: Location = location, referrer: string = document.referrer): Attribution {
  const attribution: Attribution = {};
  const query = new URLSearchParams(page.search);
  for (const name of ATTRIBUTION_PARAMETERS) {
    const value = query.get(name)?.trim();
    if (value) attribution[name] = value.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH);
  }
  const from = referrer ? referrerOf(referrer) : undefined;
  if (from) attribution.referrer = from;
  return attribution;
}
