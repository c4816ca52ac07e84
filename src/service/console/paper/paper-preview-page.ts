// The console's preview of a paper sheet: how many signers would be added and their names, in
// what encoding the file was read, which rows are duplicates and of which signature (its name,
// id and listed position, never its email or address) or earlier row, which rows fail and why,
// and the button that adds them. The page carries the uploaded bytes back in base64, so nothing
// is kept between the two steps and both count and decode the same bytes.
import { html } from 'hono/html';
import type { DuplicateRow, PaperPreview } from '../../paper/paper-batches.js';
import type { SheetEncoding } from '../../paper/sheet-bytes.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { count, csrfField, page, tableRegion } from '../shell/layout.js';
import type { Html } from '../shell/layout.js';
import { paperPath } from './paper-pages.js';

function encodingNote(encoding: SheetEncoding): Html | string {
  if (encoding === 'UTF-8') return '';
  if (encoding !== 'Windows-1252') return html`<p id="paper-encoding">The file was read as ${encoding}.</p>`;
  return html`<div id="paper-encoding" class="notice"><p>The file is not UTF-8, so it was read as Windows-1252 (Latin-1), the encoding of Excel's plain "CSV (Comma delimited)". Check that the names below read right. If they do not, save the sheet as "CSV UTF-8 (Comma delimited)" in Excel, or with "Unicode (UTF-8)" as the character set in LibreOffice, and preview it again.</p></div>`;
}

function matched(row: DuplicateRow): Html {
  if ('sheetRow' in row) return html`Row ${row.sheetRow} of this sheet`;
  const { id, name, listedPosition, paperBatchId } = row.signature;
  const where = [listedPosition === null ? 'not listed' : `listed #${count(listedPosition)}`, ...(paperBatchId === null ? [] : [`paper batch ${paperBatchId}`])].join(', ');
  return html`<a href="${CONSOLE_PATH}/signatures/${id}">${name}</a> (signature ${id}, ${where})`;
}

function duplicatesTable(preview: PaperPreview): Html | string {
  if (preview.duplicates.length === 0) return '';
  return tableRegion('duplicates-caption', `Duplicate rows (${count(preview.duplicates.length)}), left out: the signer has signed already`, html`<thead><tr><th scope="col">Row</th><th scope="col">Same signer as</th></tr></thead>
<tbody>
${preview.duplicates.map((row) => html`<tr><th scope="row">${row.rowNumber}</th><td>${matched(row)}</td></tr>`)}
</tbody>`);
}

function failingTable(preview: PaperPreview): Html | string {
  if (preview.failing.length === 0) return '';
  return tableRegion('failing-caption', `Rows that fail (${count(preview.failing.length)}): fix them in the sheet and add them in another batch`, html`<thead><tr><th scope="col">Row</th><th scope="col">Why</th></tr></thead>
<tbody>
${preview.failing.map((row) => html`<tr><th scope="row">${row.rowNumber}</th><td><ul>${row.reasons.map((reason) => html`<li>${reason}</li>`)}</ul></td></tr>`)}
</tbody>`);
}

function addingTable(preview: PaperPreview): Html | string {
  if (preview.adding.length === 0) return '';
  return tableRegion('adding-caption', `Signers to add (${count(preview.adding.length)})`, html`<thead><tr><th scope="col">Row</th><th scope="col">Name</th><th scope="col">Town</th></tr></thead>
<tbody>
${preview.adding.map((row) => html`<tr><th scope="row">${row.rowNumber}</th><td>${row.name}</td><td>${row.city}</td></tr>`)}
</tbody>`);
}

export function paperPreviewPage(options: { session: ConsoleSession; petition: PetitionRow; carried: string; encoding: SheetEncoding; preview: PaperPreview }): Html {
  const { session, petition, preview } = options;
  return page(
    { title: `Preview paper signatures: ${petition.title}`, session, section: 'petitions' },
    html`<p><a href="${paperPath(petition)}">Back to paper signatures</a></p>
<dl class="summary">
<dt>To add</dt><dd id="paper-to-add">${count(preview.toAdd)}</dd>
<dt>Duplicates, left out</dt><dd id="paper-duplicates">${count(preview.duplicates.length)}</dd>
<dt>Failing, left out</dt><dd id="paper-failing">${count(preview.failing.length)}</dd>
</dl>
${encodingNote(options.encoding)}
${duplicatesTable(preview)}
${failingTable(preview)}
${addingTable(preview)}
${preview.toAdd === 0
    ? html`<p>No signer of this sheet can be added.</p>`
    : html`<form method="post" action="${paperPath(petition)}" enctype="multipart/form-data">
${csrfField(session)}
<input type="hidden" name="sheet" value="${options.carried}">
<button type="submit" class="primary">Add ${count(preview.toAdd)} paper ${preview.toAdd === 1 ? 'signature' : 'signatures'}</button>
</form>
<p class="hint">They count at once and join the list after the newest signature. The batch can be removed as a whole later.</p>`}`,
  );
}
