// A signer's withdrawal link, `/withdraw/:token`: GET shows the petition and a button (a mail
// scanner fetching the link withdraws nothing), only the button's POST withdraws. A page for
// people, outside the API under /v1, in the language the link names or the reader's.
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { securePageHeaders } from '../http/page-style.js';
import { readWithdrawalLink, withdrawSignature } from '../signatures/signer-withdrawal.js';
import { pageLanguage } from './signer-language.js';
import { unknownWithdrawalPage, withdrawnPage, withdrawPage } from './withdrawal-pages.js';
import type { Store } from '../store/store.js';

type SignerContext = Context<{ Bindings: HttpBindings }>;

const language = (c: SignerContext) => pageLanguage(c.req.query('lang'), c.req.header('accept-language'));

export function withdrawalRoutes(store: Store, truncateWal: () => Promise<void>): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', async (c, next) => {
    securePageHeaders(c);
    await next();
  });

  app.get('/:token', async (c) => {
    const link = await readWithdrawalLink(store, c.req.param('token'));
    if (link.kind === 'unknown') return c.html(unknownWithdrawalPage(language(c)), 404);
    // The form posts back to this very URL, its `lang` included.
    return c.html(withdrawPage(language(c), link.petition, link.signerName, c.req.url.slice(new URL(c.req.url).origin.length)));
  });

  app.post('/:token', async (c) => {
    const outcome = await withdrawSignature(store, c.req.param('token'), truncateWal);
    if (outcome.kind === 'unknown') return c.html(unknownWithdrawalPage(language(c)), 404);
    return c.html(withdrawnPage(language(c), outcome.petition));
  });

  app.all('*', (c) => c.html(unknownWithdrawalPage(language(c)), 404));
  return app;
}
