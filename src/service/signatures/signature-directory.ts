// How the console finds signatures: a petition's listed ones newest first, by page number and
// read as a range of listed positions like the API's pages (pagination.ts), the unlisted ones
// (hidden, unconfirmed, invalidated) by id, and a search by email, name or postal code that
// reads only index ranges (search-keys.ts).
import { emailIdentity } from './email-identity.js';
import { foldForSearch, postalKey, prefixRangeEnd } from '../store/search-keys.js';
import type { SignatureListRow } from '../store/signature-admin-store.js';
import type { PetitionRow, Store } from '../store/store.js';

const CONSOLE_PAGE_SIZE = 50;
/** A search shows at most this many; more means the operator should type more of the name. */
const SEARCH_LIMIT = 100;

export interface ListedPage {
  rows: SignatureListRow[];
  page: number;
  totalPages: number;
}

export async function listedSignaturesPage(store: Store, petition: PetitionRow, page: number): Promise<ListedPage> {
  const listed = petition.last_listed_position - petition.first_listed_position + 1;
  const totalPages = Math.max(1, Math.ceil(listed / CONSOLE_PAGE_SIZE));
  const top = petition.last_listed_position - (page - 1) * CONSOLE_PAGE_SIZE;
  const bottom = Math.max(petition.first_listed_position, top - CONSOLE_PAGE_SIZE + 1);
  const rows = top < petition.first_listed_position ? [] : await store.listedNewestFirst.all(petition.id, bottom, top);
  return { rows, page, totalPages };
}

export interface UnlistedPage {
  rows: SignatureListRow[];
  /** The `before` of the next page, or null on the last one. */
  next: number | null;
}

/** Newest first by id; `before` is where the previous page ended. */
export async function unlistedSignaturesPage(store: Store, petitionId: number, before: number | null): Promise<UnlistedPage> {
  const rows = await store.unlistedBefore.all(petitionId, before ?? Number.MAX_SAFE_INTEGER, CONSOLE_PAGE_SIZE + 1);
  const page = rows.slice(0, CONSOLE_PAGE_SIZE);
  return { rows: page, next: rows.length > CONSOLE_PAGE_SIZE ? page[page.length - 1]!.id : null };
}

export interface SearchResult {
  rows: SignatureListRow[];
  /** More than SEARCH_LIMIT matched. */
  more: boolean;
}

/**
 * Text with an @ is an email address, matched as the duplicate rule matches them
 * (email-identity.ts); anything else is the start of a name (either order) or a postal code.
 */
export async function searchSignatures(store: Store, petitionId: number, query: string): Promise<SearchResult> {
  const text = query.trim();
  if (text === '') return { rows: [], more: false };
  let found: SignatureListRow[];
  if (text.includes('@')) {
    found = await store.searchByEmail.all(petitionId, emailIdentity(text));
  } else {
    const name = foldForSearch(text);
    const postal = postalKey(text);
    const limit = SEARCH_LIMIT + 1;
    const byId = new Map<number, SignatureListRow>();
    const matches = [
      ...(name ? await store.searchByName.all(petitionId, name, prefixRangeEnd(name), limit) : []),
      ...(name ? await store.searchBySurname.all(petitionId, name, prefixRangeEnd(name), limit) : []),
      ...(postal ? await store.searchByPostalCode.all(petitionId, postal, prefixRangeEnd(postal), limit) : []),
    ];
    for (const row of matches) byId.set(row.id, row);
    found = [...byId.values()];
  }
  found.sort((a, b) => b.signed_on - a.signed_on || b.id - a.id);
  return { rows: found.slice(0, SEARCH_LIMIT), more: found.length > SEARCH_LIMIT };
}
