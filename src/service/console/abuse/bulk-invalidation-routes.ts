// The console's bulk invalidation routes: the page, a preview, the invalidation, and undoing a
// batch (bulk-invalidation.ts). The filter that acts travels in POST bodies; a URL's query only
// fills the form in (a trending alert links to its group this way) and is previewed by a press.
import { Hono } from 'hono';
import { bulkInvalidationJobs, invalidateInBulk, previewInvalidation, undoInvalidation } from '../../abuse/bulk-invalidation.js';
import { FILTER_FIELDS, readInvalidationFilter, type FilterText } from '../../abuse/invalidation-filter.js';
import type { PetitionRow } from '../../store/store.js';
import type { ConsoleContext, ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import { bulkInvalidationPage, filterFieldId } from './bulk-invalidation-pages.js';

export function bulkInvalidationRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store } = deps;
  const app = new Hono<ConsoleEnv>();
  // A second invalidation or undo of a petition while one runs is refused (409).
  const jobs = bulkInvalidationJobs(deps.log);

  const petitionOf = async (c: ConsoleContext): Promise<PetitionRow | undefined> => {
    const id = pathId(c.req.param('id'));
    return id === null ? undefined : store.petitionById.get(id);
  };
  const show = async (c: ConsoleContext, petition: PetitionRow, extra: Omit<Parameters<typeof bulkInvalidationPage>[0], 'session' | 'petition' | 'batches'> = {}, status: 200 | 400 = 200) =>
    c.html(bulkInvalidationPage({ session: c.get('session'), petition, batches: await store.invalidationBatchesOf.all(petition.id), ...extra }), status);
  /** The filter as posted; problems answer the form again (400). */
  const readFilter = (c: ConsoleContext, petition: PetitionRow) => {
    const form = Object.fromEntries(FILTER_FIELDS.map((name) => [name, field(c, name)])) as FilterText;
    return { form, read: readInvalidationFilter(petition.id, form) };
  };

  app.get('/petitions/:id/bulk-invalidation', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const prefill = Object.fromEntries(FILTER_FIELDS.flatMap((name) => {
      const value = c.req.query(name);
      return value ? [[name, value]] : [];
    })) as FilterText;
    return show(c, petition, { notice: doneNotice(c.req.query('done')), form: prefill });
  });

  app.post('/petitions/:id/bulk-invalidation/preview', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const { form, read } = readFilter(c, petition);
    if (!read.ok) return show(c, petition, { form, problems: read.problems.map((p) => ({ fieldId: filterFieldId(p.field), message: p.message })) }, 400);
    return show(c, petition, { preview: { text: read.text, result: await previewInvalidation(store, read.params) } });
  });

  app.post('/petitions/:id/bulk-invalidation', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const { form, read } = readFilter(c, petition);
    if (!read.ok) return show(c, petition, { form, problems: read.problems.map((p) => ({ fieldId: filterFieldId(p.field), message: p.message })) }, 400);
    await jobs.run(petition.id, () => invalidateInBulk(store, read.params, read.text, c.get('session').operator), (done) => `batch ${done.batchId}: ${done.invalidated} signatures invalidated`);
    return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}/bulk-invalidation?done=bulk-invalidated`, 303);
  });

  app.post('/invalidation-batches/:id/undo', async (c) => {
    const id = pathId(c.req.param('id'));
    const batch = id === null ? undefined : await store.invalidationBatchById.get(id);
    if (!batch) return c.html(notFoundPage(c.get('session')), 404);
    const { petitionId } = await jobs.run(batch.petition_id, () => undoInvalidation(store, batch.id, c.get('session').operator), (done) => `batch ${batch.id}: ${done.restored} signatures restored`);
    return c.redirect(`${CONSOLE_PATH}/petitions/${petitionId}/bulk-invalidation?done=bulk-undone`, 303);
  });

  return app;
}
