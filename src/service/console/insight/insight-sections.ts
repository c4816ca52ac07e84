// The sections of "Campaign at a glance": each chart, what it counts in words, and a data table
// with the same numbers under it (screen readers read the table; the chart is one image to them).
// The per-day (or per-hour) table is folded in a <details> when long, so the charts after it are
// not 180 rows down.
import { html, raw } from 'hono/html';
import type { CampaignInsight, GroupList, TimeBucket } from '../../insight/campaign-insight.js';
import { GROUPS_SHOWN } from '../../insight/campaign-insight.js';
import { countryName } from '../../signatures/country-names.js';
import type { Html } from '../shell/layout.js';
import { count } from '../shell/layout.js';
import { barChart, columnChart, runningTotalChart, type Point } from './svg-charts.js';

function bucketLabel(start: number, bucket: 'hour' | 'day'): string {
  const iso = new Date(start).toISOString();
  return bucket === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00` : iso.slice(0, 10);
}

const share = (part: number, total: number) => (total === 0 ? '–' : `${((part / total) * 100).toFixed(1)} %`);

export function countryLabel(code: string): string {
  return `${countryName(code)} (${code})`;
}

/** Rows a per-day or per-hour table shows unfolded; a longer one (180 days, 24 hours) is folded, so the charts after it stay near. */
const TABLE_ROWS_OPEN = 14;

const tableSummary = (rows: number, per: 'hour' | 'day') => `Each ${per} in a table (${count(rows)} ${rows === 1 ? per : `${per}s`})`;

/** The numbers of both time charts, one row per bucket, in a native disclosure (keyboard and screen readers know it). */
function bucketTable(insight: CampaignInsight, showUnconfirmed: boolean, per: 'hour' | 'day', span: string): Html {
  const { window, buckets } = insight;
  const label = (bucket: TimeBucket) => bucketLabel(bucket.start, window.bucket);
  return html`<details id="per-bucket-table"${buckets.length <= TABLE_ROWS_OPEN ? raw(' open') : ''}>
<summary>${tableSummary(buckets.length, per)}</summary>
<table>
<caption>Signatures per ${per} (UTC), ${span}</caption>
<thead><tr><th scope="col">${per === 'hour' ? 'Hour' : 'Day'}</th><th scope="col" class="number">Counted</th>${showUnconfirmed ? html`<th scope="col" class="number">Awaiting confirmation</th>` : ''}<th scope="col" class="number">Invalidated</th><th scope="col" class="number">Running total</th></tr></thead>
<tbody>
${buckets.map(
  (bucket) => html`<tr><th scope="row">${label(bucket)}</th><td class="number">${count(bucket.counted)}</td>${showUnconfirmed ? html`<td class="number">${count(bucket.unconfirmed)}</td>` : ''}<td class="number">${count(bucket.invalidated)}</td><td class="number">${count(bucket.runningTotal)}</td></tr>`,
)}
</tbody>
<tfoot><tr><th scope="row">In this window</th><td class="number">${count(insight.totals.counted)}</td>${showUnconfirmed ? html`<td class="number">${count(insight.totals.unconfirmed)}</td>` : ''}<td class="number">${count(insight.totals.invalidated)}</td><td class="number">${count(buckets[buckets.length - 1]?.runningTotal ?? insight.countedBefore)}</td></tr></tfoot>
</table>
<p class="hint">Awaiting confirmation: signatures still waiting, in the ${per} they were submitted. Invalidated: in the ${per} they had counted from.</p>
</details>`;
}

export function timeSections(insight: CampaignInsight, showUnconfirmed: boolean): Html {
  const { window, buckets } = insight;
  const per = window.bucket === 'hour' ? 'hour' : 'day';
  const label = (bucket: TimeBucket) => bucketLabel(bucket.start, window.bucket);
  const span = `from ${window.fromDate} to ${window.toDate} (UTC)`;
  return html`<section aria-labelledby="per-bucket">
<h2 id="per-bucket">Signatures per ${per}</h2>
<p>Counted signatures (listed and hidden) in the ${per} they count from: for a signer who confirmed by email, the ${per} they confirmed.</p>
${columnChart(
  { id: 'per-bucket-chart', title: `Counted signatures per ${per}`, description: `${count(insight.totals.counted)} counted signatures ${span}, in ${buckets.length} ${per}s. The table under the charts, behind “${tableSummary(buckets.length, per)}”, has each ${per}’s number.` },
  buckets.map((bucket) => ({ label: label(bucket), value: bucket.counted })),
)}
<h2 id="running-total">Toward the goal</h2>
<p>Every counted signature up to the end of each ${per}, those before this window included${insight.goal === null ? '; this petition has no goal' : `, against the goal of ${count(insight.goal)}`}.</p>
${runningTotalChart(
  {
    id: 'running-total-chart',
    title: 'Counted signatures in all, over time',
    description: `From ${count(insight.countedBefore)} before ${window.fromDate} to ${count(buckets[buckets.length - 1]?.runningTotal ?? insight.countedBefore)} at the end of ${window.toDate}${insight.goal === null ? '' : `; the goal is ${count(insight.goal)}`}. The table under the charts, behind “${tableSummary(buckets.length, per)}”, has the running total of each ${per}.`,
  },
  buckets.map((bucket) => ({ label: label(bucket), value: bucket.runningTotal })),
  insight.countedBefore,
  insight.goal,
)}
${bucketTable(insight, showUnconfirmed, per, span)}
</section>`;
}

/** A chart of groups and its table, or a sentence when there is nothing to chart. */
export function groupSection(options: { id: string; heading: string; what: string; groupName: string; groups: GroupList; label: (name: string) => string }): Html {
  const { id, groups } = options;
  if (groups.total === 0) {
    return html`<section aria-labelledby="${id}"><h2 id="${id}">${options.heading}</h2><p>No counted signature in this window.</p></section>`;
  }
  const points: Point[] = groups.shown.map((group) => ({ label: options.label(group.name), value: group.signatures }));
  if (groups.others) points.push({ label: `All ${count(groups.others.groups)} others`, value: groups.others.signatures });
  return html`<section aria-labelledby="${id}">
<h2 id="${id}">${options.heading}</h2>
<p>${options.what}${groups.others ? ` The ${GROUPS_SHOWN} largest are shown one by one, the others together.` : ''}</p>
${barChart(
  { id: `${id}-chart`, title: options.heading, description: `${count(groups.total)} counted signatures in ${points.length} bars, the largest first. The table under it has each number.` },
  points,
)}
<table>
<caption>${options.heading}</caption>
<thead><tr><th scope="col">${options.groupName}</th><th scope="col" class="number">Counted signatures</th><th scope="col" class="number">Share</th></tr></thead>
<tbody>
${points.map((point) => html`<tr><th scope="row">${point.label}</th><td class="number">${count(point.value)}</td><td class="number">${share(point.value, groups.total)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">All</th><td class="number">${count(groups.total)}</td><td class="number">${share(groups.total, groups.total)}</td></tr></tfoot>
</table>
</section>`;
}

export function funnelSection(insight: CampaignInsight): Html {
  const funnel = insight.funnel!;
  const stages: Point[] = [
    { label: 'Submitted', value: funnel.submitted },
    { label: 'Confirmed', value: funnel.confirmed },
    { label: 'Expired unconfirmed', value: funnel.expired },
  ];
  return html`<section aria-labelledby="funnel">
<h2 id="funnel">Confirmation funnel</h2>
<p>What happened in this window, each on its own day: signatures submitted that waited for their signer’s email confirmation, signatures confirmed (and counted from then), and unconfirmed signatures removed when their last link expired (7 days after its mail). A signature confirmed today may have been submitted before the window; one submitted in it may still be waiting (${count(insight.totals.unconfirmed)} are), have been withdrawn, erased or invalidated.</p>
${barChart(
  { id: 'funnel-chart', title: 'Confirmation funnel', description: `${count(funnel.submitted)} submitted, ${count(funnel.confirmed)} confirmed, ${count(funnel.expired)} expired unconfirmed. The table under it has the same numbers.` },
  stages,
)}
<table>
<caption>Confirmation funnel, ${insight.window.fromDate} to ${insight.window.toDate} (UTC)</caption>
<thead><tr><th scope="col">Stage</th><th scope="col" class="number">Signatures</th><th scope="col" class="number">Of submitted</th></tr></thead>
<tbody>
${stages.map((stage) => html`<tr><th scope="row">${stage.label}</th><td class="number">${count(stage.value)}</td><td class="number">${share(stage.value, funnel.submitted)}</td></tr>`)}
</tbody>
</table>
</section>`;
}
