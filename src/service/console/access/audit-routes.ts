// The console's audit log: every operator action, newest first, paged by id.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { auditPage } from '../../operators/audit-log.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, pathId } from '../shell/console-env.js';
import { consoleTime, page } from '../shell/layout.js';

export function auditRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.get('/audit', async (c) => {
    const { entries, next } = await auditPage(deps.store, pathId(c.req.query('before')));
    return c.html(
      page(
        { title: 'Audit log', session: c.get('session'), section: 'audit' },
        html`<p>Who did what, and when: every action taken in this console or with the admin command.</p>
${entries.length === 0
  ? html`<p>Nothing yet.</p>`
  : html`<table>
<caption>Operator actions, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">On</th><th scope="col">Details</th></tr></thead>
<tbody>
${entries.map((entry) => html`<tr><td>${consoleTime(entry.at)}</td><td>${entry.actor}</td><td>${entry.action}</td><td>${entry.subject}</td><td>${entry.detail}</td></tr>`)}
</tbody>
</table>`}
${next === null ? '' : html`<nav class="pages" aria-label="Pages"><ul><li><a href="${CONSOLE_PATH}/audit?before=${next}">Older entries</a></li></ul></nav>`}`,
      ),
    );
  });

  return app;
}
