// The campaign's charts' statements (src/service/insight/), part of the store (store.ts): they
// read the counts that triggers keep beside the signatures (migrations/insight-migrations.ts), a
// window of whole UTC hours or days at a time, never the signatures themselves.
import type { SqlEngine } from '../engines/sql-engine.js';
import type { SignatureState } from '../store-rows.js';

/** A window of a petition's counts: times in ms, `from` included, `to` not. */
export interface InsightWindowParams {
  petition_id: number;
  from: number;
  to: number;
}

export interface HourCountRow {
  hour: number;
  state: SignatureState;
  signatures: number;
}

export interface GroupCountRow {
  /** The group's key: a country code, a region, a utm_source, a referrer host ('' for none) or an opt-in id. */
  name: string;
  signatures: number;
}

export interface PlaceCountRow {
  country_code: string;
  state_province: string;
  signatures: number;
}

export type FunnelStage = 'submitted' | 'confirmed' | 'expired';

export interface FunnelCountRow {
  stage: FunnelStage;
  signatures: number;
}

const IN_WINDOW = 'petition_id = @petition_id AND day >= @from AND day < @to';

export function insightStatements(db: SqlEngine) {
  return {
    hourCounts: db.prepare<InsightWindowParams, HourCountRow>(
      `SELECT hour, state, signatures FROM insight_hours
       WHERE petition_id = @petition_id AND hour >= @from AND hour < @to ORDER BY hour`,
    ),
    /** Counted signatures before a time: where a window's running total starts. */
    countedBefore: db.prepare<{ petition_id: number; before: number }, number>(
      `SELECT coalesce(SUM(signatures), 0) FROM insight_hours
       WHERE petition_id = @petition_id AND state = 'counted' AND hour < @before`,
      { pluck: true },
    ),
    /** The first and last hours holding any signature of the petition, null when none does. */
    hourSpan: db.prepare<[number], { first: number | null; last: number | null }>(
      'SELECT MIN(hour) AS first, MAX(hour) AS last FROM insight_hours WHERE petition_id = ?',
    ),
    countryCounts: db.prepare<InsightWindowParams, GroupCountRow>(
      `SELECT country_code AS name, SUM(signatures) AS signatures FROM insight_places WHERE ${IN_WINDOW}
       GROUP BY country_code ORDER BY 2 DESC, 1`,
    ),
    regionCounts: db.prepare<InsightWindowParams & { country_code: string }, GroupCountRow>(
      `SELECT state_province AS name, SUM(signatures) AS signatures FROM insight_places
       WHERE ${IN_WINDOW} AND country_code = @country_code
       GROUP BY state_province ORDER BY 2 DESC, 1`,
    ),
    /** A petition's counted signatures by country and region over its whole life (the public breakdown). */
    placeCounts: db.prepare<[number], PlaceCountRow>(
      `SELECT country_code, state_province, SUM(signatures) AS signatures FROM insight_places
       WHERE petition_id = ? GROUP BY country_code, state_province`,
    ),
    /** The petition's hidden counted signatures by place: unlisted, so read through the index of unlisted signatures, never the whole petition. */
    hiddenPlaceCounts: db.prepare<[number], PlaceCountRow>(
      `SELECT country_code, state_province, COUNT(*) AS signatures FROM signatures
       WHERE petition_id = ? AND listed_position IS NULL AND state = 'counted' AND hidden = 1 GROUP BY country_code, state_province`,
    ),
    utmSourceCounts: db.prepare<InsightWindowParams, GroupCountRow>(
      `SELECT utm_source AS name, SUM(signatures) AS signatures FROM insight_sources WHERE ${IN_WINDOW}
       GROUP BY utm_source ORDER BY 2 DESC, 1`,
    ),
    referrerHostCounts: db.prepare<InsightWindowParams, GroupCountRow>(
      `SELECT referrer_host AS name, SUM(signatures) AS signatures FROM insight_sources WHERE ${IN_WINDOW}
       GROUP BY referrer_host ORDER BY 2 DESC, 1`,
    ),
    /**
     * Counted signatures per opt-in id ticked, and under '' those whose opt-ins are known
     * (migrations/opt-in-migrations.ts), which the rates divide by.
     */
    optInCounts: db.prepare<InsightWindowParams, GroupCountRow>(
      `SELECT opt_in AS name, SUM(signatures) AS signatures FROM insight_opt_ins WHERE ${IN_WINDOW}
       GROUP BY opt_in ORDER BY 2 DESC, 1`,
    ),
    funnelCounts: db.prepare<InsightWindowParams, FunnelCountRow>(
      `SELECT stage, SUM(signatures) AS signatures FROM insight_confirmations WHERE ${IN_WINDOW} GROUP BY stage`,
    ),
    /**
     * In the expiry's transaction, before the confirmation row goes: its signature counts as
     * expired on the day its link did (a deleted signature does not say why it went).
     */
    recordConfirmationExpired: db.prepare<[number]>(
      `INSERT INTO insight_confirmations (petition_id, day, stage, signatures)
       SELECT petition_id, expires_at - expires_at % 86400000, 'expired', 1 FROM signature_confirmations WHERE signature_id = ?
       ON CONFLICT (petition_id, day, stage) DO UPDATE SET signatures = insight_confirmations.signatures + 1`,
    ),
  };
}
