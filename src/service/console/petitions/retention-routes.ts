// The console's routes of a petition's personal data: its retention page and period, and the
// early erasure (asked for on its confirmation page first).
import { Hono } from 'hono';
import { isClosed } from '../../petitions/petitions.js';
import { RetainDaysError, setPetitionRetention } from '../../retention/petition-retention.js';
import { RETAIN_DAYS_MAX, RETAIN_DAYS_MIN } from '../../retention/retention-period.js';
import { retentionState } from '../../retention/retention-state.js';
import type { PetitionRow } from '../../store/store.js';
import type { ConsoleContext, ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import { count } from '../shell/layout.js';
import type { FormProblem } from '../shell/layout.js';
import { eraseConfirmationPage, RETAIN_DAYS_FIELD, retentionPage } from './retention-pages.js';

const DAYS_PROBLEM: FormProblem = {
  fieldId: RETAIN_DAYS_FIELD,
  message: `Enter a whole number of days from ${RETAIN_DAYS_MIN} to ${count(RETAIN_DAYS_MAX)}, or leave it empty for the service’s period`,
};

export function retentionRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store, retention } = deps;
  const app = new Hono<ConsoleEnv>();
  const petitionOf = async (c: ConsoleContext): Promise<PetitionRow | null> => {
    const id = pathId(c.req.param('id'));
    return id === null ? null : ((await store.petitionById.get(id)) ?? null);
  };
  const render = async (c: ConsoleContext, petition: PetitionRow, form: { typed?: string; problems?: FormProblem[] } = {}) => {
    const now = Date.now();
    const row = (await store.petitionRetention.get(petition.id))!;
    return retentionPage({
      session: c.get('session'),
      petition,
      state: retentionState(row, retention.serviceDays, now),
      ownDays: row.retain_days_after_close,
      serviceDays: retention.serviceDays,
      closed: isClosed(petition, now),
      notice: doneNotice(c.req.query('done')),
      ...form,
    });
  };

  app.get('/petitions/:id/retention', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return c.html(await render(c, petition));
  });

  app.post('/petitions/:id/retention', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const typed = field(c, RETAIN_DAYS_FIELD);
    try {
      await setPetitionRetention(store, petition.id, typed, c.get('session').operator);
    } catch (error) {
      if (!(error instanceof RetainDaysError)) throw error;
      return c.html(await render(c, petition, { typed, problems: [DAYS_PROBLEM] }), 400);
    }
    return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}/retention?done=retention-set`, 303);
  });

  app.get('/petitions/:id/erase', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return c.html(eraseConfirmationPage(c.get('session'), petition));
  });

  app.post('/petitions/:id/erase', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    // An erasure that did not come through its confirmation page asks first.
    if (field(c, 'confirmed') !== 'yes') return c.html(eraseConfirmationPage(c.get('session'), petition), 400);
    await retention.eraseNow(petition.id, c.get('session').operator);
    return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}/retention?done=personal-data-erased`, 303);
  });

  return app;
}
