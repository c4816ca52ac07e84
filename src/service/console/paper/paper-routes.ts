// The console's paper signatures routes (src/service/paper/): the upload page, a sheet's
// preview (a multipart upload, its size and encoding checked by sheet-bytes.ts), adding the previewed sheet
// as a batch, and removing a batch after a confirmation page.
import { Hono } from 'hono';
import { addPaperBatch, paperJobs, previewPaper, removePaperBatch } from '../../paper/paper-batches.js';
import { sheetText } from '../../paper/sheet-bytes.js';
import type { SheetText } from '../../paper/sheet-bytes.js';
import type { PetitionRow } from '../../store/store.js';
import type { ConsoleContext, ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import { paperPage, removeBatchPage, SHEET_FIELD_ID } from './paper-pages.js';
import { paperPreviewPage } from './paper-preview-page.js';

/** Base64 as the preview's form carries it; anything else is no sheet the console wrote. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The sheet as posted: the uploaded file (the preview) or its bytes carried back in base64
 * (adding it), so both steps count and decode the same bytes (sheet-bytes.ts).
 */
async function postedSheet(c: ConsoleContext): Promise<{ ok: true; bytes: Uint8Array; sheet: SheetText & { ok: true } } | { ok: false; problem: string }> {
  const posted = (await c.req.parseBody())['sheet'];
  // A form sent with no file chosen carries an empty part without a file name.
  if (posted === undefined || posted === '' || (typeof posted !== 'string' && posted.name === '' && posted.size === 0)) return { ok: false, problem: 'Select a CSV file' };
  if (typeof posted === 'string' && !BASE64.test(posted)) return { ok: false, problem: 'Select a CSV file' };
  const bytes = typeof posted === 'string' ? new Uint8Array(Buffer.from(posted, 'base64')) : new Uint8Array(await posted.arrayBuffer());
  const sheet = sheetText(bytes);
  return sheet.ok ? { ok: true, bytes, sheet } : sheet;
}

export function paperRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store } = deps;
  const app = new Hono<ConsoleEnv>();
  // A second batch added to or removed from a petition while one is being written is refused (409).
  const jobs = paperJobs(deps.log);

  const petitionOf = async (c: ConsoleContext): Promise<PetitionRow | undefined> => {
    const id = pathId(c.req.param('id'));
    return id === null ? undefined : store.petitionById.get(id);
  };
  const showForm = async (c: ConsoleContext, petition: PetitionRow, problem?: string) =>
    c.html(
      paperPage({
        session: c.get('session'),
        petition,
        batches: await store.paperBatchesOf.all(petition.id),
        notice: doneNotice(c.req.query('done')),
        problems: problem ? [{ fieldId: SHEET_FIELD_ID, message: problem }] : [],
      }),
      problem ? 400 : 200,
    );

  app.get('/petitions/:id/paper', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    return showForm(c, petition);
  });

  app.post('/petitions/:id/paper/preview', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const sheet = await postedSheet(c);
    if (!sheet.ok) return showForm(c, petition, sheet.problem);
    const result = await previewPaper(store, petition.id, sheet.sheet.text);
    if (!result.ok) return showForm(c, petition, result.problem);
    const carried = Buffer.from(sheet.bytes).toString('base64');
    return c.html(paperPreviewPage({ session: c.get('session'), petition, carried, encoding: sheet.sheet.encoding, preview: result.preview }));
  });

  app.post('/petitions/:id/paper', async (c) => {
    const petition = await petitionOf(c);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const sheet = await postedSheet(c);
    if (!sheet.ok) return showForm(c, petition, sheet.problem);
    const result = await jobs.run(petition.id, () => addPaperBatch(store, petition.id, sheet.sheet.text, c.get('session').operator), (added) =>
      added.ok ? `batch ${added.batchId} added: ${added.preview.toAdd} to add, ${added.preview.duplicates.length} duplicates, ${added.preview.failing.length} failing` : 'the sheet could not be read');
    if (!result.ok) return showForm(c, petition, result.problem);
    return c.redirect(`${CONSOLE_PATH}/petitions/${petition.id}/paper?done=paper-added`, 303);
  });

  const batchOf = async (c: ConsoleContext) => {
    const id = pathId(c.req.param('id'));
    const batch = id === null ? undefined : await store.paperBatchById.get(id);
    const petition = batch && (await store.petitionById.get(batch.petition_id));
    return batch && petition ? { batch, petition } : undefined;
  };

  app.get('/paper-batches/:id/remove', async (c) => {
    const found = await batchOf(c);
    if (!found || found.batch.removed_at !== null) return c.html(notFoundPage(c.get('session')), 404);
    const { counted } = (await store.paperBatchCounted.get(found.petition.id, found.batch.id))!;
    return c.html(removeBatchPage(c.get('session'), found.petition, found.batch, Number(counted)));
  });

  app.post('/paper-batches/:id/remove', async (c) => {
    const found = await batchOf(c);
    if (!found) return c.html(notFoundPage(c.get('session')), 404);
    await jobs.run(found.petition.id, () => removePaperBatch(store, found.batch.id, c.get('session').operator), (done) => `batch ${found.batch.id} removed: ${done.removed} signatures`);
    return c.redirect(`${CONSOLE_PATH}/petitions/${found.petition.id}/paper?done=paper-removed`, 303);
  });

  return app;
}
