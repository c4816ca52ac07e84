// The console's key requests: pending ones first, with who asks (consumer, source, description,
// requester email); grant, deny or revoke, each answered to the requester by callback.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { decideKeyRequest } from '../../auth-keys/auth-key-requests.js';
import type { OperatorDecision } from '../../auth-keys/auth-key-requests.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { KeyRequestForReview } from '../../store/operators/operator-store.js';
import { OperatorError } from '../../errors/operator-error.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage, refusedPage } from '../shell/error-pages.js';
import { actionButton, consoleTime, page, tableRegion } from '../shell/layout.js';
import type { Html } from '../shell/layout.js';

const DECISIONS: Record<KeyRequestForReview['status'], Array<[OperatorDecision, string, 'primary' | 'warning' | '']>> = {
  pending: [
    ['grant', 'Grant', 'primary'],
    ['deny', 'Deny', ''],
  ],
  denied: [['grant', 'Grant', 'primary']],
  granted: [['revoke', 'Revoke', 'warning']],
  revoked: [],
};

function keyRequestsPage(session: ConsoleSession, requests: KeyRequestForReview[], notice?: string): Html {
  const pending = requests.filter((request) => request.status === 'pending').length;
  return page(
    { title: 'Key requests', session, section: 'key-requests', notice },
    html`<p>Websites and apps ask for a key to collect signatures for a petition. ${pending === 0 ? 'None is waiting.' : `${pending} waiting for a decision.`}</p>
${requests.length === 0
  ? html`<p>No key requests yet.</p>`
  : tableRegion('key-requests-caption', 'Key requests, waiting ones first', html`<thead><tr><th scope="col">Status</th><th scope="col">Petition</th><th scope="col">Consumer</th><th scope="col">Source</th><th scope="col">Description</th><th scope="col">Requester email</th><th scope="col">Requested</th><th scope="col">Decide</th></tr></thead>
<tbody>
${requests.map(
  (request) => html`<tr id="key-request-${request.id}">
<td>${request.status}</td>
<td><a href="${CONSOLE_PATH}/petitions/${request.petition_id}">${request.petition_title}</a></td>
<td>${request.consumer_name}</td>
<td><code>${request.source}</code></td>
<td>${request.source_description}</td>
<td>${request.requester_email}</td>
<td>${consoleTime(request.created_at)}</td>
<td><div class="actions">${DECISIONS[request.status].map(([decision, label, style]) =>
    actionButton(session, `${CONSOLE_PATH}/key-requests/${request.id}/${decision}`, `${label}`, style),
  )}</div></td>
</tr>`,
)}
</tbody>`)}`,
  );
}

const DONE: Record<OperatorDecision, string> = { grant: 'granted', deny: 'denied', revoke: 'revoked' };

export function keyRequestRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.get('/key-requests', async (c) => c.html(keyRequestsPage(c.get('session'), await deps.store.keyRequestsForReview.all(), doneNotice(c.req.query('done')))));

  for (const decision of ['grant', 'deny', 'revoke'] as const) {
    app.post(`/key-requests/:id/${decision}`, async (c) => {
      const id = pathId(c.req.param('id'));
      if (id === null || !await deps.store.authKeyRequestById.get(id)) return c.html(notFoundPage(c.get('session')), 404);
      try {
        const decided = await decideKeyRequest(deps.store, id, decision, c.get('session').operator);
        deps.log(`key request ${id} ${DONE[decision]} in the console (petition ${decided.petition_id}, consumer ${decided.consumer_id})`);
      } catch (error) {
        if (!(error instanceof OperatorError)) throw error;
        return c.html(refusedPage(c.get('session'), error.message), 409);
      }
      deps.onDeliveryQueued();
      return c.redirect(`${CONSOLE_PATH}/key-requests?done=${DONE[decision]}`, 303);
    });
  }

  return app;
}
