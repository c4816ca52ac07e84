// A campaign at a glance (issue 20): a petition's signatures over a window, per hour or day, by
// place and by source, and its confirmation funnel, read from the counts kept beside the
// signatures (store/campaign/insight-store.ts), so a page costs the same for a thousand or a million.
// What each chart counts, so that its numbers add up to the petition page's totals:
// - per bucket: counted signatures (listed and hidden) at the time they count from (a confirmed
//   signer's confirmation), those awaiting confirmation at their submission, invalidated ones at
//   the time they had counted from; over the petition's life they sum to its Counted, Awaiting
//   confirmation and Invalidated totals;
// - the running total: counted signatures up to the end of each bucket, the window's first
//   bucket starting from those counted before it;
// - places and sources: counted signatures only;
// - opt-in rates: counted signatures that ticked each opt-in, of those whose opt-ins are known;
// - the funnel: events in the window (a signature submitted for confirmation, confirmed, or
//   removed when its last link expired), whatever became of the signature since.
import { giveLoopTurn } from '../jobs/loop-slices.js';
import type { FunnelStage, GroupCountRow } from '../store/campaign/insight-store.js';
import type { PetitionRow, Store } from '../store/store.js';
import { optInRates, type OptInRates } from './opt-in-rates.js';
import { DAY_MS, HOUR_MS, insightWindow, type InsightQuery, type InsightWindow, type WindowProblem } from './insight-window.js';

/** The largest groups are charted one by one; the rest as one "all others" bar. */
export const GROUPS_SHOWN = 20;

export interface TimeBucket {
  start: number;
  counted: number;
  unconfirmed: number;
  invalidated: number;
  /** Counted signatures up to the end of this bucket, the petition's whole life included. */
  runningTotal: number;
}

export interface GroupList {
  shown: GroupCountRow[];
  /** The groups past GROUPS_SHOWN, summed; null when there are none. */
  others: { groups: number; signatures: number } | null;
  total: number;
}

type Funnel = Record<FunnelStage, number>;

export interface CampaignInsight {
  window: InsightWindow;
  goal: number | null;
  buckets: TimeBucket[];
  totals: { counted: number; unconfirmed: number; invalidated: number };
  countedBefore: number;
  countries: GroupList;
  /** The country whose regions are charted: the one asked for, else the window's largest; null when none has counted signatures. */
  regionCountry: string | null;
  regions: GroupList;
  utmSources: GroupList;
  referrerHosts: GroupList;
  optIns: OptInRates;
  /** Null when the petition never asked for confirmation and no signature went through it. */
  funnel: Funnel | null;
}

function groupList(rows: GroupCountRow[]): GroupList {
  const shown = rows.slice(0, GROUPS_SHOWN);
  const rest = rows.slice(GROUPS_SHOWN);
  const sum = (list: GroupCountRow[]) => list.reduce((total, row) => total + row.signatures, 0);
  return {
    shown,
    others: rest.length === 0 ? null : { groups: rest.length, signatures: sum(rest) },
    total: sum(rows),
  };
}

/** One bucket per hour or day of the window, empty ones included, with the counts that fall in it. */
function timeBuckets(window: InsightWindow, rows: Array<{ hour: number; state: string; signatures: number }>, countedBefore: number): TimeBucket[] {
  const size = window.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const buckets: TimeBucket[] = [];
  for (let start = window.from; start < window.to; start += size) {
    buckets.push({ start, counted: 0, unconfirmed: 0, invalidated: 0, runningTotal: 0 });
  }
  for (const row of rows) {
    const bucket = buckets[Math.floor((row.hour - window.from) / size)];
    if (bucket && (row.state === 'counted' || row.state === 'unconfirmed' || row.state === 'invalidated')) bucket[row.state] += row.signatures;
  }
  let running = countedBefore;
  for (const bucket of buckets) bucket.runningTotal = running += bucket.counted;
  return buckets;
}

/** A read of the page's counts after a turn of the event loop: each is a few ms at most, the page about 16 ms at a million signatures. */
async function afterTurn<T>(read: () => Promise<T>): Promise<T> {
  await giveLoopTurn();
  return read();
}

async function campaignInsight(store: Store, petition: PetitionRow, window: InsightWindow): Promise<CampaignInsight> {
  const range = { petition_id: petition.id, from: window.from, to: window.to };
  const countedBefore = (await store.countedBefore.get({ petition_id: petition.id, before: window.from })) ?? 0;
  const buckets = timeBuckets(window, await afterTurn(() => store.hourCounts.all(range)), countedBefore);
  const countryRows = await afterTurn(() => store.countryCounts.all(range));
  const regionCountry = window.country ?? countryRows[0]?.name ?? null;
  const funnelRows = await afterTurn(() => store.funnelCounts.all(range));
  const funnel: Funnel = { submitted: 0, confirmed: 0, expired: 0 };
  for (const row of funnelRows) funnel[row.stage] = row.signatures;
  const sum = (state: 'counted' | 'unconfirmed' | 'invalidated') => buckets.reduce((total, bucket) => total + bucket[state], 0);
  const regions = regionCountry === null ? [] : await afterTurn(() => store.regionCounts.all({ ...range, country_code: regionCountry }));
  const utmSources = await afterTurn(() => store.utmSourceCounts.all(range));
  const referrerHosts = await afterTurn(() => store.referrerHostCounts.all(range));
  const optIns = await afterTurn(() => store.optInCounts.all(range));
  return {
    window,
    goal: petition.goal,
    buckets,
    totals: { counted: sum('counted'), unconfirmed: sum('unconfirmed'), invalidated: sum('invalidated') },
    countedBefore,
    countries: groupList(countryRows),
    regionCountry,
    regions: groupList(regions),
    utmSources: groupList(utmSources),
    referrerHosts: groupList(referrerHosts),
    optIns: optInRates(optIns),
    funnel: petition.confirm_signers === 1 || funnelRows.length > 0 ? funnel : null,
  };
}

/** The page's reading: the window the form asks for (or what is wrong with it) and, when it is right, the charts' numbers. */
export async function readCampaignInsight(
  store: Store,
  petition: PetitionRow,
  query: InsightQuery,
  now: number,
): Promise<{ window: InsightWindow; problems: WindowProblem[]; insight: CampaignInsight | null }> {
  const span = (await store.hourSpan.get(petition.id))!;
  const { window, problems } = insightWindow(query, { created_at: petition.created_at, ...span }, now);
  return { window, problems, insight: problems.length > 0 ? null : await campaignInsight(store, petition, window) };
}
