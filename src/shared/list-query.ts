// The signature list's query parameters (docs/api.md "Reading signatures"): page from 1, any
// number of digits; page_size from 1, above the maximum read as the maximum; sort time_asc or
// time_desc. One rule for the service, which answers by it, and the signing proxy, which checks
// a browser's parameters by it before spending any of the service's budget on them.
import type { SortOrder } from './types.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: SortOrder;
}

export type ListQueryReading = { ok: true; query: ListQuery } | { ok: false; problems: string[] };

/**
 * A page number from 1. However many digits it has it is a page (beyond the last one: an empty
 * page, as decided); past 2^53 it is read as 2^53 - 1, which no petition reaches either.
 */
function pageNumber(text: string): number | null {
  if (!/^\d+$/.test(text) || /^0+$/.test(text)) return null;
  return Math.min(Number(text), Number.MAX_SAFE_INTEGER);
}

/** Reads page, page_size and sort; every problem is one message naming its parameter. */
export function readListQuery(query: (name: string) => string | undefined): ListQueryReading {
  const problems: string[] = [];
  let pageSize = DEFAULT_PAGE_SIZE;
  const pageSizeText = query('page_size');
  if (pageSizeText !== undefined) {
    // Above the maximum is not an error: the spec caps it, however long the number.
    const value = /^\d+$/.test(pageSizeText) && Number(pageSizeText) >= 1 ? Number(pageSizeText) : null;
    if (value === null) problems.push(`page_size: must be a whole number from 1 (at most ${MAX_PAGE_SIZE} are returned)`);
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
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, query: { page, pageSize, sort: sortText as SortOrder } };
}
