// The console's trending alerts (src/service/alerts/): the list of every petition's, and the
// same table on a petition's page, each with its counts, its window, a dismiss button and a link
// to the bulk invalidation form filtered on its group.
import { html } from 'hono/html';
import { KIND_LABELS } from '../../alerts/alert-groups.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import { toIsoSeconds } from '../../petitions/iso-time.js';
import type { AlertForReview } from '../../store/campaign/alert-store.js';
import { CONSOLE_PATH } from '../shell/console-env.js';
import { consoleTime, count, csrfField, page, tableRegion } from '../shell/layout.js';
import type { Html } from '../shell/layout.js';

/** Most alerts a page shows: ongoing ones first, then the newest. */
export const ALERTS_SHOWN = 100;

function share(part: number, whole: number): string {
  return whole === 0 ? '–' : `${(Math.round((part * 1000) / whole) / 10).toLocaleString('en-GB')} %`;
}

function state(alert: AlertForReview): Html {
  if (alert.dismissed_at !== null) return html`Dismissed by ${alert.dismissed_by} at ${consoleTime(alert.dismissed_at)}`;
  return alert.ended_at === null ? html`<strong>Ongoing</strong>` : html`Ended at ${consoleTime(alert.ended_at)}`;
}

/** The bulk invalidation form of the petition, its filter set to the group and the window's start. */
function invalidationLink(alert: AlertForReview): string {
  const query = new URLSearchParams({ [alert.kind]: alert.group_key, from: toIsoSeconds(alert.window_from) });
  return `${CONSOLE_PATH}/petitions/${alert.petition_id}/bulk-invalidation?${query}`;
}

function alertRow(session: ConsoleSession, alert: AlertForReview, from: 'list' | 'petition'): Html {
  const group = `${KIND_LABELS[alert.kind]} ${alert.group_key}`;
  return html`<tr id="alert-${alert.id}">
${from === 'list' ? html`<td><a href="${CONSOLE_PATH}/petitions/${alert.petition_id}">${alert.petition_title}</a></td>` : ''}
<th scope="row">${KIND_LABELS[alert.kind]}: <code>${alert.group_key}</code></th>
<td class="number">${count(alert.count)} of ${count(alert.window_total)} (${share(alert.count, alert.window_total)})</td>
<td class="number">${alert.baseline_count === 0 ? 'none' : html`${count(alert.baseline_count)} of ${count(alert.baseline_total)} (${share(alert.baseline_count, alert.baseline_total)})`}</td>
<td>${consoleTime(alert.window_from)} to ${consoleTime(alert.window_to)}</td>
<td>${consoleTime(alert.raised_at)}</td>
<td>${state(alert)}</td>
<td><div class="actions">
<a href="${invalidationLink(alert)}">Review for invalidation<span class="visually-hidden">: ${group}</span></a>
${alert.dismissed_at === null
  ? html`<form method="post" action="${CONSOLE_PATH}/alerts/${alert.id}/dismiss">${csrfField(session)}<input type="hidden" name="from" value="${from}"><button type="submit">Dismiss<span class="visually-hidden"> the alert for ${group}</span></button></form>`
  : ''}
</div></td>
</tr>`;
}

export function alertTable(session: ConsoleSession, alerts: AlertForReview[], from: 'list' | 'petition'): Html {
  if (alerts.length === 0) return html`<p>No trending alerts.</p>`;
  return tableRegion('alerts-caption', 'Trending alerts, ongoing ones first', html`<thead><tr>${from === 'list' ? html`<th scope="col">Petition</th>` : ''}<th scope="col">Group</th><th scope="col" class="number">Signatures in the window</th><th scope="col" class="number">Before the window</th><th scope="col">Window</th><th scope="col">Raised</th><th scope="col">State</th><th scope="col">Act</th></tr></thead>
<tbody>
${alerts.map((alert) => alertRow(session, alert, from))}
</tbody>`);
}

export function alertsPage(session: ConsoleSession, alerts: AlertForReview[], notice?: string): Html {
  return page(
    { title: 'Trending alerts', session, section: 'alerts', notice },
    html`<p>An alert is raised when one address range, email domain or source suddenly carries an unusual share of a petition’s recent signatures. Dismissing it records who did, in the audit log.</p>
${alertTable(session, alerts, 'list')}`,
  );
}
