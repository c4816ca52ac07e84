// The console's page of a petition's personal data: when it is erased and what goes (so the
// operator can export before), the petition's own retention period, and the early erasure's
// confirmation. The lists of what goes and stays say what personal-data-erasure.ts does.
import { html } from 'hono/html';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { RetentionState } from '../../retention/retention-state.js';
import { RETAIN_DAYS_MAX, RETAIN_DAYS_MIN } from '../../retention/retention-period.js';
import type { PetitionRow } from '../../store/store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { consoleTime, count, csrfField, page, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

export const RETAIN_DAYS_FIELD = 'retain-days-after-close';

const days = (n: number) => `${count(n)} ${n === 1 ? 'day' : 'days'}`;

/** One line on the petition's page: when its personal data goes, with the link to this page. */
export function retentionSummary(petitionId: number, state: RetentionState): Html {
  return html`<p id="retention-summary">${retentionSentence(state)} <a href="${CONSOLE_PATH}/petitions/${petitionId}/retention">Personal data and its erasure</a></p>`;
}

function retentionSentence(state: RetentionState): Html {
  switch (state.kind) {
    case 'erased':
      return html`Signers’ personal data was erased on ${consoleTime(state.erasedAt)}.`;
    case 'kept':
      return html`Signers’ personal data is kept until an operator erases it: no retention period is set.`;
    case 'open':
      return html`Signers’ personal data will be erased ${days(state.days)} after the petition closes.`;
    case 'scheduled':
      return html`Signers’ personal data will be erased on <strong id="erasure-date">${consoleTime(state.dueAt)}</strong>, ${days(state.days)} after the petition closed (${consoleTime(state.closedAt)}).`;
  }
}

const GOES = html`<ul id="erasure-goes">
<li>Each signer’s email address, street address, postal code, phone number and reason</li>
<li>The address they signed from, the opt-ins they ticked, their withdrawal links</li>
<li>The name and town of signers the public list does not show (hidden or invalidated)</li>
<li>Signatures still waiting for confirmation, with their links and codes</li>
<li>The search keys of every signature, and this petition’s own block list entries</li>
</ul>`;

const STAYS = html`<ul id="erasure-stays">
<li>The count, and the breakdowns by country, region, day and source</li>
<li>What the public list shows: each listed signer’s name, town, region, country and time of signing</li>
<li>Hidden and invalidated signatures as counts, and the audit log</li>
</ul>`;

export function retentionPage(options: {
  session: ConsoleSession;
  petition: PetitionRow;
  state: RetentionState;
  /** The petition's own period, or null for the service's. */
  ownDays: number | null;
  serviceDays: number | null;
  closed: boolean;
  /** The form as typed, when it comes back with a problem. */
  typed?: string;
  problems?: FormProblem[];
  notice?: string;
}): Html {
  const { session, petition, state } = options;
  const base = `${CONSOLE_PATH}/petitions/${petition.id}`;
  const serviceText = options.serviceDays === null ? 'none: kept until an operator erases' : days(options.serviceDays);
  return page(
    { title: `Personal data: ${petition.title}`, session, section: 'petitions', problems: options.problems, notice: options.notice },
    html`<p id="retention-state">${retentionSentence(state)}</p>
${state.kind === 'scheduled' ? html`<p>Export the signatures before then to keep a copy: <a href="${base}">the petition’s page</a> has the export.</p>` : ''}
<h2>What goes</h2>
${GOES}
<h2>What stays</h2>
${STAYS}
${state.kind === 'erased'
  ? ''
  : html`<h2>Retention period</h2>
<form method="post" action="${base}/retention" novalidate>
${csrfField(session)}
${textField({
  id: RETAIN_DAYS_FIELD,
  name: RETAIN_DAYS_FIELD,
  label: 'Days after closing before personal data is erased',
  value: options.typed ?? (options.ownDays === null ? '' : String(options.ownDays)),
  hint: `A whole number from ${RETAIN_DAYS_MIN} to ${count(RETAIN_DAYS_MAX)}. Leave it empty for the service’s period (${serviceText}).`,
  optional: true,
  inputmode: 'numeric',
  problems: options.problems,
})}
<button type="submit">Save retention period</button>
</form>
${options.closed
  ? html`<h2>Erase now</h2>
<p>Erases the personal data listed above today instead of on its date. It cannot be undone.</p>
<p><a class="button warning" href="${base}/erase">Erase personal data now</a></p>`
  : ''}`}
<p><a href="${base}">Back to the petition</a></p>`,
  );
}

export function eraseConfirmationPage(session: ConsoleSession, petition: PetitionRow): Html {
  const base = `${CONSOLE_PATH}/petitions/${petition.id}`;
  return page(
    { title: `Erase the personal data of “${petition.title}”?`, session, section: 'petitions' },
    html`<p>Every signer’s personal data on this petition goes now, and cannot be brought back:</p>
${GOES}
<p>Its ${count(petition.signature_count)} counted ${petition.signature_count === 1 ? 'signature stays' : 'signatures stay'}, as does what the public list shows. Export the signatures first if a copy must be kept.</p>
<form method="post" action="${base}/erase">
${csrfField(session)}
<input type="hidden" name="confirmed" value="yes">
<div class="actions">
<button type="submit" class="warning">Erase personal data</button>
<a class="button" href="${base}/retention">Cancel: keep it</a>
</div>
</form>`,
  );
}
