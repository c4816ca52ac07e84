// How the console finds a signer by name or postal code through an index rather than a scan:
// each signature keeps folded copies of its name (both orders) and postal code, and a search
// is a prefix range on them. Folding drops case and accents, so "emile" finds "Émile".

/** Printable ASCII has nothing to decompose: most names skip the Unicode work (every signature is folded). */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, no combining marks, single spaces: what both stored keys and searches are made of. */
export function foldForSearch(text: string): string {
  const decomposed = PLAIN_ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}+/gu, '');
  return decomposed.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** "ada lovelace": found by a search for "ada" or "ada lov". */
export function nameKey(firstName: string, lastName: string): string {
  return foldForSearch(`${firstName} ${lastName}`);
}

/** "lovelace ada": found by a search for "lovelace". */
export function surnameKey(firstName: string, lastName: string): string {
  return foldForSearch(`${lastName} ${firstName}`);
}

/** "sw1y4jh": postal codes are compared without spaces, so "SW1Y 4JH" and "sw1y4jh" agree. */
export function postalKey(postalCode: string): string {
  return foldForSearch(postalCode).replace(/ /g, '');
}

/** The end of a prefix range: every key that starts with `prefix` sorts below it. */
export function prefixRangeEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Something FTS5's tokenizer keeps as a term: a letter or a digit. */
const TERM_CHARACTER = /[\p{L}\p{N}]/u;

/** An FTS5 phrase matching a column's start, its last term a prefix: `^ "ada lov" *`. */
function startsWith(columns: string, text: string): string | undefined {
  return TERM_CHARACTER.test(text) ? `${columns} : ^ "${text.replaceAll('"', '""')}" *` : undefined;
}

/**
 * The FTS5 query (search-migrations.ts's table) for signatures of `petitionId` whose folded
 * name, in either order, starts with `name`, or whose postal key starts with `postal`: the
 * prefix ranges above, as its terms. '' when neither has a term to look for.
 */
export function ftsPrefixQuery(petitionId: number, name: string, postal: string): string {
  // The petition's term, `p` and its id, is written by search-store.ts's indexSignatures (and
  // the migration that built the table) as 'p' || petition_id.
  const either = [startsWith('{name surname}', name), startsWith('postal', postal)].filter(Boolean);
  return either.length === 0 ? '' : `petition : p${petitionId} AND (${either.join(' OR ')})`;
}
