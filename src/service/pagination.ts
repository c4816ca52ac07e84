// The signature list (docs/api.md "Reading signatures"): query parameters with their defaults and
// limits, and pages served as a range of dense listed positions, so depth costs nothing.
import type { Signature, SignaturePage, SortOrder } from '../shared/types.js';
import { ApiError } from './api-error.js';
import { countryName } from './country-names.js';
import { toIsoSeconds } from './iso-time.js';
import type { ListedSignatureRow, PetitionRow, Store } from './store.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const RECENT_COUNT = 10;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: SortOrder;
}

/**
 * A page number from 1. However many digits it has it is a page (beyond the last one: an empty
 * page, as decided); past 2^53 it is read as 2^53 - 1, which no petition reaches either.
 */
function pageNumber(text: string): number | null {
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) return null;
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/** Reads page, page_size and sort; every problem is one message naming its parameter. */
export function parseListQuery(query: (name: string) => string | undefined): ListQuery {
  const problems: string[] = [];
  let pageSize = DEFAULT_PAGE_SIZE;
  const pageSizeText = query('page_size');
  if (pageSizeText !== undefined) {
    // Above the maximum is not an error: the spec caps it, however long the number.
    const value = /^\d+$/.test(pageSizeText) && Number(pageSizeText) >= 1 ? Number(pageSizeText) : null;
    if (value === null) problems.push('page_size: must be a whole number from 1 (at most 100 are returned)');
    else pageSize = Math.min(value, MAX_PAGE_SIZE);
  }
  let page = 1;
  const pageText = query('page');
  if (pageText !== undefined) {
    const value = pageNumber(pageText);
    if (value === null) problems.push('page: must be a whole number from 1');
    else page = value;
  }
  const sortText = query('sort') ?? 'time_asc';
  if (sortText !== 'time_asc' && sortText !== 'time_desc') problems.push('sort: must be time_asc or time_desc');
  if (problems.length > 0) throw new ApiError(400, problems);
  return { page, pageSize, sort: sortText as SortOrder };
}

function listedCount(petition: PetitionRow): number {
  return petition.last_listed_position - petition.first_listed_position + 1;
}

function toSignature(row: ListedSignatureRow): Signature {
  return {
    name: `${row.first_name} ${row.last_name}`.trim(),
    city: row.city,
    state_province: row.state_province,
    country_name: countryName(row.country_code),
    country_code: row.country_code,
    signed_on: toIsoSeconds(row.signed_on),
  };
}

/**
 * The rows at list ranks [fromRank, toRank] (1-based, in the given order), read by position:
 * time_asc counts up from the first listed position, time_desc down from the last.
 */
function rowsAtRanks(store: Store, petition: PetitionRow, fromRank: number, toRank: number, sort: SortOrder): Signature[] {
  if (toRank < fromRank) return [];
  if (sort === 'time_asc') {
    const base = petition.first_listed_position - 1;
    return store.listedRange.all(petition.id, base + fromRank, base + toRank).map(toSignature);
  }
  const top = petition.last_listed_position + 1;
  return store.listedRange.all(petition.id, top - toRank, top - fromRank).map(toSignature).reverse();
}

function pageEndpoint(petitionId: number, page: number, query: ListQuery): string {
  return `/v1/petitions/${petitionId}/signatures?page=${page}&page_size=${query.pageSize}&sort=${query.sort}`;
}

export function signaturePage(store: Store, petition: PetitionRow, query: ListQuery): SignaturePage {
  const listed = listedCount(petition);
  const totalPages = Math.max(1, Math.ceil(listed / query.pageSize));
  const fromRank = (query.page - 1) * query.pageSize + 1;
  const toRank = Math.min(listed, query.page * query.pageSize);
  return {
    signature_count: petition.signature_count,
    // From beyond the last page, the way back is the last page itself.
    prev_page_endpoint: query.page > 1 ? pageEndpoint(petition.id, Math.min(query.page - 1, totalPages), query) : null,
    next_page_endpoint: query.page < totalPages ? pageEndpoint(petition.id, query.page + 1, query) : null,
    page: query.page,
    total_pages: totalPages,
    signatures: rowsAtRanks(store, petition, fromRank, toRank, query.sort),
  };
}

export function recentSignatures(store: Store, petition: PetitionRow): Signature[] {
  return rowsAtRanks(store, petition, 1, Math.min(RECENT_COUNT, listedCount(petition)), 'time_desc');
}
