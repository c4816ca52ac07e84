// The languages a signer can be written to in (confirmation emails and pages): the elements'
// languages. A submission may name one (`lang`, docs/api.md "Submitting a signature"); anything
// else, or nothing, is English.

export const SIGNER_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl'] as const;

export type SignerLanguage = (typeof SIGNER_LANGUAGES)[number];

const KNOWN: ReadonlySet<string> = new Set(SIGNER_LANGUAGES);

/** `de`, `de-CH` and `de_DE` are German; an unknown or malformed tag is English. */
export function signerLanguage(tag: unknown): SignerLanguage {
  if (typeof tag !== 'string' || tag.length > 35) return 'en';
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0]!;
  return KNOWN.has(primary) ? (primary as SignerLanguage) : 'en';
}

/** The first of the reader's languages (an Accept-Language header, by weight) that we write in. */
export function preferredLanguage(acceptLanguage: string | undefined): SignerLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.toLowerCase().split(/[-_]/, 1)[0]!;
    if (KNOWN.has(primary)) return primary as SignerLanguage;
  }
  return 'en';
}

/** A page's language: the one its link or form names (`lang`, as a mail's links do), else the reader's. */
export function pageLanguage(named: string | undefined, acceptLanguage: string | undefined): SignerLanguage {
  const primary = named?.trim().toLowerCase().split(/[-_]/, 1)[0];
  return primary !== undefined && KNOWN.has(primary) ? (primary as SignerLanguage) : preferredLanguage(acceptLanguage);
}
