// The signers' confirmation pages: the link `/confirm/:token` (GET shows the petition and a
// button, only the button's POST confirms) and `/confirm`, where the mail's code is typed with the
// email address. Not part of the API under /v1: these are pages for people.
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { closedPage, confirmedPage, confirmPage, refusedPage, unknownLinkPage } from './confirmation-pages.js';
import { codePage, type CodeForm, type CodeProblem } from './code-pages.js';
import { CODE_PATTERN, confirmWithCode } from './confirmation-code.js';
import type { ConfirmationCodeLimit } from '../limits/confirmation-code-limit.js';
import { securePageHeaders } from '../http/page-style.js';
import { confirmSignature, readConfirmationLink, type ConfirmationRecheck } from './signer-confirmation.js';
import { pageLanguage, preferredLanguage, type SignerLanguage } from './signer-language.js';
import { SIGNER_CONTROL_MESSAGES } from './signer-control-messages.js';
import type { Store } from '../store/store.js';

type SignerContext = Context<{ Bindings: HttpBindings }>;

export interface ConfirmationRouteOptions {
  store: Store;
  /** The block lists and bulk invalidations asked again at confirmation (src/service/abuse/confirmation-recheck.ts). */
  recheck: ConfirmationRecheck;
  codeLimit: ConfirmationCodeLimit;
  /** The client address the per-address limits key on. */
  clientAddress: (c: SignerContext) => string;
}

/** An email address and a code, and the rest of the form's fields, fit in far less. */
const CODE_FORM_LIMIT_BYTES = 4096;

function formText(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

export function confirmationRoutes({ store, recheck, codeLimit, clientAddress }: ConfirmationRouteOptions): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', async (c, next) => {
    securePageHeaders(c);
    await next();
  });
  const notFound = (c: SignerContext) => c.html(unknownLinkPage(preferredLanguage(c.req.header('accept-language'))), 404);

  app.get('/', (c) => c.html(codePage(pageLanguage(c.req.query('lang'), c.req.header('accept-language')), c.req.path, { email: '', code: '' })));

  const tooLarge = (c: SignerContext) =>
    c.html(codePage(preferredLanguage(c.req.header('accept-language')), c.req.path, { email: '', code: '' }), 413);

  app.post('/', bodyLimit({ maxSize: CODE_FORM_LIMIT_BYTES, onError: tooLarge }), async (c) => {
    const body = await c.req.parseBody();
    const lang: SignerLanguage = pageLanguage(formText(body, 'lang'), c.req.header('accept-language'));
    const messages = SIGNER_CONTROL_MESSAGES[lang];
    // Spaces people type or paste between the digits are not part of the code.
    const form: CodeForm = { email: formText(body, 'email').trim(), code: formText(body, 'code').replace(/\s+/g, '') };
    const problems: CodeProblem[] = [];
    if (form.email === '') problems.push({ field: 'email', message: messages.emailMissing });
    if (!CODE_PATTERN.test(form.code)) problems.push({ field: 'code', message: messages.codeFormat });
    if (problems.length > 0) return c.html(codePage(lang, c.req.path, form, problems), 400);

    const wait = await codeLimit.take(clientAddress(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.html(codePage(lang, c.req.path, form, [{ field: 'code', message: messages.tooManyCodes(Math.ceil(wait / 60)) }]), 429);
    }
    const outcome = await confirmWithCode(store, recheck, form.email, form.code, Date.now());
    switch (outcome.kind) {
      case 'confirmed':
        return c.html(confirmedPage(lang, outcome.petition));
      case 'closed':
        return c.html(closedPage(lang, outcome.petition), 410);
      case 'refused':
        return c.html(refusedPage(lang, outcome.petition), 403);
      default:
        return c.html(codePage(lang, c.req.path, form, [{ field: 'code', message: messages.codeWrong }]), 400);
    }
  });

  app.get('/:token', async (c) => {
    const link = await readConfirmationLink(store, c.req.param('token'), Date.now());
    switch (link.kind) {
      case 'ready':
        return c.html(confirmPage(link.lang, link.petition, link.signerName, c.req.path));
      case 'closed':
        return c.html(closedPage(link.lang, link.petition), 410);
      case 'unknown':
        return notFound(c);
    }
  });

  app.post('/:token', async (c) => {
    const outcome = await confirmSignature(store, recheck, c.req.param('token'), Date.now());
    switch (outcome.kind) {
      case 'confirmed':
        return c.html(confirmedPage(outcome.lang, outcome.petition));
      case 'closed':
        return c.html(closedPage(outcome.lang, outcome.petition), 410);
      case 'refused':
        return c.html(refusedPage(outcome.lang, outcome.petition), 403);
      case 'unknown':
        return notFound(c);
    }
  });

  app.all('*', notFound);
  return app;
}
