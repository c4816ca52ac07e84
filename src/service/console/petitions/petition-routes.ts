// The console's petition routes: list, create, edit, open and close, the CSV export and the
// delivery PDF.
import { Hono } from 'hono';
import type { PetitionFieldsText } from '../../petitions/petition-fields.js';
import { PetitionFieldsError } from '../../petitions/petition-fields.js';
import { createPetition, updatePetition } from '../../petitions/petition-writes.js';
import { exportFileName, exportJobs, startSignatureExport } from '../../signatures/signature-export.js';
import { findDeliveryFont } from '../../delivery/delivery-font.js';
import { deliveryFileName } from '../../delivery/delivery-pdf.js';
import { deliveryJobs, prepareDelivery } from '../../delivery/delivery-preparation.js';
import type { PetitionRow, Store } from '../../store/store.js';
import type { ConsoleContext, ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import { ALERTS_SHOWN, alertTable } from '../abuse/alert-pages.js';
import { retentionState } from '../../retention/retention-state.js';
import { retentionSummary } from './retention-pages.js';
import { closeConfirmationPage, formValues, petitionFormPage, petitionListPage, petitionPage, petitionProblems } from './petition-pages.js';
import type { PetitionCounts, PetitionFormValues } from './petition-pages.js';

async function petitionCounts(store: Store, petition: PetitionRow): Promise<PetitionCounts> {
  return {
    listed: petition.last_listed_position - petition.first_listed_position + 1,
    unconfirmed: (await store.unconfirmedCount.get(petition.id))!.count,
    invalidated: (await store.invalidatedCount.get(petition.id))!.count,
    paper: Number((await store.paperCounted.get(petition.id))!.counted),
  };
}

function postedValues(c: ConsoleContext): PetitionFormValues {
  return {
    title: field(c, 'title'),
    overview: field(c, 'overview'),
    targets: field(c, 'targets'),
    goal: field(c, 'goal'),
    status: field(c, 'status'),
    end_at: field(c, 'end_at'),
    url: field(c, 'url'),
    image_url: field(c, 'image_url'),
    confirm_signers: field(c, 'confirm_signers') === 'yes',
  };
}

/** The form's values in the rules' text forms: an empty optional field clears it. */
function fieldsText(values: PetitionFormValues): PetitionFieldsText {
  const optional = (text: string) => (text.trim() === '' ? 'none' : text);
  const endAt = values.end_at.trim();
  return {
    title: values.title,
    overview: values.overview,
    targets: values.targets.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== ''),
    goal: optional(values.goal.trim()),
    status: values.status,
    // The form's date and time are UTC (datetime-local has no zone of its own).
    end_at: endAt === '' ? 'none' : /(Z|[+-]\d{2}:\d{2})$/.test(endAt) ? endAt : `${endAt}Z`,
    url: optional(values.url),
    image_url: optional(values.image_url),
    confirm_signers: values.confirm_signers ? 'true' : 'false',
  };
}

export function petitionRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store } = deps;
  const deliveryFont = findDeliveryFont();
  // A second export or delivery PDF of a petition while one runs is refused (409).
  const exports = exportJobs(deps.log);
  const deliveries = deliveryJobs(deps.log);
  const app = new Hono<ConsoleEnv>();
  const petitionOf = async (c: ConsoleContext): Promise<PetitionRow | null> => {
    const id = pathId(c.req.param('id'));
    return id === null ? null : ((await store.petitionById.get(id)) ?? null);
  };

  app.get('/petitions', async (c) => {
    const petitions = await Promise.all(
      (await store.allPetitions.all()).map(async (petition) => ({ petition, counts: await petitionCounts(store, petition) })),
    );
    return c.html(petitionListPage(c.get('session'), petitions, doneNotice(c.req.query('done'))));
  });

  app.get('/petitions/new', async (c) => c.html(petitionFormPage({ session: c.get('session'), petition: null, values: formValues(null) })));

  app.post('/petitions', async (c) => {
    const values = postedValues(c);
    try {
      const id = await createPetition(store, fieldsText(values), c.get('session').operator);
      return c.redirect(`${CONSOLE_PATH}/petitions/${id}?done=created`, 303);
    } catch (error) {
      if (!(error instanceof PetitionFieldsError)) throw error;
      return c.html(petitionFormPage({ session: c.get('session'), petition: null, values, problems: petitionProblems(error.problems) }), 400);
    }
  });

  app.get('/petitions/:id', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return c.html(
      petitionPage({
        session: c.get('session'),
        petition,
        counts: await petitionCounts(store, petition),
        mailConfigured: deps.mailConfigured,
        lastDelivery: deliveries.lastEnd(petition.id),
        notice: doneNotice(c.req.query('done')),
        alerts: alertTable(c.get('session'), await store.alertsOfPetition.all(petition.id, ALERTS_SHOWN), 'petition'),
        retention: retentionSummary(petition.id, retentionState((await store.petitionRetention.get(petition.id))!, deps.retention.serviceDays, Date.now())),
      }),
    );
  });

  app.get('/petitions/:id/edit', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return c.html(petitionFormPage({ session: c.get('session'), petition, values: formValues(petition) }));
  });

  app.post('/petitions/:id', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const values = postedValues(c);
    try {
      await updatePetition(store, petition.id, fieldsText(values), c.get('session').operator);
      return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}?done=updated`, 303);
    } catch (error) {
      if (!(error instanceof PetitionFieldsError)) throw error;
      return c.html(petitionFormPage({ session: c.get('session'), petition, values, problems: petitionProblems(error.problems) }), 400);
    }
  });

  app.get('/petitions/:id/close', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return c.html(closeConfirmationPage(c.get('session'), petition, { signatures: petition.signature_count }));
  });

  for (const status of ['open', 'closed'] as const) {
    app.post(`/petitions/:id/${status === 'open' ? 'open' : 'close'}`, async (c) => {
      const petition = await petitionOf(c);
      if (!petition) return c.html(notFoundPage(c.get('session')), 404);
      // A close that did not come through its confirmation page asks first.
      if (status === 'closed' && field(c, 'confirmed') !== 'yes') {
        return c.html(closeConfirmationPage(c.get('session'), petition, { signatures: petition.signature_count }), 400);
      }
      await updatePetition(store, petition.id, { status }, c.get('session').operator);
      return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}?done=${status === 'open' ? 'opened' : 'closed'}`, 303);
    });
  }

  app.post('/petitions/:id/export', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const csv = await startSignatureExport(store, petition.id, c.get('session').operator, exports);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${exportFileName(petition.id, Date.now())}"`);
    return c.body(csv);
  });

  app.post('/petitions/:id/delivery', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const { pdf } = await prepareDelivery(store, petition, c.get('session').operator, { font: deliveryFont, now: Date.now() }, deliveries);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${deliveryFileName(petition.id)}"`);
    return c.body(pdf);
  });

  return app;
}
