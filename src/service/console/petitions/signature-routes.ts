// The console's signature routes: browse and search a petition's signatures, and hide (or show
// again), invalidate or erase one.
import { Hono } from 'hono';
import { hiddenByOperator, hideSignature, invalidateSignature, showSignature } from '../../signatures/moderation.js';
import { OperatorError } from '../../errors/operator-error.js';
import { listedSignaturesPage, searchSignatures, unlistedSignaturesPage } from '../../signatures/signature-directory.js';
import { eraseSigner } from '../../signatures/signer-erasure.js';
import type { ConsoleContext, ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import { CONSOLE_PATH, field, pathId } from '../shell/console-env.js';
import { doneNotice } from '../shell/done-notices.js';
import { notFoundPage } from '../shell/error-pages.js';
import type { FormProblem } from '../shell/layout.js';
import { signatureListPage, signaturePage } from './signature-pages.js';

/** A page number from 1; anything else is the first page. */
function pageNumber(text: string | undefined): number {
  return text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : 1;
}

export function signatureRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const { store } = deps;
  const app = new Hono<ConsoleEnv>();

  app.get('/petitions/:id/signatures', async (c) => {
    const id = pathId(c.req.param('id'));
    const petition = id === null ? undefined : await store.petitionById.get(id);
    if (!petition) return c.html(notFoundPage(c.get('session')), 404);
    const session = c.get('session');
    const query = (c.req.query('q') ?? '').trim();
    if (query !== '') {
      const { rows, more } = await searchSignatures(store, petition.id, query);
      return c.html(signatureListPage({ session, petition, rows, view: { kind: 'search', query, more } }));
    }
    if (c.req.query('view') === 'unlisted') {
      const before = pathId(c.req.query('before'));
      const { rows, next } = await unlistedSignaturesPage(store, petition.id, before);
      const unlistedCount = (await store.unlistedCount.get(petition.id))!.count;
      return c.html(signatureListPage({ session, petition, rows, view: { kind: 'unlisted', next, unlistedCount } }));
    }
    const listed = await listedSignaturesPage(store, petition, pageNumber(c.req.query('page')));
    return c.html(
      signatureListPage({
        session,
        petition,
        rows: listed.rows,
        view: { kind: 'listed', page: listed.page, totalPages: listed.totalPages },
        notice: doneNotice(c.req.query('done')),
      }),
    );
  });

  const answerSignature = async (c: ConsoleContext, id: number, extra: { problems?: FormProblem[]; eraseConfirmed?: boolean; status?: 400 } = {}) => {
    const signature = await store.signatureById.get(id);
    if (!signature) return c.html(notFoundPage(c.get('session')), 404);
    const petition = (await store.petitionById.get(signature.petition_id))!;
    const signaturesOfSigner = (await store.signaturesOfEmail.all(signature.email_identity)).length;
    return c.html(
      signaturePage({ session: c.get('session'), signature, petition, signaturesOfSigner, showable: await hiddenByOperator(store, signature), notice: doneNotice(c.req.query('done')), ...extra }),
      extra.status ?? 200,
    );
  };

  app.get('/signatures/:id', async (c) => {
    const id = pathId(c.req.param('id'));
    return id === null ? c.html(notFoundPage(c.get('session')), 404) : answerSignature(c, id);
  });

  const actions = [
    ['hide', hideSignature, 'hidden'],
    ['show', showSignature, 'shown'],
    ['invalidate', invalidateSignature, 'invalidated'],
  ] as const;
  for (const [name, act, done] of actions) {
    app.post(`/signatures/:id/${name}`, async (c) => {
      const id = pathId(c.req.param('id'));
      if (id === null || !(await store.signatureById.get(id))) return c.html(notFoundPage(c.get('session')), 404);
      try {
        await act(store, id, c.get('session').operator);
      } catch (error) {
        if (!(error instanceof OperatorError)) throw error;
        return answerSignature(c, id, { problems: [{ fieldId: 'content', message: error.message }], status: 400 });
      }
      return c.redirect(`${CONSOLE_PATH}/signatures/${id}?done=${done}`, 303);
    });
  }

  app.post('/signatures/:id/erase', async (c) => {
    const id = pathId(c.req.param('id'));
    const signature = id === null ? undefined : await store.signatureById.get(id);
    if (!signature) return c.html(notFoundPage(c.get('session')), 404);
    if (field(c, 'confirmed') !== 'yes') {
      const message = 'Confirm that the signer asked for their personal data to be erased';
      return answerSignature(c, signature.id, { problems: [{ fieldId: 'erase-confirmed', message }], status: 400 });
    }
    const erasure = await eraseSigner(store, signature.id, c.get('session').operator, deps.truncateWal);
    if (!erasure.walTruncated) deps.log(`signer erasure (signature ${signature.id}): another process kept the WAL from being truncated; it will be at the next checkpoint`);
    return c.redirect(`${CONSOLE_PATH}/petitions/${signature.petition_id}/signatures?done=erased`, 303);
  });

  return app;
}
