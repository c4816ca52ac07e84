// What the operator's webhook receives for a raised alert (docs/api.md "Trending alerts"): the
// petition, the group and the counts, never a signer's data (a range is a /24 or /48 network).
import { toIsoSeconds } from '../petitions/iso-time.js';
import type { AlertCounts, AlertKind } from '../store/campaign/alert-store.js';

/** The body, as docs/openapi/service.yaml's trendingAlert webhook describes it (scripts/api-reference/alert-webhook.ts). */
export interface TrendingAlertPayload {
  event: 'trending_alert';
  alert_id: number;
  petition_id: number;
  kind: AlertKind;
  group: string;
  count: number;
  window_total: number;
  share_percent: number;
  baseline: { count: number; total: number };
  window: { from: string; to: string };
  raised_at: string;
  console_url: string;
}

export function alertPayload(alertId: number, alert: AlertCounts, raisedAt: number, consoleUrl: string): string {
  const payload: TrendingAlertPayload = {
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
  };
  return JSON.stringify(payload);
}
