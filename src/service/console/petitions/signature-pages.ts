// The console's signature pages: a petition's signatures (listed ones by page, the others by
// id, or a search), and one signature with what the operator can do to it.
import { html, raw } from 'hono/html';
import { everyCountry } from '../../../shared/addresses/every-country.js';
import { subdivisionLabel } from '../../../shared/addresses/subdivision-name.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import { countryName } from '../../signatures/country-names.js';
import type { SignatureListRow, SignatureRecord } from '../../store/signatures/signature-admin-store.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { actionButton, checkbox, consoleTime, count, csrfField, page, tableRegion } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

export type SignatureView =
  | { kind: 'listed'; page: number; totalPages: number }
  | { kind: 'unlisted'; next: number | null; unlistedCount: number }
  | { kind: 'search'; query: string; more: boolean };

function status(row: Pick<SignatureListRow, 'state' | 'hidden'>): string {
  if (row.state === 'invalidated') return 'Invalidated';
  if (row.state === 'unconfirmed') return row.hidden === 1 ? 'Awaiting confirmation (name hidden)' : 'Awaiting confirmation';
  return row.hidden === 1 ? 'Counted, name hidden' : 'Counted and listed';
}

function signatureTable(caption: string, rows: SignatureListRow[]): Html {
  if (rows.length === 0) return html`<p>No signatures here.</p>`;
  return tableRegion('signatures-caption', caption, html`<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Postal code</th><th scope="col">Town or city</th><th scope="col">Country</th><th scope="col">Signed</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows.map(
  (row) => html`<tr>
<th scope="row"><a href="${CONSOLE_PATH}/signatures/${row.id}">${`${row.first_name} ${row.last_name}`}</a></th>
<td>${row.email}</td><td>${row.postal_code}</td><td>${row.city}</td><td>${countryName(row.country_code)}</td>
<td>${consoleTime(row.signed_on)}</td><td>${status(row)}</td>
</tr>`,
)}
</tbody>`);
}

function pager(links: Array<{ href: string; label: string } | null>): Html | string {
  const present = links.filter((link) => link !== null);
  if (present.length === 0) return '';
  return html`<nav class="pages" aria-label="Pages"><ul>${present.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}</ul></nav>`;
}

export function signatureListPage(options: { session: ConsoleSession; petition: PetitionRow; rows: SignatureListRow[]; view: SignatureView; notice?: string }): Html {
  const { session, petition, rows, view } = options;
  const base = `${CONSOLE_PATH}/petitions/${petition.id}/signatures`;
  const listedCount = petition.last_listed_position - petition.first_listed_position + 1;
  const current = (kind: SignatureView['kind']) => (view.kind === kind ? raw(' aria-current="page"') : '');
  let body: Html;
  if (view.kind === 'listed') {
    body = html`${signatureTable(`Listed signatures, newest first: page ${view.page} of ${view.totalPages}`, rows)}
${pager([
  view.page > 1 ? { href: `${base}?page=${Math.min(view.page - 1, view.totalPages)}`, label: 'Newer signatures' } : null,
  view.page < view.totalPages ? { href: `${base}?page=${view.page + 1}`, label: 'Older signatures' } : null,
])}`;
  } else if (view.kind === 'unlisted') {
    body = html`<p>Signatures whose name is hidden, that await their signer’s confirmation, or that were invalidated.</p>
${signatureTable('Signatures not listed, newest first', rows)}
${pager([view.next === null ? null : { href: `${base}?view=unlisted&before=${view.next}`, label: 'Older signatures' }])}`;
  } else {
    body = html`${view.more ? html`<p>More than ${rows.length} signatures match: type more of the name to narrow the search.</p>` : ''}
${signatureTable(`Signatures matching “${view.query}”, newest first`, rows)}`;
  }
  return page(
    { title: `Signatures: ${petition.title}`, session, section: 'petitions', notice: options.notice },
    html`<p><a href="${CONSOLE_PATH}/petitions/${petition.id}">Back to the petition</a></p>
<form method="get" action="${base}" role="search">
<div class="field">
<label for="signature-search">Search by name, email address or postal code</label>
<p class="hint" id="signature-search-hint">The start of a first or last name, a whole email address, or the start of a postal code.</p>
<input type="search" id="signature-search" name="q" value="${view.kind === 'search' ? view.query : ''}" aria-describedby="signature-search-hint">
</div>
<button type="submit">Search</button>
</form>
<nav aria-label="Which signatures">
<ul>
<li><a href="${base}"${current('listed')}>Listed (${count(listedCount)})</a></li>
<li><a href="${base}?view=unlisted"${current('unlisted')}>Not listed${view.kind === 'unlisted' ? ` (${count(view.unlistedCount)})` : ''}</a></li>
</ul>
</nav>
${body}`,
  );
}

export function signaturePage(options: {
  session: ConsoleSession;
  signature: SignatureRecord;
  petition: PetitionRow;
  signaturesOfSigner: number;
  /** An operator hid the name (moderation.ts): it may be shown again. */
  showable: boolean;
  problems?: FormProblem[];
  eraseConfirmed?: boolean;
  notice?: string;
}): Html {
  const { session, signature, petition } = options;
  const base = `${CONSOLE_PATH}/signatures/${signature.id}`;
  const problems = options.problems ?? [];
  const others = options.signaturesOfSigner - 1;
  return page(
    { title: `Signature by ${signature.first_name} ${signature.last_name}`, session, section: 'petitions', problems, notice: options.notice },
    html`<dl class="summary">
<dt>Petition</dt><dd><a href="${CONSOLE_PATH}/petitions/${petition.id}/signatures">${petition.title}</a></dd>
<dt>Status</dt><dd>${status(signature)}</dd>
<dt>Email address</dt><dd>${signature.email || '– (none on the paper form)'}</dd>
<dt>Address</dt><dd>${signature.address}</dd>
<dt>Town or city</dt><dd>${signature.city}</dd>
<dt>State or province</dt><dd>${signature.state_province ? subdivisionLabel(everyCountry(signature.country_code)?.subdivisions, signature.state_province) : '–'}</dd>
<dt>Postal code</dt><dd>${signature.postal_code || '–'}</dd>
<dt>Country</dt><dd>${countryName(signature.country_code)} (${signature.country_code})</dd>
<dt>Phone number</dt><dd>${signature.phone ?? '–'}</dd>
<dt>Reason for signing</dt><dd>${signature.reason ?? '–'}</dd>
<dt>Signed</dt><dd>${consoleTime(signature.signed_on)}</dd>
<dt>Gathered</dt><dd>${signature.channel === 'paper' ? `On paper (batch ${signature.paper_batch_id})` : 'Online'}</dd>
<dt>Signature id</dt><dd>${signature.id}</dd>
</dl>
<h2>Moderate</h2>
<div class="actions">
${signature.state !== 'invalidated' && signature.hidden === 0 ? actionButton(session, `${base}/hide`, 'Hide name from the list') : ''}
${options.showable ? actionButton(session, `${base}/show`, 'Show name in the list') : ''}
${signature.state !== 'invalidated' ? actionButton(session, `${base}/invalidate`, 'Invalidate signature', 'warning') : ''}
</div>
<p class="hint">A hidden name still counts, and an operator can show it again; a name its signer asked to hide stays hidden. An invalidated signature no longer counts; its details stay here.</p>
<h2>Erase this signer</h2>
<p>When the signer asks for their data to be erased: this deletes every signature made with this ${signature.email ? 'email address' : 'name and postal code on paper'}${others > 0 ? ` (this one and ${others} on other petitions)` : ''}, and updates the counts. It cannot be undone. The audit log keeps only the ids.</p>
<form method="post" action="${base}/erase" novalidate>
${csrfField(session)}
${checkbox({ id: 'erase-confirmed', name: 'confirmed', label: 'The signer asked for their personal data to be erased', checked: options.eraseConfirmed ?? false, problems })}
<button type="submit" class="warning">Erase signer</button>
</form>`,
  );
}
