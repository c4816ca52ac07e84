// The window a campaign's charts cover (the console's GET form): whole UTC days from one date to
// another, both included, counted per hour or per day. Without dates, the petition's whole life:
// from the day it was created (or its oldest signature, seeded history included) to today.
import { utcTime } from '../../shared/utc-time.js';

type Bucket = 'hour' | 'day';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Hours make 24 bars a day: longer windows are read by the day. */
export const HOUR_BUCKETS_MAX_DAYS = 31;

export interface InsightQuery {
  from?: string;
  to?: string;
  bucket?: string;
  country?: string;
}

export interface InsightWindow {
  /** The first instant in the window (ms, UTC midnight). */
  from: number;
  /** The first instant after it: midnight after the last day. */
  to: number;
  bucket: Bucket;
  /** The dates as the form shows them, YYYY-MM-DD. */
  fromDate: string;
  toDate: string;
  /** The country whose regions are charted, as asked (an ISO code), or null for the first one. */
  country: string | null;
}

/** What is wrong with the form, as ids; the console puts them into words. */
export interface WindowProblem {
  field: 'from' | 'to' | 'bucket';
  code: 'date' | 'order' | 'hours-too-long';
}

/** The petition's span: its creation and the hours of its first and last counted signature, if any. */
export interface PetitionSpan {
  created_at: number;
  first: number | null;
  last: number | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD date, or null when it is no such date (2026-02-30). */
function dayStart(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return utcTime(year, month, day) ?? null;
}

function dateOf(unixMs: number): string {
  return new Date(unixMs).toISOString().slice(0, 10);
}

export function insightWindow(query: InsightQuery, span: PetitionSpan, now: number): { window: InsightWindow; problems: WindowProblem[] } {
  const problems: WindowProblem[] = [];
  const firstDay = Math.min(span.created_at, span.first ?? span.created_at);
  const lastDay = Math.max(now, span.last ?? now);
  const fromText = query.from?.trim() || dateOf(firstDay);
  const toText = query.to?.trim() || dateOf(lastDay);
  const from = dayStart(fromText);
  const to = dayStart(toText);
  if (from === null) problems.push({ field: 'from', code: 'date' });
  if (to === null) problems.push({ field: 'to', code: 'date' });
  if (from !== null && to !== null && from > to) problems.push({ field: 'to', code: 'order' });
  const bucket: Bucket = query.bucket === 'hour' ? 'hour' : 'day';
  const start = from ?? 0;
  const end = (to ?? start) + DAY_MS;
  if (bucket === 'hour' && problems.length === 0 && end - start > HOUR_BUCKETS_MAX_DAYS * DAY_MS) {
    problems.push({ field: 'bucket', code: 'hours-too-long' });
  }
  const country = query.country?.trim().toUpperCase() || null;
  return {
    window: { from: start, to: end, bucket, fromDate: fromText, toDate: toText, country: country && /^[A-Z]{2}$/.test(country) ? country : null },
    problems,
  };
}
