// The console's paper signatures pages: the upload form (a CSV sheet, docs/paper-signatures.md)
// with the petition's batches, each with a button to remove it, and the confirmation before a
// batch is removed. The preview of a sheet is paper-preview-page.ts.
import { html } from 'hono/html';
import { PAPER_ROW_LIMIT } from '../../paper/paper-sheet.js';
import { PAPER_FILE_LIMIT_BYTES } from '../../paper/sheet-bytes.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { PaperBatchRow } from '../../store/campaign/paper-store.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { actionButton, consoleTime, count, csrfField, page, tableRegion, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

export const SHEET_FIELD_ID = 'paper-sheet';

export const paperPath = (petition: PetitionRow) => `${CONSOLE_PATH}/petitions/${petition.id}/paper`;

function uploadForm(session: ConsoleSession, petition: PetitionRow, problems: FormProblem[]): Html {
  return html`<form method="post" action="${paperPath(petition)}/preview" enctype="multipart/form-data" novalidate>
${csrfField(session)}
${textField({
  id: SHEET_FIELD_ID,
  name: 'sheet',
  type: 'file',
  label: 'CSV file of paper signatures',
  value: '',
  hint: `A header row with the API's field names (first_name, last_name, email, address, city, state_province, postal_code, country_code, phone, reason, hidden), then one signer per row; email may be blank. Save it as CSV UTF-8 (Windows-1252, Excel's plain CSV, is read too). At most ${PAPER_ROW_LIMIT} signers and ${PAPER_FILE_LIMIT_BYTES / 1024} KB.`,
  problems,
})}
<button type="submit">Preview</button>
</form>`;
}

function batchTable(session: ConsoleSession, batches: PaperBatchRow[]): Html {
  if (batches.length === 0) return html`<p>No paper signatures added yet.</p>`;
  return tableRegion('paper-batches-caption', 'Paper batches, newest first', html`<thead><tr><th scope="col">Batch</th><th scope="col" class="number">Added</th><th scope="col" class="number">Duplicates</th><th scope="col" class="number">Failing</th><th scope="col">When</th><th scope="col">Removed</th></tr></thead>
<tbody>
${batches.map(
  (batch) => html`<tr id="paper-batch-${batch.id}">
<th scope="row">${batch.id}</th><td class="number">${count(batch.added)}</td><td class="number">${count(batch.duplicates)}</td><td class="number">${count(batch.failing)}</td>
<td>${consoleTime(batch.created_at)}</td>
<td>${batch.removed_at === null
    ? html`<a href="${CONSOLE_PATH}/paper-batches/${batch.id}/remove">Remove batch ${batch.id}</a>`
    : `${consoleTime(batch.removed_at)} (${count(batch.removed ?? 0)} removed)`}</td>
</tr>`,
)}
</tbody>`);
}

export function paperPage(options: { session: ConsoleSession; petition: PetitionRow; batches: PaperBatchRow[]; problems?: FormProblem[]; notice?: string }): Html {
  const { session, petition } = options;
  const problems = options.problems ?? [];
  return page(
    { title: `Add paper signatures: ${petition.title}`, session, section: 'petitions', problems, notice: options.notice },
    html`<p><a href="${CONSOLE_PATH}/petitions/${petition.id}">Back to the petition</a></p>
<p>Signatures gathered on paper follow the same rules as online ones. Duplicates of signers the petition has, by email address or, without one, by name and postal code, are left out. Nothing is added before you have seen the preview.</p>
${uploadForm(session, petition, problems)}
<h2>Batches</h2>
${batchTable(session, options.batches)}`,
  );
}

export function removeBatchPage(session: ConsoleSession, petition: PetitionRow, batch: PaperBatchRow, counted: number): Html {
  return page(
    { title: `Remove paper batch ${batch.id}: ${petition.title}`, session, section: 'petitions' },
    html`<p><a href="${paperPath(petition)}">Back to paper signatures</a></p>
<p>Batch ${batch.id} added ${count(batch.added)} paper signatures on ${consoleTime(batch.created_at)}; ${count(counted)} of them count now. Removing it deletes all of its signatures: the count, the list and the charts follow.</p>
${actionButton(session, `${CONSOLE_PATH}/paper-batches/${batch.id}/remove`, `Remove batch ${batch.id}`, 'warning')}`,
  );
}
