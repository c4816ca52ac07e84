// Signing in and out of the console, and choosing a password after a one-time one.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { recordAudit } from '../../operators/audit-log.js';
import { endSession } from '../../operators/console-sessions.js';
import { signIn } from '../../operators/sign-in.js';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, changeOwnPassword, hasOperators, passwordProblem } from '../../operators/operators.js';
import type { PasswordProblem } from '../../operators/operators.js';
import { newSecretToken } from '../../http/secret-token.js';
import { timingSafeEqualText } from '../../../shared/signing.js';
import type { ConsoleDependencies, ConsoleEnv } from '../shell/console-env.js';
import {
  CONSOLE_PATH,
  clearSessionCookie,
  clearSignInCookie,
  field,
  setSessionCookie,
  setSignInCookie,
  signInCookie,
} from '../shell/console-env.js';
import { csrfField, page, textField } from '../shell/layout.js';
import type { FormProblem, Html } from '../shell/layout.js';

const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Enter a password of at least ${PASSWORD_MIN_LENGTH} characters`,
  too_long: `Enter a password of at most ${PASSWORD_MAX_LENGTH} characters`,
};

async function signInPage(deps: ConsoleDependencies, token: string, email: string, problems: FormProblem[] = []): Promise<Html> {
  if (!(await hasOperators(deps.store))) {
    return page(
      { title: 'Sign in', session: null },
      html`<div class="notice"><p>This service has no operator yet. Whoever runs the service creates one on its server, with the database the service runs on (its file, or its postgres:// URL):</p>
<p><code>npx petition-embed service admin create-operator --db DATABASE --email you@example.org</code></p>
<p>It prints a one-time password to sign in with (or add <code>--password-stdin</code> to give your own). Then reload this page.</p></div>`,
    );
  }
  return page(
    { title: 'Sign in', session: null, problems },
    html`<form method="post" action="${CONSOLE_PATH}/sign-in" novalidate>
<input type="hidden" name="sign_in_token" value="${token}">
${textField({ id: 'email', name: 'email', label: 'Email address', type: 'email', value: email, autocomplete: 'username', problems })}
${textField({ id: 'password', name: 'password', label: 'Password', type: 'password', value: '', autocomplete: 'current-password', problems })}
<button type="submit" class="primary">Sign in</button>
</form>`,
  );
}

function passwordPage(session: ConsoleSession, problems: FormProblem[] = []): Html {
  return page(
    { title: 'Choose your password', session, problems },
    html`${session.mustChangePassword ? html`<p>You signed in with a one-time password. Choose your own to go on.</p>` : ''}
<form method="post" action="${CONSOLE_PATH}/password" novalidate>
${csrfField(session)}
${textField({ id: 'new-password', name: 'new_password', label: 'New password', type: 'password', value: '', autocomplete: 'new-password', hint: 'At least 12 characters. A few unrelated words make a good one.', problems })}
${textField({ id: 'repeat-password', name: 'repeat_password', label: 'New password again', type: 'password', value: '', autocomplete: 'new-password', problems })}
<button type="submit" class="primary">Save password</button>
</form>`,
  );
}

/** Routes that need no session: the sign-in form. */
export function signInRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.get('/sign-in', async (c) => {
    const token = newSecretToken();
    setSignInCookie(c, token, deps.secureCookies);
    return c.html(await signInPage(deps, token, ''));
  });

  app.post('/sign-in', async (c) => {
    const sentToken = field(c, 'sign_in_token');
    const cookieToken = signInCookie(c);
    if (!cookieToken || !timingSafeEqualText(sentToken, cookieToken)) {
      return c.html(page({ title: 'Sign in again', session: null }, html`<p>This sign-in form expired or did not come from this console. <a href="${CONSOLE_PATH}/sign-in">Sign in again</a>.</p>`), 403);
    }
    const email = field(c, 'email').trim();
    const password = field(c, 'password');
    const problems: FormProblem[] = [];
    if (email === '') problems.push({ fieldId: 'email', message: 'Enter your email address' });
    if (password === '') problems.push({ fieldId: 'password', message: 'Enter your password' });
    if (problems.length > 0) return c.html(await signInPage(deps, cookieToken, email, problems), 400);

    const outcome = await signIn({ store: deps.store, limit: deps.signInLimit, log: deps.log }, deps.clientAddress(c), email, password);
    if (outcome.kind === 'refused') {
      c.header('Retry-After', String(outcome.retryAfterSeconds));
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      const message = `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      return c.html(await signInPage(deps, cookieToken, email, [{ fieldId: 'email', message }]), 429);
    }
    if (outcome.kind === 'no-match') {
      const message = 'The email address and password do not match an operator: check both and try again';
      return c.html(await signInPage(deps, cookieToken, email, [{ fieldId: 'email', message }]), 400);
    }
    clearSignInCookie(c, deps.secureCookies);
    setSessionCookie(c, outcome.token, deps.secureCookies);
    return c.redirect(`${CONSOLE_PATH}/${outcome.mustChangePassword ? 'password' : 'petitions'}`, 303);
  });

  return app;
}

/** Routes of a signed-in operator about their own session and password. */
export function sessionRoutes(deps: ConsoleDependencies): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();

  app.post('/sign-out', async (c) => {
    const session = c.get('session');
    await endSession(deps.store, session);
    await recordAudit(deps.store, session.operator, 'signed out', `operator ${session.operator.operatorId}`);
    clearSessionCookie(c, deps.secureCookies);
    return c.redirect(`${CONSOLE_PATH}/sign-in`, 303);
  });

  app.get('/password', async (c) => c.html(passwordPage(c.get('session'))));

  app.post('/password', async (c) => {
    const session = c.get('session');
    const password = field(c, 'new_password');
    const problem = passwordProblem(password);
    if (problem) return c.html(passwordPage(session, [{ fieldId: 'new-password', message: PASSWORD_MESSAGES[problem] }]), 400);
    if (field(c, 'repeat_password') !== password) {
      return c.html(passwordPage(session, [{ fieldId: 'repeat-password', message: 'Enter the same new password twice' }]), 400);
    }
    await changeOwnPassword(deps.store, session.operator, password, session.tokenHash);
    return c.redirect(`${CONSOLE_PATH}/petitions?done=password`, 303);
  });

  return app;
}
