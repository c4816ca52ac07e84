// The console's block list routes: the list, adding an entry and removing one (block-list.ts).
import { Hono } from 'hono';
import { addBlockEntry, BlockEntryProblem, removeBlockEntry } from '../../abuse/block-list.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import { blockListPage } from './block-list-pages.js';

const FIELD_IDS = { kind: 'block-kind', value: 'block-value', petition: 'block-petition' } as const;

export function blockListRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store } = deps;
  const app = new Hono<ConsoleEnv>();

  app.get('/block-list', async (c) =>
    c.html(blockListPage({ session: c.get('session'), entries: await store.allBlockEntries.all(), notice: doneNotice(c.req.query('done')) })),
  );

  app.post('/block-list', async (c) => {
    const form = { kind: field(c, 'kind'), value: field(c, 'value'), petition: field(c, 'petition').trim() };
    try {
      const petitionId = form.petition === '' ? null : pathId(form.petition);
      if (petitionId === null && form.petition !== '') throw new BlockEntryProblem('petition', 'Enter a petition number, like 12, or leave it empty');
      await addBlockEntry(store, { kind: form.kind, value: form.value, petitionId }, c.get('session').operator);
    } catch (error) {
      if (!(error instanceof BlockEntryProblem)) throw error;
      const problems = [{ fieldId: FIELD_IDS[error.field], message: error.message }];
      return c.html(blockListPage({ session: c.get('session'), entries: await store.allBlockEntries.all(), form, problems }), 400);
    }
    return c.redirect(`${CONSOLE_PATH}/block-list?done=blocked`, 303);
  });

  app.post('/block-list/:id/remove', async (c) => {
    const id = pathId(c.req.param('id'));
    if (id === null || !(await store.blockEntryById.get(id))) return c.html(notFoundPage(c.get('session')), 404);
    await removeBlockEntry(store, id, c.get('session').operator);
    return c.redirect(`${CONSOLE_PATH}/block-list?done=unblocked`, 303);
  });

  return app;
}
