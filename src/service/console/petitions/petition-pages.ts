// The console's petition pages: the list with counts, one petition's page, and the form that
// creates or edits every field of the petition resource.
import { html } from 'hono/html';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { PetitionFields, PetitionFieldProblem } from '../../petitions/petition-fields.js';
import { isClosed } from '../../petitions/petitions.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { actionButton, checkbox, consoleTime, count, csrfField, page, tableRegion, textArea, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

/** A petition's counts as the console shows them. */
export interface PetitionCounts {
  listed: number;
  unconfirmed: number;
  invalidated: number;
  /** Counted signatures gathered on paper (src/service/paper/). */
  paper: number;
}

const FIELD_LABELS: Record<keyof PetitionFields, string> = {
  title: 'Title',
  overview: 'Overview',
  targets: 'Targets',
  goal: 'Goal',
  status: 'Status',
  end_at: 'End',
  url: 'Petition page URL',
  image_url: 'Image URL',
  confirm_signers: 'Confirm signers by email',
};

const fieldId = (name: keyof PetitionFields) => `petition-${name.replace('_', '-')}`;

/** The rules' problems (petition-fields.ts) as the form shows them, at their fields. */
export function petitionProblems(problems: PetitionFieldProblem[]): FormProblem[] {
  return problems.map(({ field, message }) => ({
    fieldId: fieldId(field),
    message: field === 'title' && message === 'is required' ? 'Enter a title' : `${FIELD_LABELS[field]} ${message}`,
  }));
}

export function petitionListPage(session: ConsoleSession, petitions: Array<{ petition: PetitionRow; counts: PetitionCounts }>, notice?: string): Html {
  const now = Date.now();
  return page(
    { title: 'Petitions', session, section: 'petitions', notice },
    html`<p><a class="button" href="${CONSOLE_PATH}/petitions/new">Create a petition</a></p>
${petitions.length === 0
  ? html`<p>No petitions yet.</p>`
  : tableRegion('petitions-caption', 'All petitions, newest first', html`<thead><tr><th scope="col">Petition</th><th scope="col">Status</th><th scope="col" class="number">Counted</th><th scope="col" class="number">Listed</th><th scope="col" class="number">Awaiting confirmation</th><th scope="col" class="number">Invalidated</th><th scope="col" class="number">Goal</th></tr></thead>
<tbody>
${petitions.map(
  ({ petition, counts }) => html`<tr>
<th scope="row"><a href="${CONSOLE_PATH}/petitions/${petition.id}">${petition.title}</a></th>
<td>${isClosed(petition, now) ? 'Closed' : 'Open'}</td>
<td class="number">${count(petition.signature_count)}</td>
<td class="number">${count(counts.listed)}</td>
<td class="number">${petition.confirm_signers === 1 || counts.unconfirmed > 0 ? count(counts.unconfirmed) : '–'}</td>
<td class="number">${count(counts.invalidated)}</td>
<td class="number">${petition.goal === null ? '–' : count(petition.goal)}</td>
</tr>`,
)}
</tbody>`)}`,
  );
}

export function petitionPage(options: {
  session: ConsoleSession;
  petition: PetitionRow;
  counts: PetitionCounts;
  mailConfigured: boolean;
  /** How the last delivery PDF made by this process ended: counts only, such as the names it could not print. */
  lastDelivery?: string | undefined;
  notice?: string;
  /** The petition's trending alerts (alert-pages.ts). */
  alerts: Html;
  /** When its signers' personal data goes (retention-pages.ts). */
  retention: Html;
}): Html {
  const { session, petition, counts } = options;
  const closed = isClosed(petition, Date.now());
  const targets = JSON.parse(petition.targets) as string[];
  const base = `${CONSOLE_PATH}/petitions/${petition.id}`;
  return page(
    { title: petition.title, session, section: 'petitions', notice: options.notice },
    html`${petition.confirm_signers === 1 && !options.mailConfigured
      ? html`<div class="notice"><p>Signers must confirm by email, but this service has no mail server set (<code>--smtp</code>): no confirmation email can be sent until it has one.</p></div>`
      : ''}
<div class="actions">
<a class="button" href="${base}/edit">Edit petition</a>
<a class="button" href="${base}/signatures">Signatures</a>
<a class="button" href="${base}/insight">Campaign at a glance</a>
<a class="button" href="${base}/bulk-invalidation">Invalidate in bulk</a>
<a class="button" href="${base}/paper">Add paper signatures</a>
${petition.status === 'open' ? html`<a class="button" href="${base}/close">Close petition</a>` : actionButton(session, `${base}/open`, 'Open petition')}
<form method="post" action="${base}/export">${csrfField(session)}<button type="submit">Export signatures (CSV)</button></form>
<form method="post" action="${base}/delivery">${csrfField(session)}<button type="submit">Prepare delivery (PDF)</button></form>
</div>
${options.lastDelivery ? html`<p id="last-delivery">The last delivery PDF: ${options.lastDelivery}.</p>` : ''}
<h2>Trending alerts</h2>
${options.alerts}
<h2>Signatures</h2>
<p id="signature-total">${count(petition.signature_count)} ${petition.signature_count === 1 ? 'signature' : 'signatures'}${counts.paper > 0 ? `, including ${count(counts.paper)} on paper` : ''}</p>
<dl class="summary">
<dt>Counted${petition.confirm_signers === 1 ? ' (confirmed)' : ''}</dt><dd>${count(petition.signature_count)}${petition.goal === null ? '' : ` of a goal of ${count(petition.goal)}`}</dd>
<dt>Listed</dt><dd>${count(counts.listed)}</dd>
<dt>Hidden from the list</dt><dd>${count(petition.signature_count - counts.listed)}</dd>
<dt>Awaiting confirmation</dt><dd>${count(counts.unconfirmed)}</dd>
<dt>Invalidated</dt><dd>${count(counts.invalidated)}</dd>
</dl>
${options.retention}
<h2>Petition</h2>
<dl class="summary">
<dt>Status</dt><dd>${closed ? (petition.status === 'closed' ? 'Closed' : 'Closed (its end has passed)') : 'Open'}</dd>
<dt>Overview</dt><dd>${petition.overview || '–'}</dd>
<dt>Targets</dt><dd>${targets.length === 0 ? '–' : html`<ul>${targets.map((name) => html`<li>${name}</li>`)}</ul>`}</dd>
<dt>Goal</dt><dd>${petition.goal === null ? '–' : count(petition.goal)}</dd>
<dt>End</dt><dd>${petition.end_at === null ? '–' : consoleTime(petition.end_at)}</dd>
<dt>Petition page URL</dt><dd>${petition.url ?? '–'}</dd>
<dt>Image URL</dt><dd>${petition.image_url ?? '–'}</dd>
<dt>Signers confirm by email</dt><dd>${petition.confirm_signers === 1 ? 'Yes' : 'No'}</dd>
<dt>Created</dt><dd>${consoleTime(petition.created_at)}</dd>
<dt>Petition id (API)</dt><dd>${petition.id}</dd>
</dl>`,
  );
}

/** What the petition form holds: as typed, so that nothing is lost when it comes back with problems. */
export interface PetitionFormValues {
  title: string;
  overview: string;
  targets: string;
  goal: string;
  status: string;
  end_at: string;
  url: string;
  image_url: string;
  confirm_signers: boolean;
}

export function formValues(petition: PetitionRow | null): PetitionFormValues {
  if (!petition) {
    return { title: '', overview: '', targets: '', goal: '', status: 'open', end_at: '', url: '', image_url: '', confirm_signers: false };
  }
  return {
    title: petition.title,
    overview: petition.overview,
    targets: (JSON.parse(petition.targets) as string[]).join('\n'),
    goal: petition.goal === null ? '' : String(petition.goal),
    status: petition.status,
    end_at: petition.end_at === null ? '' : new Date(petition.end_at).toISOString().slice(0, 19),
    url: petition.url ?? '',
    image_url: petition.image_url ?? '',
    confirm_signers: petition.confirm_signers === 1,
  };
}

export function petitionFormPage(options: {
  session: ConsoleSession;
  petition: PetitionRow | null;
  values: PetitionFormValues;
  problems?: FormProblem[];
}): Html {
  const { session, petition, values } = options;
  const problems = options.problems ?? [];
  const field = (name: keyof PetitionFields) => ({ id: fieldId(name), name, label: FIELD_LABELS[name], problems });
  return page(
    { title: petition ? `Edit “${petition.title}”` : 'Create a petition', session, section: 'petitions', problems },
    html`<form method="post" action="${CONSOLE_PATH}/petitions${petition ? `/${petition.id}` : ''}" novalidate>
${csrfField(session)}
${textField({ ...field('title'), value: values.title, hint: 'At most 255 characters.' })}
${textArea({ ...field('overview'), value: values.overview, optional: true, hint: 'What the petition asks for and why. At most 10,000 characters.' })}
${textArea({ ...field('targets'), value: values.targets, optional: true, hint: 'The people or bodies the petition is addressed to, one per line.' })}
${textField({ ...field('goal'), value: values.goal, optional: true, inputmode: 'numeric', hint: 'The number of signatures the petition aims for.' })}
<div class="field">
<label for="${fieldId('status')}">Status</label>
<select id="${fieldId('status')}" name="status">
<option value="open"${values.status === 'open' ? ' selected' : ''}>Open: takes signatures</option>
<option value="closed"${values.status === 'closed' ? ' selected' : ''}>Closed: takes no more signatures</option>
</select>
</div>
${textField({ ...field('end_at'), type: 'datetime-local', value: values.end_at, optional: true, hint: 'In UTC. After it the petition takes no more signatures.' })}
${textField({ ...field('url'), type: 'url', value: values.url, optional: true, hint: 'The petition’s own page, like https://www.example.org/save-the-park. No other petition may have it.' })}
${textField({ ...field('image_url'), type: 'url', value: values.image_url, optional: true })}
${checkbox({
  id: fieldId('confirm_signers'),
  name: 'confirm_signers',
  label: 'Signers confirm by email: a signature counts only once its signer opens the emailed link',
  checked: values.confirm_signers,
  problems,
})}
<button type="submit" class="primary">${petition ? 'Save petition' : 'Create petition'}</button>
</form>`,
  );
}

/**
 * Closing stops every site's form at once, so it asks first: a page of its own that works
 * without a script, a button that closes and a way back.
 */
export function closeConfirmationPage(session: ConsoleSession, petition: PetitionRow, counts: { signatures: number }): Html {
  const base = `${CONSOLE_PATH}/petitions/${petition.id}`;
  return page(
    { title: `Close “${petition.title}”?`, session, section: 'petitions' },
    html`<p>Once closed, the petition takes no more signatures, on every site that collects them: their forms say it is closed. Its ${count(counts.signatures)} counted ${counts.signatures === 1 ? 'signature stays' : 'signatures stay'}.</p>
<p>You can open it again later from its page.</p>
<form method="post" action="${base}/close">
${csrfField(session)}
<input type="hidden" name="confirmed" value="yes">
<div class="actions">
<button type="submit" class="warning">Close the petition</button>
<a class="button" href="${base}">Cancel: keep it open</a>
</div>
</form>`,
  );
}
