// Reading "Campaign at a glance" as a test needs it: a data table's rows by its caption, a chart's
// bars by its id, and the kept counts compared with what the signatures themselves say.
import assert from 'node:assert/strict';
import type { SqlEngine } from '../../../src/service/store/engines/sql-engine.js';

const text = (cell: string) => cell.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/** The rows (body and foot) of the table whose caption starts with `caption`, each as its cells' text. */
export function tableRows(page: string, caption: string): string[][] {
  const table = [...page.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((match) => match[1]!).find((body) => text(/<caption>([\s\S]*?)<\/caption>/.exec(body)?.[1] ?? '').startsWith(caption));
  assert.ok(table, `a table captioned “${caption}”`);
  const rows = [...table.replace(/<thead>[\s\S]*?<\/thead>/, '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)];
  return rows.map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!)));
}

/** The bars of the chart `id` (its svg labelled by `${id}-title`): label and value. */
export function chartBars(page: string, id: string): Array<[string, number]> {
  const svg = [...page.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((match) => match[0]).find((chart) => chart.includes(`aria-labelledby="${id}-title`));
  assert.ok(svg, `a chart ${id}`);
  return [...svg.matchAll(/<rect [^>]*data-label="([^"]*)" data-value="(\d+)"/g)].map((match) => [match[1]!.replace(/&amp;/g, '&'), Number(match[2])]);
}

const KEPT: Array<[string, string, string]> = [
  ['insight_hours', 'petition_id, hour, state', "SELECT petition_id, signed_on - signed_on % 3600000 AS hour, state, COUNT(*) AS signatures FROM signatures GROUP BY 1, 2, 3"],
  ['insight_places', 'petition_id, day, country_code, state_province', "SELECT petition_id, signed_on - signed_on % 86400000 AS day, country_code, state_province, COUNT(*) AS signatures FROM signatures WHERE state = 'counted' GROUP BY 1, 2, 3, 4"],
  ['insight_sources', 'petition_id, day, utm_source, referrer_host', "SELECT petition_id, signed_on - signed_on % 86400000 AS day, coalesce(utm_source, '') AS utm_source, coalesce(referrer_host, '') AS referrer_host, COUNT(*) AS signatures FROM signatures WHERE state = 'counted' GROUP BY 1, 2, 3, 4"],
];

/** Every kept count equals a count of the signatures now, and no zero is kept. */
export async function assertCountsMatchSignatures(db: SqlEngine): Promise<void> {
  for (const [table, key, truth] of KEPT) {
    const kept = await db.prepare(`SELECT ${key}, signatures FROM ${table} ORDER BY ${key}`).all();
    const counted = await db.prepare(`SELECT * FROM (${truth}) AS truth ORDER BY ${key}`).all();
    assert.deepEqual(kept, counted, `${table} as the signatures say`);
  }
}
