// Which of a petition's signatures a bulk invalidation takes, as the operator writes it in the
// console: an address range (CIDR), an email domain (and its subdomains), a time window (from,
// inclusive, before, exclusive, in UTC: consecutive windows never overlap), the page's
// utm_source, the referrer's host, the key request's source website, or a name pattern (a
// case-insensitive substring, or a glob with * and ?; never a regular expression). Every
// condition given must hold; at least one is required.
import { formatIpRange, parseIpRange } from '../../shared/ip-address.js';
import { utcTime } from '../../shared/utc-time.js';
import { rangeKeys } from '../store/signatures/address-key.js';
import type { InvalidationFilterParams } from '../store/abuse/invalidation-store.js';
import { foldForSearch } from '../store/signatures/search-keys.js';
import { readEmailDomain } from './block-list.js';

export const FILTER_FIELDS = ['range', 'domain', 'from', 'before', 'utm_source', 'referrer_host', 'source', 'name'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The filter as the operator wrote it, each value in its canonical form; what the batch and the audit log record. */
export type FilterText = Partial<Record<FilterField, string>>;

interface FilterProblem {
  field: FilterField;
  message: string;
}

export type ReadFilter = { ok: true; text: FilterText; params: InvalidationFilterParams } | { ok: false; problems: FilterProblem[] };

const TEXT_MAX_LENGTH = 1000;
const NAME_MAX_LENGTH = 100;
const UTC_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?$/;

function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A time as the console writes them (UTC, to the second or the minute), in milliseconds. */
function readUtcTime(text: string): number | undefined {
  const match = UTC_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  return utcTime(year, month, day, hour, minute, second);
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** A name pattern as a LIKE pattern over the folded name: * and ? as wildcards, else a substring. */
function nameLike(pattern: string): string {
  const folded = foldForSearch(pattern);
  if (!/[*?]/.test(folded)) return `%${likeEscaped(folded)}%`;
  return likeEscaped(folded).replace(/\*/g, '%').replace(/\?/g, '_');
}

/** Reads the form's filter fields (absent or blank ones are no condition). */
export function readInvalidationFilter(petitionId: number, form: Partial<Record<string, string>>): ReadFilter {
  const problems: FilterProblem[] = [];
  const text: FilterText = {};
  const params: InvalidationFilterParams = {
    petition_id: petitionId,
    ip_low: null,
    ip_high: null,
    ip_skip_low: null,
    ip_skip_high: null,
    domain: null,
    domain_suffix: null,
    signed_from: null,
    signed_before: null,
    utm_source: null,
    referrer_host: null,
    source: null,
    name_like: null,
  };
  const value = (field: FilterField) => (form[field] ?? '').trim();

  if (value('range')) {
    const range = parseIpRange(value('range'));
    if (!range) problems.push({ field: 'range', message: 'Enter an IP address or a CIDR range, like 203.0.113.0/24 or 2001:db8::/48' });
    else {
      ({ low: params.ip_low, high: params.ip_high, skipLow: params.ip_skip_low, skipHigh: params.ip_skip_high } = rangeKeys(range));
      text.range = formatIpRange(range);
    }
  }
  if (value('domain')) {
    const domain = readEmailDomain(value('domain'));
    if (!domain) problems.push({ field: 'domain', message: 'Enter an email domain, like example.com' });
    else {
      params.domain = text.domain = domain;
      params.domain_suffix = `%.${likeEscaped(domain)}`;
    }
  }
  for (const [field, column] of [['from', 'signed_from'], ['before', 'signed_before']] as const) {
    if (!value(field)) continue;
    const ms = readUtcTime(value(field));
    if (ms === undefined) problems.push({ field, message: 'Enter a time in UTC, like 2026-05-01 14:30 or 2026-05-01 14:30:15' });
    else {
      params[column] = ms;
      text[field] = isoSeconds(ms);
    }
  }
  if (params.signed_from !== null && params.signed_before !== null && params.signed_before <= params.signed_from) {
    problems.push({ field: 'before', message: 'The end of the time window must be after its start' });
  }
  for (const field of ['utm_source', 'referrer_host', 'source'] as const) {
    if (!value(field)) continue;
    if (value(field).length > TEXT_MAX_LENGTH) problems.push({ field, message: `Enter at most ${TEXT_MAX_LENGTH} characters` });
    else params[field] = text[field] = field === 'referrer_host' ? value(field).toLowerCase() : value(field);
  }
  if (value('name')) {
    if (value('name').length > NAME_MAX_LENGTH) problems.push({ field: 'name', message: `Enter at most ${NAME_MAX_LENGTH} characters` });
    else {
      text.name = value('name');
      params.name_like = nameLike(value('name'));
    }
  }
  if (problems.length === 0 && Object.keys(text).length === 0) problems.push({ field: 'range', message: 'Fill in at least one filter' });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, text, params };
}
