// The pages a signer's confirmation link opens, in the signer's language: the page with the
// button (a scanner that only fetches the link confirms nothing), and what follows it.
import { html, raw } from 'hono/html';
import { PAGE_STYLE } from '../http/page-style.js';
import type { SignerLanguage } from './signer-language.js';
import { SIGNER_MESSAGES } from './signer-messages.js';
import type { PetitionRow } from '../store/store.js';

export type Html = ReturnType<typeof html>;

/** A page for a signer, in their language. */
export function signerPage(lang: SignerLanguage, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${raw(PAGE_STYLE)}</style>
</head>
<body>
<main class="narrow">
<h1>${title}</h1>
${body}
</main>
</body>
</html>`;
}

/** Only an http(s) page: the service takes no other (petition-fields.ts), and a row is never trusted to be a link. */
const isWebPage = (url: string | null): url is string => url !== null && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

/** The way back to the campaign's page (the petition's `url`), on every page that knows the petition. */
export function petitionLink(lang: SignerLanguage, petition: PetitionRow): Html {
  return isWebPage(petition.url) ? html`<p><a href="${petition.url}">${SIGNER_MESSAGES[lang].petitionLink}</a></p>` : html``;
}

export function confirmPage(lang: SignerLanguage, petition: PetitionRow, signerName: string, action: string): Html {
  const messages = SIGNER_MESSAGES[lang];
  return signerPage(
    lang,
    messages.confirmTitle,
    html`<p>${messages.confirmIntro(petition.title, signerName)}</p>
<p>${messages.confirmExplain}</p>
<form method="post" action="${action}">
<button type="submit" class="primary">${messages.confirmButton}</button>
</form>`,
  );
}

export function confirmedPage(lang: SignerLanguage, petition: PetitionRow): Html {
  const messages = SIGNER_MESSAGES[lang];
  return signerPage(lang, messages.confirmedTitle, html`<p>${messages.confirmedText(petition.title)}</p>${petitionLink(lang, petition)}`);
}

export function closedPage(lang: SignerLanguage, petition: PetitionRow): Html {
  const messages = SIGNER_MESSAGES[lang];
  return signerPage(lang, messages.closedTitle, html`<p>${messages.closedText}</p>${petitionLink(lang, petition)}`);
}

/** The operator's block lists or a bulk invalidation took the signature before it was confirmed. */
export function refusedPage(lang: SignerLanguage, petition: PetitionRow): Html {
  const messages = SIGNER_MESSAGES[lang];
  return signerPage(lang, messages.refusedTitle, html`<p>${messages.refusedText}</p>${petitionLink(lang, petition)}`);
}

export function unknownLinkPage(lang: SignerLanguage): Html {
  const messages = SIGNER_MESSAGES[lang];
  return signerPage(lang, messages.invalidTitle, html`<p>${messages.invalidText}</p>`);
}
