// Where a signature came from, as the proxy knows it and the service keeps it for abuse review
// (issue 18): the signer's network address (the proxy decides it behind its trusted reverse
// proxies), the page's utm_source and the referrer's host. Optional fields of the signed
// signature POST that only a proxy sends (docs/api.md "Where a signature came from"); personal
// data, so never logged, never in a public answer.
import { ATTRIBUTION_VALUE_MAX_LENGTH, type Attribution } from './consent.js';
import { parseIp } from './ip-address.js';

const ORIGIN_FIELDS = ['client_address', 'utm_source', 'referrer_host'] as const;
type OriginField = (typeof ORIGIN_FIELDS)[number];

export type SignatureOrigin = Partial<Record<OriginField, string>>;

/** A host name is at most this long (RFC 1035's 253 characters of a written name). */
const HOST_MAX_LENGTH = 253;
const HIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The host of an http(s) referrer, as the URL parser writes it; undefined for anything else. */
function referrerHostOf(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    // An http(s) URL always has a host: the URL parser refuses one without.
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/** What the proxy sends about a signature: only what it could read, nothing made up. */
export function signatureOrigin(clientAddress: string | undefined, attribution: Attribution): SignatureOrigin {
  const origin: SignatureOrigin = {};
  const address = clientAddress === undefined ? undefined : parseIp(clientAddress);
  if (address) origin.client_address = address.text;
  if (attribution.utm_source) origin.utm_source = attribution.utm_source;
  const host = referrerHostOf(attribution.referrer);
  if (host) origin.referrer_host = host;
  return origin;
}

/** The origin as parameters of the signed POST, in a fixed order. */
export function originPairs(origin: SignatureOrigin | undefined): Array<[string, string]> {
  return ORIGIN_FIELDS.flatMap((field) => (origin?.[field] ? [[field, origin[field]] as [string, string]] : []));
}

function isHost(value: string): boolean {
  if (value.length > HOST_MAX_LENGTH) return false;
  try {
    return new URL(`http://${value}/`).hostname === value;
  } catch {
    return false;
  }
}

/**
 * The origin fields of a submission's parameters, checked: `problems` holds one `field: message`
 * for each one that is sent but not what a proxy sends. Absent or empty fields are no origin.
 */
export function readOrigin(values: Record<string, unknown>): { origin: SignatureOrigin; problems: string[] } {
  const origin: SignatureOrigin = {};
  const problems: string[] = [];
  for (const field of ORIGIN_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') {
      problems.push(`${field}: must be text`);
    } else if (field === 'client_address') {
      const address = parseIp(value);
      if (address) origin.client_address = address.text;
      else problems.push('client_address: must be an IPv4 or IPv6 address, like 203.0.113.7 or 2001:db8::1');
    } else if (field === 'utm_source') {
      if (value.length > ATTRIBUTION_VALUE_MAX_LENGTH || HIDDEN_CHARACTERS.test(value)) {
        problems.push(`utm_source: must be at most ${ATTRIBUTION_VALUE_MAX_LENGTH} characters, without control characters`);
      } else origin.utm_source = value;
    } else if (isHost(value)) {
      origin.referrer_host = value;
    } else {
      problems.push('referrer_host: must be a host name in lower case, like www.example.org');
    }
  }
  return { origin, problems };
}
