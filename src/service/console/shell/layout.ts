// The console's page shell and form parts, server-rendered with no script: a skip link,
// landmarks, one h1 per page, and forms in the GOV.UK pattern (an error summary that links to
// each field and takes focus, the same message at the field, nothing typed is lost).
import { html, raw } from 'hono/html';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import { toIsoSeconds } from '../../petitions/iso-time.js';
import { PAGE_STYLE } from '../../http/page-style.js';
import { CONSOLE_PATH } from './console-env.js';

export type Html = ReturnType<typeof html>;

/** A problem with a form, shown in the summary and at its field. */
export interface FormProblem {
  /** The id of the field the summary links to. */
  fieldId: string;
  message: string;
}

export interface PageOptions {
  title: string;
  session: ConsoleSession | null;
  problems?: FormProblem[];
  /** A confirmation of what was just done, shown above the content. */
  notice?: string;
  /** The nav entry of the current section, marked aria-current. */
  section?: 'petitions' | 'key-requests' | 'block-list' | 'alerts' | 'audit';
}

export function page(options: PageOptions, content: Html): Html {
  const problems = options.problems ?? [];
  const title = `${problems.length > 0 ? 'Error: ' : ''}${options.title} – Petition service console`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${raw(PAGE_STYLE)}</style>
</head>
<body>
<a class="skip-link" href="#content">Skip to main content</a>
<header class="site">
<a href="${CONSOLE_PATH}/petitions"><strong>Petition service console</strong></a>
${options.session ? siteNavigation(options.session, options.section) : ''}
</header>
<main id="content" tabindex="-1">
${errorSummary(problems)}
${options.notice ? html`<div class="notice" role="status"><p>${options.notice}</p></div>` : ''}
<h1>${options.title}</h1>
${content}
</main>
</body>
</html>`;
}

function siteNavigation(session: ConsoleSession, section: PageOptions['section']): Html {
  const link = (name: NonNullable<PageOptions['section']>, href: string, label: string) =>
    html`<li><a href="${CONSOLE_PATH}${href}"${section === name ? raw(' aria-current="page"') : ''}>${label}</a></li>`;
  return html`<nav aria-label="Console">
<ul>
${link('petitions', '/petitions', 'Petitions')}
${link('key-requests', '/key-requests', 'Key requests')}
${link('block-list', '/block-list', 'Block list')}
${link('alerts', '/alerts', 'Trending alerts')}
${link('audit', '/audit', 'Audit log')}
</ul>
</nav>
<form method="post" action="${CONSOLE_PATH}/sign-out">
${csrfField(session)}
<span>${session.operator.email}</span>
<button type="submit">Sign out</button>
</form>`;
}

function errorSummary(problems: FormProblem[]): Html | string {
  if (problems.length === 0) return '';
  // autofocus takes the reader to the summary without a script.
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>${problems.map((problem) => html`<li><a href="#${problem.fieldId}">${problem.message}</a></li>`)}</ul>
</div>`;
}

export function csrfField(session: ConsoleSession): Html {
  return html`<input type="hidden" name="csrf" value="${session.csrfToken}">`;
}

export interface FieldOptions {
  id: string;
  name: string;
  label: string;
  value: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'datetime-local' | 'search' | 'file';
  hint?: string;
  optional?: boolean;
  autocomplete?: string;
  inputmode?: 'numeric';
  problems?: FormProblem[];
}

function fieldParts(options: FieldOptions) {
  const problem = options.problems?.find((p) => p.fieldId === options.id);
  const describedBy = [options.hint ? `${options.id}-hint` : '', problem ? `${options.id}-error` : ''].filter(Boolean).join(' ');
  return {
    problem,
    label: html`<label for="${options.id}">${options.label}${options.optional ? ' (optional)' : ''}</label>`,
    hint: options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : '',
    error: problem ? html`<p class="error-message" id="${options.id}-error"><span class="visually-hidden">Error: </span>${problem.message}</p>` : '',
    describedBy: describedBy ? raw(` aria-describedby="${describedBy}"`) : '',
    invalid: problem ? raw(' aria-invalid="true"') : '',
  };
}

export function textField(options: FieldOptions): Html {
  const parts = fieldParts(options);
  return html`<div class="field${parts.problem ? ' field-error' : ''}">
${parts.label}${parts.hint}${parts.error}
<input type="${options.type ?? 'text'}" id="${options.id}" name="${options.name}" value="${options.value}"${parts.describedBy}${parts.invalid}${options.autocomplete ? raw(` autocomplete="${options.autocomplete}"`) : ''}${options.inputmode ? raw(` inputmode="${options.inputmode}"`) : ''}>
</div>`;
}

export function textArea(options: FieldOptions): Html {
  const parts = fieldParts(options);
  return html`<div class="field${parts.problem ? ' field-error' : ''}">
${parts.label}${parts.hint}${parts.error}
<textarea id="${options.id}" name="${options.name}" rows="6"${parts.describedBy}${parts.invalid}>${options.value}</textarea>
</div>`;
}

export function checkbox(options: { id: string; name: string; label: string; checked: boolean; hint?: string; problems?: FormProblem[] }): Html {
  const parts = fieldParts({ ...options, value: '' });
  return html`<div class="field checkbox${parts.problem ? ' field-error' : ''}">
${parts.error}
<input type="checkbox" id="${options.id}" name="${options.name}" value="yes"${options.checked ? raw(' checked') : ''}${parts.describedBy}${parts.invalid}>
<label for="${options.id}">${options.label}</label>
${parts.hint}
</div>`;
}

/** A POST button with the session's CSRF token, for an action on one thing. */
export function actionButton(session: ConsoleSession, action: string, label: string, style: 'primary' | 'warning' | '' = ''): Html {
  return html`<form method="post" action="${action}">${csrfField(session)}<button type="submit"${style ? raw(` class="${style}"`) : ''}>${label}</button></form>`;
}

/**
 * A table in a region of its own that scrolls sideways on a narrow screen, so the page never
 * does: labelled by the table's caption, and focusable, so a keyboard can scroll it.
 */
export function tableRegion(captionId: string, caption: string | Html, content: Html): Html {
  return html`<div class="table-region" role="region" aria-labelledby="${captionId}" tabindex="0">
<table>
<caption id="${captionId}">${caption}</caption>
${content}
</table>
</div>`;
}

/** Times in the console: UTC, to the second, as the API writes them but easier to read. */
export function consoleTime(unixMs: number): string {
  return toIsoSeconds(unixMs).replace('T', ' ').replace('Z', ' UTC');
}

const numbers = new Intl.NumberFormat('en-GB');

export function count(value: number): string {
  return numbers.format(value);
}
