// The trending alerts' statements (src/service/alerts/), part of the store (store.ts): a
// petition's recent signatures counted by group, the alerts, and their webhook deliveries.
import { LIVE_CLAIM } from '../instances/instance-store.js';
import type { SqlEngine } from '../engines/sql-engine.js';

/** What a group of signatures shares: the columns an operator's bulk invalidation filters on. */
export type AlertKind = 'range' | 'domain' | 'utm_source' | 'referrer_host' | 'source';

/** One group's count, or (kind 'total', group_key '') how many signatures were read. */
export interface GroupCountRow {
  kind: AlertKind | 'total';
  /** A range is the hex prefix of its address keys (address-key.ts): 30 digits for an IPv4 /24, 12 for an IPv6 /48. */
  group_key: string;
  count: number;
}

export interface AlertCounts {
  petition_id: number;
  kind: AlertKind;
  group_key: string;
  count: number;
  window_total: number;
  baseline_count: number;
  baseline_total: number;
  window_from: number;
  window_to: number;
}

export interface AlertRow extends AlertCounts {
  id: number;
  raised_at: number;
  last_seen_at: number;
  ended_at: number | null;
  dismissed_at: number | null;
  dismissed_by: string | null;
}

export interface AlertForReview extends AlertRow {
  petition_title: string;
}

export interface DueAlertDeliveryRow {
  id: number;
  payload: string;
  attempts: number;
  created_at: number;
}

/**
 * Signatures that count for the rule: whatever was received online and not invalidated
 * (unconfirmed ones too). A paper batch (src/service/paper/) arrives all at once by an
 * operator's hand: it is no surge to raise an alert about.
 */
const TAKEN = "s.state <> 'invalidated' AND s.channel = 'online'";

/**
 * Each signature's groups: its address's network (an IPv4-mapped key's first 15 bytes are the
 * /24, any other key's first 6 the /48), its email's domain, its page's utm_source and
 * referrer host, and its key request's source website.
 */
const GROUP_COLUMNS = `CASE WHEN s.client_ip LIKE '00000000000000000000ffff%' THEN substr(s.client_ip, 1, 30)
    ELSE substr(s.client_ip, 1, 12) END AS network,
  s.email_domain, s.utm_source, s.referrer_host, r.source
  FROM signatures s LEFT JOIN auth_key_requests r ON r.id = s.auth_key_request_id`;

/** The total of `picked` and its count per group (only groups of at least @min_count when `atLeast`). */
function groupCounts(picked: string, atLeast: boolean): string {
  const having = atLeast ? 'HAVING count(*) >= @min_count' : '';
  const group = (kind: AlertKind, column: string) =>
    `SELECT '${kind}' AS kind, ${column} AS group_key, count(*) AS count FROM picked
     WHERE ${column} IS NOT NULL AND ${column} <> '' GROUP BY ${column} ${having}`;
  return `WITH picked AS (SELECT ${GROUP_COLUMNS} WHERE ${picked})
    SELECT 'total' AS kind, '' AS group_key, count(*) AS count FROM picked
    UNION ALL ${group('range', 'network')}
    UNION ALL ${group('domain', 'email_domain')}
    UNION ALL ${group('utm_source', 'utm_source')}
    UNION ALL ${group('referrer_host', 'referrer_host')}
    UNION ALL ${group('source', 'source')}`;
}

const REVIEW_COLUMNS = `a.id, a.petition_id, a.kind, a.group_key, a.count, a.window_total, a.baseline_count, a.baseline_total,
  a.window_from, a.window_to, a.raised_at, a.last_seen_at, a.ended_at, a.dismissed_at, a.dismissed_by, p.title AS petition_title
  FROM trending_alerts a JOIN petitions p ON p.id = a.petition_id`;
/** Ongoing and not dismissed first, then newest first. */
const REVIEW_ORDER = 'ORDER BY CASE WHEN a.ended_at IS NULL AND a.dismissed_at IS NULL THEN 0 ELSE 1 END, a.id DESC';

export function alertStatements(db: SqlEngine) {
  return {
    /** Petitions with at least @min_count signatures in [@from, @to): only those can have a trending group. */
    busyPetitions: db.prepare<{ from: number; to: number; min_count: number }, { petition_id: number; total: number }>(
      `SELECT petition_id, total FROM (
         SELECT p.id AS petition_id,
           (SELECT count(*) FROM signatures s WHERE s.petition_id = p.id AND s.signed_on >= @from AND s.signed_on < @to AND ${TAKEN}) AS total
         FROM petitions p) c
       WHERE total >= @min_count ORDER BY petition_id`,
    ),
    /** The petition's signatures in [@from, @to): the total and each group of at least @min_count. */
    windowGroups: db.prepare<{ petition_id: number; from: number; to: number; min_count: number }, GroupCountRow>(
      groupCounts(`s.petition_id = @petition_id AND s.signed_on >= @from AND s.signed_on < @to AND ${TAKEN}`, true),
    ),
    /** The petition's last @size signatures before @from, by group. */
    petitionBaseline: db.prepare<{ petition_id: number; from: number; size: number }, GroupCountRow>(
      groupCounts(`s.petition_id = @petition_id AND s.signed_on < @from AND ${TAKEN} ORDER BY s.signed_on DESC LIMIT @size`, false),
    ),
    /** The whole service's last @size signatures (by id) from before @from, by group. */
    serviceBaseline: db.prepare<{ from: number; size: number }, GroupCountRow>(
      groupCounts(`s.signed_on < @from AND ${TAKEN} ORDER BY s.id DESC LIMIT @size`, false),
    ),
    /** No row when the group already has an ongoing alert (the partial unique index). */
    raiseAlert: db.prepare<AlertCounts & { now: number }, { id: number }>(
      `INSERT INTO trending_alerts (petition_id, kind, group_key, count, window_total, baseline_count, baseline_total,
         window_from, window_to, raised_at, last_seen_at)
       VALUES (@petition_id, @kind, @group_key, @count, @window_total, @baseline_count, @baseline_total,
         @window_from, @window_to, @now, @now)
       ON CONFLICT DO NOTHING RETURNING id`,
    ),
    /** The ongoing alert of a group still trending: its latest counts. */
    refreshAlert: db.prepare<AlertCounts & { now: number }>(
      `UPDATE trending_alerts SET count = @count, window_total = @window_total, baseline_count = @baseline_count,
         baseline_total = @baseline_total, window_from = @window_from, window_to = @window_to, last_seen_at = @now
       WHERE petition_id = @petition_id AND kind = @kind AND group_key = @group_key AND ended_at IS NULL`,
    ),
    /** Ongoing alerts whose group has not trended since @quiet_since end. */
    endQuietAlerts: db.prepare<{ now: number; quiet_since: number }>(
      'UPDATE trending_alerts SET ended_at = @now WHERE ended_at IS NULL AND last_seen_at <= @quiet_since',
    ),
    alertById: db.prepare<[number], AlertRow>('SELECT * FROM trending_alerts WHERE id = ?'),
    dismissAlert: db.prepare<{ id: number; now: number; by: string }>(
      'UPDATE trending_alerts SET dismissed_at = @now, dismissed_by = @by WHERE id = @id AND dismissed_at IS NULL',
    ),
    alertsForReview: db.prepare<[number], AlertForReview>(`SELECT ${REVIEW_COLUMNS} ${REVIEW_ORDER} LIMIT ?`),
    alertsOfPetition: db.prepare<[number, number], AlertForReview>(`SELECT ${REVIEW_COLUMNS} WHERE a.petition_id = ? ${REVIEW_ORDER} LIMIT ?`),
    insertAlertDelivery: db.prepare<[number, string, number, number]>(
      `INSERT INTO alert_deliveries (alert_id, payload, state, attempts, created_at, next_attempt_at)
       VALUES (?, ?, 'pending', 0, ?, ?)`,
    ),
    dueAlertDeliveries: db.prepare<{ now: number; in_flight_ids: string; limit: number; instance: string }, DueAlertDeliveryRow>({
      sqlite: `SELECT id, payload, attempts, created_at FROM alert_deliveries
        WHERE state = 'pending' AND next_attempt_at <= @now AND id NOT IN (SELECT value FROM json_each(@in_flight_ids))
        ORDER BY next_attempt_at, id LIMIT @limit`,
      // Several instances deliver from one database: the one that sends a delivery claims it.
      postgres: `WITH picked AS (
          SELECT d.id FROM alert_deliveries d
          WHERE d.state = 'pending' AND d.next_attempt_at <= @now AND NOT ${LIVE_CLAIM('d.claimed_by')}
            AND d.id NOT IN (SELECT value::bigint FROM jsonb_array_elements_text(@in_flight_ids::jsonb))
          ORDER BY d.next_attempt_at, d.id LIMIT @limit FOR UPDATE SKIP LOCKED)
        UPDATE alert_deliveries d SET claimed_by = @instance FROM picked WHERE d.id = picked.id
        RETURNING d.id, d.payload, d.attempts, d.created_at`,
    }),
    markAlertDelivered: db.prepare<[string, number]>({
      sqlite: "UPDATE alert_deliveries SET state = 'delivered', attempts = attempts + 1, last_outcome = ? WHERE id = ?",
      postgres: "UPDATE alert_deliveries SET state = 'delivered', attempts = attempts + 1, last_outcome = ?, claimed_by = NULL WHERE id = ?",
    }),
    rescheduleAlertDelivery: db.prepare<{ id: number; outcome: string; next: number; state: 'pending' | 'abandoned' }>({
      sqlite: `UPDATE alert_deliveries SET attempts = attempts + 1, last_outcome = @outcome, next_attempt_at = @next,
         state = @state WHERE id = @id`,
      postgres: `UPDATE alert_deliveries SET attempts = attempts + 1, last_outcome = @outcome, next_attempt_at = @next,
         state = @state, claimed_by = NULL WHERE id = @id`,
    }),
  };
}
