// "Campaign at a glance": a petition's charts over a window the operator chooses with a GET form
// (dates in UTC, hours or days, the country whose regions are shown), working without a script.
import { html, raw } from 'hono/html';
import { everyCountry } from '../../../shared/addresses/every-country.js';
import { subdivisionLabel } from '../../../shared/addresses/subdivision-name.js';
import type { CampaignInsight } from '../../insight/campaign-insight.js';
import type { InsightWindow, WindowProblem } from '../../insight/insight-window.js';
import { HOUR_BUCKETS_MAX_DAYS } from '../../insight/insight-window.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import type { FormProblem, Html } from '../shell/layout.js';
import { count, page } from '../shell/layout.js';
import { countryLabel, funnelSection, groupSection, timeSections } from './insight-sections.js';
import { optInSection } from './opt-in-section.js';

const FIELD_IDS: Record<WindowProblem['field'], string> = { from: 'insight-from', to: 'insight-to', bucket: 'insight-bucket-day' };

const MESSAGES: Record<WindowProblem['code'], (field: WindowProblem['field']) => string> = {
  date: (field) => `Enter the ${field === 'from' ? 'first' : 'last'} day as a date, like 2026-03-01`,
  order: () => 'The last day must be the same as the first day or after it',
  'hours-too-long': () => `Choose days, or a window of at most ${HOUR_BUCKETS_MAX_DAYS} days for hours`,
};

export function insightProblems(problems: WindowProblem[]): FormProblem[] {
  return problems.map((problem) => ({ fieldId: FIELD_IDS[problem.field], message: MESSAGES[problem.code](problem.field) }));
}

function fieldError(problems: FormProblem[], id: string): { message: Html | string; attributes: Html | string; error: boolean } {
  const problem = problems.find((candidate) => candidate.fieldId === id);
  if (!problem) return { message: '', attributes: raw(` aria-describedby="${id}-hint"`), error: false };
  return {
    message: html`<p class="error-message" id="${id}-error"><span class="visually-hidden">Error: </span>${problem.message}</p>`,
    attributes: raw(` aria-describedby="${id}-hint ${id}-error" aria-invalid="true"`),
    error: true,
  };
}

function dateField(id: string, name: string, label: string, value: string, problems: FormProblem[]): Html {
  const error = fieldError(problems, id);
  return html`<div class="field${error.error ? ' field-error' : ''}">
<label for="${id}">${label}</label>
<p class="hint" id="${id}-hint">A date in UTC, like 2026-03-01.</p>
${error.message}
<input type="date" id="${id}" name="${name}" value="${value}"${error.attributes}>
</div>`;
}

function windowForm(base: string, window: InsightWindow, countries: string[], problems: FormProblem[]): Html {
  const bucketError = fieldError(problems, FIELD_IDS.bucket);
  const chosen = window.country;
  return html`<form method="get" action="${base}/insight" novalidate>
${dateField('insight-from', 'from', 'First day', window.fromDate, problems)}
${dateField('insight-to', 'to', 'Last day', window.toDate, problems)}
<fieldset class="field${bucketError.error ? ' field-error' : ''}">
<legend>Count signatures per</legend>
${bucketError.message}
<div class="checkbox"><input type="radio" id="insight-bucket-day" name="bucket" value="day"${window.bucket === 'day' ? raw(' checked') : ''}><label for="insight-bucket-day">Day</label></div>
<div class="checkbox"><input type="radio" id="insight-bucket-hour" name="bucket" value="hour"${window.bucket === 'hour' ? raw(' checked') : ''}><label for="insight-bucket-hour">Hour (windows of up to ${HOUR_BUCKETS_MAX_DAYS} days)</label></div>
</fieldset>
${countries.length === 0
  ? ''
  : html`<div class="field">
<label for="insight-country">Regions of</label>
<select id="insight-country" name="country">
${countries.map((code) => html`<option value="${code}"${code === chosen ? raw(' selected') : ''}>${countryLabel(code)}</option>`)}
</select>
</div>`}
<button type="submit" class="primary">Show</button>
</form>`;
}

export function insightPage(options: {
  session: ConsoleSession;
  petition: PetitionRow;
  window: InsightWindow;
  problems: FormProblem[];
  insight: CampaignInsight | null;
}): Html {
  const { petition, insight } = options;
  const base = `${CONSOLE_PATH}/petitions/${petition.id}`;
  const countries = insight ? insight.countries.shown.map((group) => group.name) : [];
  if (insight?.regionCountry && !countries.includes(insight.regionCountry)) countries.push(insight.regionCountry);
  const window = insight ? { ...options.window, country: insight.regionCountry } : options.window;
  const showUnconfirmed = petition.confirm_signers === 1 || (insight?.totals.unconfirmed ?? 0) > 0;
  return page(
    { title: 'Campaign at a glance', session: options.session, section: 'petitions', problems: options.problems },
    html`<p><a href="${base}">Back to “${petition.title}”</a></p>
<p>Counts are kept as each signature is written, so these charts agree with the petition’s totals: over the petition’s whole life, the counted signatures here add up to its Counted total (${count(petition.signature_count)}), and those awaiting confirmation and invalidated to its totals of the same names. No chart shows a signer’s details.</p>
${windowForm(base, window, countries, options.problems)}
${insight
  ? html`${timeSections(insight, showUnconfirmed)}
${groupSection({ id: 'countries', heading: 'By country', what: 'Counted signatures by the country of the signer’s address.', groupName: 'Country', groups: insight.countries, label: countryLabel })}
${insight.regionCountry
  ? groupSection({ id: 'regions', heading: `By region in ${countryLabel(insight.regionCountry)}`, what: 'Counted signatures by the region (state, province, county) of the signer’s address, as they gave it.', groupName: 'Region', groups: insight.regions, label: (name) => (name ? subdivisionLabel(everyCountry(insight.regionCountry!)?.subdivisions, name) : 'No region given') })
  : ''}
${groupSection({ id: 'utm-sources', heading: 'By utm_source', what: 'Counted signatures by the utm_source of the page the signer signed on, as the site’s proxy passed it on.', groupName: 'utm_source', groups: insight.utmSources, label: (name) => name || 'No utm_source' })}
${groupSection({ id: 'referrers', heading: 'By referrer', what: 'Counted signatures by the host of the page that sent the signer to the petition, as the site’s proxy passed it on.', groupName: 'Referrer host', groups: insight.referrerHosts, label: (name) => name || 'No referrer' })}
${optInSection(insight)}
${insight.funnel ? funnelSection(insight) : ''}`
  : ''}`,
  );
}
