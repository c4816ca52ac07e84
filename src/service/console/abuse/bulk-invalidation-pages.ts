// The console's bulk invalidation page: the filter form, a preview of what it matches (how
// many, and a few of them) with the button that invalidates them, and the petition's batches,
// each with a button to undo it.
import { html } from 'hono/html';
import type { InvalidationPreview } from '../../abuse/bulk-invalidation.js';
import { FILTER_FIELDS, type FilterField, type FilterText } from '../../abuse/invalidation-filter.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { InvalidationBatchRow } from '../../store/abuse/invalidation-store.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { actionButton, consoleTime, count, csrfField, page, tableRegion, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

const LABELS: Record<FilterField, { label: string; hint: string }> = {
  range: { label: 'Network range', hint: 'An IP address or CIDR range: 203.0.113.0/24, 2001:db8::/48.' },
  domain: { label: 'Email domain', hint: 'example.com also takes its subdomains (mail.example.com).' },
  from: { label: 'Signed from (UTC)', hint: 'Like 2026-05-01 14:30: signatures at or after this time.' },
  before: { label: 'Signed before (UTC)', hint: 'Like 2026-05-01 15:00: signatures before this time, not at it.' },
  utm_source: { label: 'utm_source', hint: 'Exactly as the page had it.' },
  referrer_host: { label: 'Referring site', hint: 'The host of the page that linked to the form: news.example.org.' },
  source: { label: 'Source website', hint: 'The website whose key request the signature came through, as in the key request.' },
  name: { label: 'Name', hint: 'Part of the name, in any case; or a pattern with * (any text) and ? (one character): j*smith.' },
};

export const filterFieldId = (name: FilterField) => `filter-${name}`;

function filterForm(session: ConsoleSession, action: string, form: FilterText, problems: FormProblem[]): Html {
  return html`<form method="post" action="${action}" novalidate>
${csrfField(session)}
<p>Fill in one or more: a signature must match all of them. Only counted signatures are taken.</p>
${FILTER_FIELDS.map((name) => textField({ id: filterFieldId(name), name, label: LABELS[name].label, hint: LABELS[name].hint, value: form[name] ?? '', optional: true, problems }))}
<button type="submit">Preview</button>
</form>`;
}

function describe(text: FilterText): string {
  return FILTER_FIELDS.filter((name) => text[name] !== undefined).map((name) => `${LABELS[name].label}: ${text[name]}`).join('; ');
}

function batchTable(session: ConsoleSession, batches: InvalidationBatchRow[]): Html {
  if (batches.length === 0) return html`<p>No bulk invalidation yet.</p>`;
  return tableRegion('batches-caption', 'Bulk invalidations, newest first', html`<thead><tr><th scope="col">Batch</th><th scope="col">Filter</th><th scope="col" class="number">Invalidated</th><th scope="col">When</th><th scope="col">Undone</th></tr></thead>
<tbody>
${batches.map(
  (batch) => html`<tr id="batch-${batch.id}">
<th scope="row">${batch.id}</th><td>${describe(JSON.parse(batch.filter) as FilterText)}</td><td class="number">${count(batch.invalidated)}</td>
<td>${consoleTime(batch.created_at)}</td>
<td>${batch.undone_at === null
    ? actionButton(session, `${CONSOLE_PATH}/invalidation-batches/${batch.id}/undo`, `Undo batch ${batch.id}`)
    : `${consoleTime(batch.undone_at)} (${count(batch.restored ?? 0)} restored)`}</td>
</tr>`,
)}
</tbody>`);
}

function previewSection(session: ConsoleSession, action: string, text: FilterText, preview: InvalidationPreview): Html {
  if (preview.count === 0) return html`<h2>Preview</h2><p>No counted signature matches ${describe(text)}.</p>`;
  return html`<h2>Preview</h2>
<p>${count(preview.count)} counted ${preview.count === 1 ? 'signature matches' : 'signatures match'} ${describe(text)}. The newest:</p>
<ul>${preview.examples.map((row) => html`<li><a href="${CONSOLE_PATH}/signatures/${row.id}">${`${row.first_name} ${row.last_name}`}</a>, ${consoleTime(row.signed_on)}</li>`)}</ul>
<form method="post" action="${action}">
${csrfField(session)}
${FILTER_FIELDS.filter((name) => text[name] !== undefined).map((name) => html`<input type="hidden" name="${name}" value="${text[name]}">`)}
<button type="submit" class="warning">Invalidate the matching signatures</button>
</form>
<p class="hint">They stop counting and leave the list at once. The batch can be undone below.</p>`;
}

export function bulkInvalidationPage(options: {
  session: ConsoleSession;
  petition: PetitionRow;
  batches: InvalidationBatchRow[];
  form?: FilterText;
  problems?: FormProblem[];
  preview?: { text: FilterText; result: InvalidationPreview };
  notice?: string;
}): Html {
  const { session, petition } = options;
  const base = `${CONSOLE_PATH}/petitions/${petition.id}/bulk-invalidation`;
  const problems = options.problems ?? [];
  return page(
    { title: `Invalidate in bulk: ${petition.title}`, session, section: 'petitions', problems, notice: options.notice },
    html`<p><a href="${CONSOLE_PATH}/petitions/${petition.id}">Back to the petition</a></p>
${options.preview ? previewSection(session, base, options.preview.text, options.preview.result) : ''}
<h2>Filter</h2>
${filterForm(session, `${base}/preview`, options.preview?.text ?? options.form ?? {}, problems)}
<h2>Batches</h2>
${batchTable(session, options.batches)}`,
  );
}
