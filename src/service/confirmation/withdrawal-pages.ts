// The pages a withdrawal link opens, in the signer's language: the page with the button (a mail
// scanner that only fetches the link withdraws nothing), and what follows it. Both lead back to
// the campaign's page when the petition has one, as the confirmation pages do.
import { html } from 'hono/html';
import { petitionLink, signerPage, type Html } from './confirmation-pages.js';
import type { SignerLanguage } from './signer-language.js';
import { SIGNER_CONTROL_MESSAGES } from './signer-control-messages.js';
import type { PetitionRow } from '../store/store.js';

export function withdrawPage(lang: SignerLanguage, petition: PetitionRow, signerName: string, action: string): Html {
  const messages = SIGNER_CONTROL_MESSAGES[lang];
  return signerPage(
    lang,
    messages.withdrawTitle,
    html`<p>${messages.withdrawIntro(petition.title, signerName)}</p>
<p>${messages.withdrawExplain}</p>
<form method="post" action="${action}">
<button type="submit" class="primary">${messages.withdrawButton}</button>
</form>
${petitionLink(lang, petition)}`,
  );
}

export function withdrawnPage(lang: SignerLanguage, petition: PetitionRow): Html {
  const messages = SIGNER_CONTROL_MESSAGES[lang];
  return signerPage(lang, messages.withdrawnTitle, html`<p>${messages.withdrawnText(petition.title)}</p>${petitionLink(lang, petition)}`);
}

export function unknownWithdrawalPage(lang: SignerLanguage): Html {
  const messages = SIGNER_CONTROL_MESSAGES[lang];
  return signerPage(lang, messages.withdrawUnknownTitle, html`<p>${messages.withdrawUnknownText}</p>`);
}
