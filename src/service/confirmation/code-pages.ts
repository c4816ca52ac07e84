// The /confirm page where a signer types the code from their confirmation mail: an accessible
// form without script (labels, a hint, errors at their field and in a summary that takes focus),
// in the signer's language; what was typed is kept when it comes back with an error.
import { html, raw } from 'hono/html';
import { signerPage, type Html } from './confirmation-pages.js';
import type { SignerLanguage } from './signer-language.js';
import { SIGNER_MESSAGES } from './signer-messages.js';
import { SIGNER_CONTROL_MESSAGES } from './signer-control-messages.js';

export interface CodeProblem {
  field: 'email' | 'code';
  message: string;
}

export interface CodeForm {
  email: string;
  code: string;
}

function errorSummary(lang: SignerLanguage, problems: CodeProblem[]): Html | string {
  if (problems.length === 0) return '';
  // autofocus takes the reader to the summary without a script.
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${SIGNER_CONTROL_MESSAGES[lang].problemTitle}</h2>
<ul>${problems.map((problem) => html`<li><a href="#${problem.field}">${problem.message}</a></li>`)}</ul>
</div>`;
}

function field(lang: SignerLanguage, options: { id: 'email' | 'code'; label: string; hint?: string; value: string; attributes: string }, problems: CodeProblem[]): Html {
  const problem = problems.find((p) => p.field === options.id);
  const describedBy = [options.hint ? `${options.id}-hint` : '', problem ? `${options.id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field${problem ? ' field-error' : ''}">
<label for="${options.id}">${options.label}</label>${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ''}${
    problem ? html`<p class="error-message" id="${options.id}-error"><span class="visually-hidden">${SIGNER_CONTROL_MESSAGES[lang].errorPrefix} </span>${problem.message}</p>` : ''
  }
<input id="${options.id}" name="${options.id}" value="${options.value}"${raw(options.attributes)}${describedBy ? raw(` aria-describedby="${describedBy}"`) : ''}${problem ? raw(' aria-invalid="true"') : ''}>
</div>`;
}

export function codePage(lang: SignerLanguage, action: string, form: CodeForm, problems: CodeProblem[] = []): Html {
  const messages = SIGNER_CONTROL_MESSAGES[lang];
  return signerPage(
    lang,
    messages.codeTitle,
    html`${errorSummary(lang, problems)}
<p>${messages.codeIntro}</p>
<form method="post" action="${action}" novalidate>
<input type="hidden" name="lang" value="${lang}">
${field(lang, { id: 'email', label: messages.emailLabel, value: form.email, attributes: ' type="email" autocomplete="email" spellcheck="false"' }, problems)}
${field(lang, { id: 'code', label: messages.codeLabel, hint: messages.codeHint, value: form.code, attributes: ' type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false"' }, problems)}
<button type="submit" class="primary">${SIGNER_MESSAGES[lang].confirmButton}</button>
</form>`,
  );
}
