// "Opt-in rates" on "Campaign at a glance": for each opt-in, the share of the window's counted
// signatures that ticked it, as bars against 100 % and a data table with the same numbers.
import { html } from 'hono/html';
import type { CampaignInsight } from '../../insight/campaign-insight.js';
import type { Html } from '../shell/layout.js';
import { count } from '../shell/layout.js';
import { barChart } from './svg-charts.js';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

export function optInSection(insight: CampaignInsight): Html {
  const { known, rates } = insight.optIns;
  const counted = insight.countries.total;
  const heading = 'Opt-in rates';
  // The opt-ins' words are in the site's proxy configuration, which the service never sees.
  const what = html`<p>Of the counted signatures whose opt-ins the site’s proxy passed on, the share that ticked each opt-in, shown by its id (its words are in the proxy’s configuration, which this service does not see). ${count(known)} of the ${count(counted)} counted signatures in this window say which opt-ins their signer ticked; the others were signed through an older proxy, or a client that does not say.</p>`;
  if (known === 0) {
    return html`<section aria-labelledby="opt-ins"><h2 id="opt-ins">${heading}</h2>${what}<p>No counted signature in this window says which opt-ins its signer ticked.</p></section>`;
  }
  return html`<section aria-labelledby="opt-ins">
<h2 id="opt-ins">${heading}</h2>
${what}
${rates.length === 0
  ? html`<p>None of them ticked an opt-in.</p>`
  : html`${barChart(
      { id: 'opt-ins-chart', title: heading, description: `The share of ${count(known)} counted signatures that ticked each of ${rates.length} opt-ins, the most ticked first, each bar against 100 %. The table under it has each number.` },
      rates.map((rate) => ({ label: rate.id, value: Math.round(rate.rate * 1000) / 10 })),
      { full: 100, valueText: (value) => `${value.toFixed(1)} %` },
    )}
<table>
<caption>${heading}, ${insight.window.fromDate} to ${insight.window.toDate} (UTC)</caption>
<thead><tr><th scope="col">Opt-in id</th><th scope="col" class="number">Ticked</th><th scope="col" class="number">Rate</th></tr></thead>
<tbody>
${rates.map((rate) => html`<tr><th scope="row">${rate.id}</th><td class="number">${count(rate.signatures)}</td><td class="number">${percent(rate.rate)}</td></tr>`)}
</tbody>
<tfoot><tr><th scope="row">Counted signatures that say</th><td class="number">${count(known)}</td><td class="number">${percent(1)}</td></tr></tfoot>
</table>`}
</section>`;
}
