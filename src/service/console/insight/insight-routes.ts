// The console's "Campaign at a glance" page (issue 20): GET only, the window in the query.
import { Hono } from 'hono';
import { readCampaignInsight } from '../../insight/campaign-insight.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { pathId } from '../shell/console-env.js';
import { notFoundPage } from '../shell/error-pages.js';
import { insightPage, insightProblems } from './insight-page.js';

export function insightRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.get('/petitions/:id/insight', async (c) => {
    const id = pathId(c.req.param('id'));
    const petition = id === null ? undefined : await deps.store.petitionById.get(id);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const { window, problems, insight } = await readCampaignInsight(deps.store, petition, c.req.query(), Date.now());
    const body = insightPage({ session: c.get('session'), petition, window, problems: insightProblems(problems), insight });
    return c.html(body, problems.length > 0 ? 400 : 200);
  });
  return app;
}
