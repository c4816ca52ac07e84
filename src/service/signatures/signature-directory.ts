// How the console finds signatures: a petition's listed ones newest first, by page number and
// read as a range of listed positions like the API's pages (pagination.ts), the unlisted ones
// (hidden, unconfirmed, invalidated) by id, and a search by email, name or postal code that
// reads only indexes (search-keys.ts, search-index.ts).
import { emailIdentity } from './email-identity.js';
import { foldForSearch, ftsPrefixQuery, postalKey, prefixRangeEnd } from '../store/signatures/search-keys.js';
import { SEARCH_WAITS_FOR_BATCHES, indexWaitingSignatures } from './search-index.js';
import type { SignatureListRow } from '../store/signatures/signature-admin-store.js';
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
    const match = ftsPrefixQuery(petitionId, name, postal);
    if (match === '') return { rows: [], more: false };
    await indexWaitingSignatures(store, SEARCH_WAITS_FOR_BATCHES);
    found = await store.searchByText.all({
      petition_id: petitionId,
      match,
      name,
      name_end: prefixRangeEnd(name),
      postal,
      postal_end: prefixRangeEnd(postal),
      limit: SEARCH_LIMIT + 1,
    });
  }
  found.sort((a, b) => b.signed_on - a.signed_on || b.id - a.id);
  return { rows: found.slice(0, SEARCH_LIMIT), more: found.length > SEARCH_LIMIT };
}
