// When a group of a petition's recent signatures is trending (src/service/README.md "Trending
// alerts"): over the window, at least a number of signatures, at least a share of the
// petition's, and that share unusual against the group's own share before the window. The last
// part is what keeps a common webmail domain from alerting just for being common.
import type { AlertKind, GroupCountRow } from '../store/campaign/alert-store.js';

export interface TrendSettings {
  /** The window looked at, ending at the evaluation. */
  windowMs: number;
  /** A group needs at least this many signatures in the window. */
  minSignatures: number;
  /** …and at least this share of the petition's signatures in the window, in percent. */
  minSharePercent: number;
  /** …and at least this many times its share before the window (any share when it had none). */
  baselineRatio: number;
}

export const DEFAULT_TREND_SETTINGS: TrendSettings = {
  windowMs: 60 * 60_000,
  minSignatures: 20,
  minSharePercent: 20,
  baselineRatio: 3,
};

/** The baseline is the petition's last this many signatures before the window… */
export const BASELINE_SIZE = 1000;
/** …when it has at least this many; otherwise the whole service's, for ranges and domains only. */
const BASELINE_MIN = 100;

/** Groups every petition shares with others (a network, a mail provider), judged against the service when a petition has no history. */
const SERVICE_WIDE_KINDS: ReadonlySet<AlertKind> = new Set(['range', 'domain']);

export interface GroupCounts {
  total: number;
  /** `${kind} ${group_key}` -> count. */
  groups: Map<string, number>;
}

export interface TrendingGroup {
  kind: AlertKind;
  /** As the store groups it (a range as its hex prefix). */
  groupKey: string;
  count: number;
  windowTotal: number;
  baselineCount: number;
  baselineTotal: number;
}

const groupId = (kind: string, key: string) => `${kind} ${key}`;

export function groupCounts(rows: GroupCountRow[]): GroupCounts {
  const counts: GroupCounts = { total: 0, groups: new Map() };
  for (const row of rows) {
    if (row.kind === 'total') counts.total = row.count;
    else counts.groups.set(groupId(row.kind, row.group_key), row.count);
  }
  return counts;
}

export interface Baselines {
  petition: GroupCounts;
  /** Read only when the petition's own is too short (BASELINE_MIN). */
  service: () => Promise<GroupCounts>;
}

/**
 * The groups of `window` (the rows of at least `minSignatures`, with the window's total) that
 * are trending. Integer arithmetic throughout, so a share exactly at its threshold passes.
 */
export async function trendingGroups(window: GroupCountRow[], baselines: Baselines, settings: TrendSettings): Promise<TrendingGroup[]> {
  const windowTotal = window.find((row) => row.kind === 'total')?.count ?? 0;
  const ownHistory = baselines.petition.total >= BASELINE_MIN;
  const trending: TrendingGroup[] = [];
  for (const row of window) {
    if (row.kind === 'total' || row.count < settings.minSignatures) continue;
    if (row.count * 100 < settings.minSharePercent * windowTotal) continue;
    // A petition without history of its own has no baseline for what only it has (the
    // websites, pages and referrers that bring its signers): its first hour is not unusual.
    if (!ownHistory && !SERVICE_WIDE_KINDS.has(row.kind)) continue;
    const baseline = ownHistory ? baselines.petition : await baselines.service();
    const baselineCount = baseline.groups.get(groupId(row.kind, row.group_key)) ?? 0;
    // count/windowTotal >= ratio · baselineCount/baselineTotal, without division.
    if (baselineCount > 0 && row.count * baseline.total < settings.baselineRatio * baselineCount * windowTotal) continue;
    trending.push({
      kind: row.kind,
      groupKey: row.group_key,
      count: row.count,
      windowTotal,
      baselineCount,
      baselineTotal: baseline.total,
    });
  }
  return trending;
}
