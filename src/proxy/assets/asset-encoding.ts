// Which content coding a script file is sent in, from the request's Accept-Encoding (RFC 9110
// 12.5.3), and the ETag each coding carries: the bytes differ, so a cache must never take one
// coding's answer for another's.

/** The codings the proxy keeps a script file in besides identity, best first. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** A qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** x-gzip is gzip (RFC 9110 8.4.1.3). */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };
/** Inside the ETag's quotes, so that each coding's tag is a different strong tag. */
const ETAG_SUFFIX: Record<ContentCoding, string> = { br: '-br', gzip: '-gz' };

/** Each coding the header names (lower case), with its weight; an entry with a malformed weight is left out. */
function weights(acceptEncoding: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (name === '') continue;
    let weight = 1;
    for (const parameter of parameters) {
      if (!/^q=/i.test(parameter)) continue;
      const match = QVALUE.exec(parameter);
      weight = match ? Number(match[1]) : Number.NaN;
    }
    if (!Number.isNaN(weight)) named.set(ALIASES[name.toLowerCase()] ?? name.toLowerCase(), weight);
  }
  return named;
}

/**
 * The coding to send, among those the file has: the highest weight above 0, br before gzip on a
 * tie; `*` weighs every coding the header does not name. Identity (undefined) without the header,
 * when nothing compressed is acceptable, or when the client weighs identity itself higher.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: Partial<Record<ContentCoding, unknown>>): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const named = weights(acceptEncoding);
  const weightOf = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  let best: ContentCoding | undefined;
  for (const coding of CONTENT_CODINGS) {
    if (available[coding] !== undefined && weightOf(coding) > 0 && (best === undefined || weightOf(coding) > weightOf(best))) best = coding;
  }
  if (best !== undefined && (named.get('identity') ?? 0) > weightOf(best)) return undefined;
  return best;
}

/** The ETag of the file sent in `coding`: the identity tag with a suffix inside its quotes. */
export function etagOf(identityEtag: string, coding: ContentCoding | undefined): string {
  if (coding === undefined) return identityEtag;
  return identityEtag.endsWith('"') ? `${identityEtag.slice(0, -1)}${ETAG_SUFFIX[coding]}"` : `${identityEtag}${ETAG_SUFFIX[coding]}`;
}
