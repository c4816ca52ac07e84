// The operator's console under /admin: server-rendered pages that work without a script.
// Cross-cutting rules live here, in order: page headers, the form body (limited), the session
// (every page but sign-in needs one), the CSRF token on every form, a one-time password
// replaced before anything else, and one error handler that answers with a page.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { csrfTokenMatches, currentSession } from '../operators/console-sessions.js';
import { errorCode } from '../errors/error-code.js';
import { OperatorError } from '../errors/operator-error.js';
import { securePageHeaders } from '../http/page-style.js';
import { alertRoutes } from './abuse/alert-routes.js';
import { retentionRoutes } from './petitions/retention-routes.js';
import { auditRoutes } from './access/audit-routes.js';
import { blockListRoutes } from './abuse/block-list-routes.js';
import { bulkInvalidationRoutes } from './abuse/bulk-invalidation-routes.js';
import type { ConsoleDependencies, ConsoleEnv, FormFields } from './shell/console-env.js';
import { CONSOLE_PATH, sessionCookie } from './shell/console-env.js';
import { failurePage, forgedFormPage, notFoundPage, refusedPage, unavailablePage } from './shell/error-pages.js';
import { insightRoutes } from './insight/insight-routes.js';
import { keyRequestRoutes } from './access/key-request-routes.js';
import { page } from './shell/layout.js';
import { paperRoutes } from './paper/paper-routes.js';
import { petitionRoutes } from './petitions/petition-routes.js';
import { sessionRoutes, signInRoutes } from './access/sign-in-routes.js';
import { signatureRoutes } from './petitions/signature-routes.js';

/** Forms carry at most a petition's fields: 10,000 characters of overview, percent-encoded. */
const FORM_BODY_LIMIT_BYTES = 256 * 1024;

const PUBLIC_PATHS = new Set([`${CONSOLE_PATH}/sign-in`]);
/** Where an operator with a one-time password may still go. */
const PASSWORD_PATHS = new Set([`${CONSOLE_PATH}/password`, `${CONSOLE_PATH}/sign-out`]);

export function consoleApp(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.use('*', async (c, next) => {
    securePageHeaders(c);
    await next();
  });

  app.use(
    '*',
    bodyLimit({
      maxSize: FORM_BODY_LIMIT_BYTES,
      onError: (c) => c.html(page({ title: 'Too much text', session: null }, html`<p>The form sent more than the console accepts. Nothing was changed.</p>`), 413),
    }),
  );

  app.use('*', async (c, next) => {
    let form: FormFields = {};
    if (c.req.method === 'POST') {
      const body = await c.req.parseBody();
      form = Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
    c.set('form', form);
    if (PUBLIC_PATHS.has(c.req.path)) return next();

    const session = await currentSession(deps.store, sessionCookie(c));
    if (!session) return c.redirect(`${CONSOLE_PATH}/sign-in`, 303);
    c.set('session', session);
    // SameSite=Strict keeps other sites' forms from carrying the cookie; the token proves the
    // form was one of ours even where a browser does not honour SameSite.
    if (c.req.method === 'POST' && !csrfTokenMatches(session, form['csrf'])) return c.html(forgedFormPage(session), 403);
    if (session.mustChangePassword && !PASSWORD_PATHS.has(c.req.path)) return c.redirect(`${CONSOLE_PATH}/password`, 303);
    return next();
  });

  app.get('/', async (c) => c.redirect(`${CONSOLE_PATH}/petitions`, 303));
  app.route('/', signInRoutes(deps));
  app.route('/', sessionRoutes(deps));
  app.route('/', petitionRoutes(deps));
  app.route('/', insightRoutes(deps));
  app.route('/', signatureRoutes(deps));
  app.route('/', keyRequestRoutes(deps));
  app.route('/', blockListRoutes(deps));
  app.route('/', bulkInvalidationRoutes(deps));
  app.route('/', paperRoutes(deps));
  app.route('/', retentionRoutes(deps));
  app.route('/', alertRoutes(deps));
  app.route('/', auditRoutes(deps));
  app.all('*', async (c) => c.html(notFoundPage(c.get('session') ?? null), 404));

  app.onError((error, c) => {
    const session = c.get('session') ?? null;
    if (error instanceof OperatorError) return c.html(refusedPage(session, error.message), 409);
    const unavailable = deps.health.unavailable(error);
    if (unavailable) {
      c.header('Retry-After', String(unavailable.retryAfter));
      return c.html(unavailablePage(session, 'The service cannot write to its database right now'), 503);
    }
    // Only the error's kind and place: its message could quote a signer's details.
    deps.log(`console: unexpected error ${errorCode(error)}: ${(error.stack ?? '').split('\n').slice(1, 4).join(' |')}`);
    return c.html(failurePage(session), 500);
  });

  return app;
}
