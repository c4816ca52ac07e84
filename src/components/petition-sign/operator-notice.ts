// The display obligation: directly above or below the form, who powers the petition and the
// terms the signer accepts, with links. It has no part and no slot, so no page can restyle it
// away or replace it.
import { html } from 'lit';
import type { OperatorNotice } from '../../shared/types.js';
import type { Translator } from '../i18n/translator.js';

export function renderOperatorNotice(t: Translator, { name, termsUrl, privacyUrl }: OperatorNotice) {
  const link = (href: string, text: string) => html`<a href=${href} target="_blank" rel="noopener noreferrer">${text}</a>`;
  return html`<p class="notice" id="notice">
    ${t.parts('notice', { operator: name, terms: link(termsUrl, t.t('terms')), privacy: link(privacyUrl, t.t('privacy')) })}
  </p>`;
}

/** A summary without the operator's name and both links: the form is never shown without them. */
export function hasOperatorNotice(operator: Partial<OperatorNotice> | undefined): operator is OperatorNotice {
  return Boolean(operator?.name && operator.termsUrl && operator.privacyUrl);
}
