// The signature list (docs/api.md "Reading signatures"): query parameters with their defaults and
// limits, and pages served as a range of dense listed positions, so depth costs nothing.
import { readListQuery, type ListQuery } from '../../shared/list-query.js';
import type { Signature, SignaturePage, SortOrder } from '../../shared/types.js';
import { ApiError } from '../errors/api-error.js';
import { countryName } from './country-names.js';
import { toIsoSeconds } from '../petitions/iso-time.js';
import type { ListedSignatureRow, PetitionRow, Store } from '../store/store.js';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListQuery } from '../../shared/list-query.js';
export const RECENT_COUNT = 10;

/** Reads page, page_size and sort by the rule the proxy checks them by too (src/shared/list-query.ts). */
export function parseListQuery(query: (name: string) => string | undefined): ListQuery {
  const reading = readListQuery(query);
  if (!reading.ok) throw new ApiError(400, reading.problems);
  return reading.query;
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
async function rowsAtRanks(store: Store, petition: PetitionRow, fromRank: number, toRank: number, sort: SortOrder): Promise<Signature[]> {
  if (toRank < fromRank) return [];
  if (sort === 'time_asc') {
    const base = petition.first_listed_position - 1;
    return (await store.listedRange.all(petition.id, base + fromRank, base + toRank)).map(toSignature);
  }
  const top = petition.last_listed_position + 1;
  return (await store.listedRange.all(petition.id, top - toRank, top - fromRank)).map(toSignature).reverse();
}

function pageEndpoint(petitionId: number, page: number, query: ListQuery): string {
  return `/v1/petitions/${petitionId}/signatures?page=${page}&page_size=${query.pageSize}&sort=${query.sort}`;
}

export async function signaturePage(store: Store, petition: PetitionRow, query: ListQuery): Promise<SignaturePage> {
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
    signatures: await rowsAtRanks(store, petition, fromRank, toRank, query.sort),
  };
}

export async function recentSignatures(store: Store, petition: PetitionRow): Promise<Signature[]> {
  return rowsAtRanks(store, petition, 1, Math.min(RECENT_COUNT, listedCount(petition)), 'time_desc');
}
