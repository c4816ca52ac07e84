// The console's audit log: every operator action, newest first, paged by id, each linked to
// what it acted on (audit-links.ts).
import { Hono } from 'hono';
import { html } from 'hono/html';
import { auditPage } from '../../operators/audit-log.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, pathId } from '../shell/console-env.js';
import { consoleTime, page, tableRegion } from '../shell/layout.js';
import { auditLinks, withLinks } from './audit-links.js';

export function auditRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.get('/audit', async (c) => {
    const { entries, next } = await auditPage(deps.store, pathId(c.req.query('before')));
    const links = await auditLinks(deps.store, entries.flatMap((entry) => [entry.subject, entry.detail]));
    return c.html(
      page(
        { title: 'Audit log', session: c.get('session'), section: 'audit' },
        html`<p>Who did what, and when: every action taken in this console or with the admin command.</p>
${entries.length === 0
  ? html`<p>Nothing yet.</p>`
  : tableRegion('audit-caption', 'Operator actions, newest first', html`<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">On</th><th scope="col">Details</th></tr></thead>
<tbody>
${entries.map((entry) => html`<tr><td>${consoleTime(entry.at)}</td><td>${entry.actor}</td><td>${entry.action}</td><td>${withLinks(entry.subject, links)}</td><td>${withLinks(entry.detail, links)}</td></tr>`)}
</tbody>`)}
${next === null ? '' : html`<nav class="pages" aria-label="Pages"><ul><li><a href="${CONSOLE_PATH}/audit?before=${next}">Older entries</a></li></ul></nav>`}`,
      ),
    );
  });

  return app;
}
