// What the operator's webhook receives for a raised alert (docs/api.md "Trending alerts"): the
// petition, the group and the counts, never a signer's data (a range is a /24 or /48 network).
import { toIsoSeconds } from '../petitions/iso-time.js';
import type { AlertCounts } from '../store/alert-store.js';

export function alertPayload(alertId: number, alert: AlertCounts, raisedAt: number, consoleUrl: string): string {
  return JSON.stringify({
    event: 'trending_alert',
    alert_id: alertId,
    petition_id: alert.petition_id,
    kind: alert.kind,
    group: alert.group_key,
    count: alert.count,
    window_total: alert.window_total,
    share_percent: Math.round((alert.count * 1000) / alert.window_total) / 10,
    baseline: { count: alert.baseline_count, total: alert.baseline_total },
    window: { from: toIsoSeconds(alert.window_from), to: toIsoSeconds(alert.window_to) },
    raised_at: toIsoSeconds(raisedAt),
    console_url: `${consoleUrl}/petitions/${alert.petition_id}`,
  });
}
