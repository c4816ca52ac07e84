// The console's trending alerts: the list, and dismissing one (audited), back to where it was.
import { Hono } from 'hono';
import { dismissAlert } from '../../alerts/alert-dismissal.js';
import { OperatorError } from '../../errors/operator-error.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { ALERTS_SHOWN, alertsPage } from './alert-pages.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage, refusedPage } from '../shell/error-pages.js';

export function alertRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.get('/alerts', async (c) => c.html(alertsPage(c.get('session'), await deps.store.alertsForReview.all(ALERTS_SHOWN), doneNotice(c.req.query('done')))));

  app.post('/alerts/:id/dismiss', async (c) => {
    const id = pathId(c.req.param('id'));
    const alert = id === null ? undefined : await deps.store.alertById.get(id);
    if (!alert) return c.html(notFoundPage(c.get('session')), 404);
    try {
      await dismissAlert(deps.store, alert, c.get('session').operator);
    } catch (error) {
      if (!(error instanceof OperatorError)) throw error;
      return c.html(refusedPage(c.get('session'), error.message), 409);
    }
    const back = field(c, 'from') === 'petition' ? `/petitions/${alert.petition_id}` : '/alerts';
    return c.redirect(`${CONSOLE_PATH}${back}?done=alert-dismissed`, 303);
  });

  return app;
}
