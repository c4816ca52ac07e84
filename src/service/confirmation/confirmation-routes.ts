// The signers' confirmation links, `/confirm/:token`: GET shows the petition and a button, only
// the button's POST confirms. Not part of the API under /v1: these are pages for people.
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { closedPage, confirmedPage, confirmPage, unknownLinkPage } from './confirmation-pages.js';
import { securePageHeaders } from '../http/page-style.js';
import { confirmSignature, readConfirmationLink } from './signer-confirmation.js';
import { preferredLanguage } from './signer-language.js';
import type { Store } from '../store/store.js';

export interface ConfirmationRouteOptions {
  store: Store;
}

export function confirmationRoutes({ store }: ConfirmationRouteOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', async (c, next) => {
    securePageHeaders(c);
    await next();
  });

  app.get('/:token', async (c) => {
    const link = await readConfirmationLink(store, c.req.param('token'), Date.now());
    switch (link.kind) {
      case 'ready':
        return c.html(confirmPage(link.lang, link.petition, link.signerName, c.req.path));
      case 'closed':
        return c.html(closedPage(link.lang, link.petition), 410);
      case 'unknown':
        return c.html(unknownLinkPage(preferredLanguage(c.req.header('accept-language'))), 404);
    }
  });

  app.post('/:token', async (c) => {
    const outcome = await confirmSignature(store, c.req.param('token'), Date.now());
    switch (outcome.kind) {
      case 'confirmed':
        return c.html(confirmedPage(outcome.lang, outcome.petition));
      case 'closed':
        return c.html(closedPage(outcome.lang, outcome.petition), 410);
      case 'unknown':
        return c.html(unknownLinkPage(preferredLanguage(c.req.header('accept-language'))), 404);
    }
  });

  app.all('*', (c) => c.html(unknownLinkPage(preferredLanguage(c.req.header('accept-language'))), 404));
  return app;
}
