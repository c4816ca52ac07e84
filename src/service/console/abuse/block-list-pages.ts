// The console's block list page: every entry (for the whole service or one petition) with a
// button to remove it, and the form to add one.
import { html, raw } from 'hono/html';
import { BLOCK_KINDS } from '../../abuse/block-list.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { BlockEntryRow } from '../../store/abuse/abuse-store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { actionButton, consoleTime, csrfField, page, tableRegion, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

export interface BlockEntryForm {
  kind: string;
  value: string;
  petition: string;
}

function kindSelect(form: BlockEntryForm, problems: FormProblem[]): Html {
  const problem = problems.find((p) => p.fieldId === 'block-kind');
  return html`<div class="field${problem ? ' field-error' : ''}">
<label for="block-kind">What to block</label>
${problem ? html`<p class="error-message" id="block-kind-error"><span class="visually-hidden">Error: </span>${problem.message}</p>` : ''}
<select id="block-kind" name="kind"${problem ? raw(' aria-describedby="block-kind-error" aria-invalid="true"') : ''}>
${Object.entries(BLOCK_KINDS).map(([kind, label]) => html`<option value="${kind}"${form.kind === kind ? raw(' selected') : ''}>${label}</option>`)}
</select>
</div>`;
}

function entryTable(session: ConsoleSession, entries: BlockEntryRow[]): Html {
  if (entries.length === 0) return html`<p>Nothing is blocked.</p>`;
  return tableRegion('block-list-caption', 'Blocked email domains, email addresses and network ranges', html`<thead><tr><th scope="col">Blocked</th><th scope="col">Kind</th><th scope="col">Applies to</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
<tbody>
${entries.map(
  (entry) => html`<tr id="block-entry-${entry.id}">
<th scope="row">${entry.value}</th><td>${BLOCK_KINDS[entry.kind]}</td>
<td>${entry.petition_id === null ? 'Every petition' : html`<a href="${CONSOLE_PATH}/petitions/${entry.petition_id}">Petition ${entry.petition_id}</a>`}</td>
<td>${consoleTime(entry.created_at)}</td>
<td>${actionButton(session, `${CONSOLE_PATH}/block-list/${entry.id}/remove`, `Remove ${entry.value}`)}</td>
</tr>`,
)}
</tbody>`);
}

export function blockListPage(options: { session: ConsoleSession; entries: BlockEntryRow[]; form?: BlockEntryForm; problems?: FormProblem[]; notice?: string }): Html {
  const { session } = options;
  const problems = options.problems ?? [];
  const form = options.form ?? { kind: 'domain', value: '', petition: '' };
  return page(
    { title: 'Block list', session, section: 'block-list', problems, notice: options.notice },
    html`<p>Signatures from these are refused when they are submitted; the signer is told only that the signature cannot be accepted. Email addresses are compared as duplicates are (case, and at providers that ignore them, dots and +tags). Signatures already taken stay: to remove those, use a petition’s bulk invalidation.</p>
${entryTable(session, options.entries)}
<h2>Add to the block list</h2>
<form method="post" action="${CONSOLE_PATH}/block-list" novalidate>
${csrfField(session)}
${kindSelect(form, problems)}
${textField({ id: 'block-value', name: 'value', label: 'Domain, email address or range', value: form.value, hint: 'An email domain (example.com, which also blocks its subdomains), an email address, or an IP address or CIDR range (203.0.113.0/24, 2001:db8::/48).', problems })}
${textField({ id: 'block-petition', name: 'petition', label: 'Petition number', value: form.petition, optional: true, inputmode: 'numeric', hint: 'Leave empty to block on every petition.', problems })}
<button type="submit" class="primary">Add to the block list</button>
</form>`,
  );
}
