// The console's pages for requests that cannot be served: unknown paths and ids, a form that did
// not come from the console, a refused action, a database that cannot be written right now, and
// a failure of our own.
import { html } from 'hono/html';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import { CONSOLE_PATH } from './console-env.js';
import { page } from './layout.js';
import type { Html } from './layout.js';

export function notFoundPage(session: ConsoleSession | null): Html {
  return page({ title: 'Page not found', session }, html`<p>There is nothing at this address. <a href="${CONSOLE_PATH}/petitions">Go to the petitions</a>.</p>`);
}

export function forgedFormPage(session: ConsoleSession | null): Html {
  return page(
    { title: 'This form has expired', session },
    html`<p>The form did not come from this console, or it belongs to a session that has ended. Nothing was changed.</p>
<p>Go back, reload the page and try again.</p>`,
  );
}

export function refusedPage(session: ConsoleSession | null, message: string): Html {
  return page({ title: 'This could not be done', session }, html`<p>${message}</p><p><a href="${CONSOLE_PATH}/petitions">Go to the petitions</a>.</p>`);
}

export function unavailablePage(session: ConsoleSession | null, message: string): Html {
  return page({ title: 'Try again in a moment', session }, html`<p>${message}. Nothing was changed.</p>`);
}

export function failurePage(session: ConsoleSession | null): Html {
  return page({ title: 'Sorry, something went wrong', session }, html`<p>The service could not do this; its log says where. Go back and try again.</p>`);
}
