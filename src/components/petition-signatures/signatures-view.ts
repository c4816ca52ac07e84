// The templates of <petition-signatures>: a signer (name, place, how long ago, in the element's
// language), the recent list with its polite count of newcomers, a page of the full list with its
// pagination, and a failure with what can be done about it.
import { html, nothing } from 'lit';
import type { Signature, SignaturePage } from '../../shared/types.js';
import { problemText, type EmbedProblem } from '../embed-problem.js';
import type { Translator } from '../i18n/translator.js';
import { relativeTime } from '../relative-time.js';

function renderSignature(t: Translator, signature: Signature, now: Date) {
  const country = new Intl.DisplayNames([t.tag], { type: 'region', fallback: 'none' }).of(signature.country_code) ?? signature.country_name;
  const place = [signature.city, signature.state_province, country].filter((part) => part).join(', ');
  return html`<li part="signature">
    <span class="name" part="name">${signature.name}</span>
    <span class="place" part="place">${place}</span>
    <time part="time" datetime=${signature.signed_on}>${relativeTime(new Date(signature.signed_on), now, t.tag)}</time>
  </li>`;
}

/** `inviting`: the petition takes signatures here, so an empty list may invite the first one. */
function renderList(t: Translator, signatures: Signature[], inviting: boolean) {
  if (signatures.length === 0) return html`<p part="status">${t.t(inviting ? 'noSigners' : 'noSignersYet')}</p>`;
  const now = new Date();
  return html`<ol part="list">${signatures.map((signature) => renderSignature(t, signature, now))}</ol>`;
}

/** The recent signers. Someone filling in a form on the same page hears at most how many joined, politely. */
export function renderRecent(t: Translator, signatures: Signature[], newcomers: number, inviting: boolean) {
  return html`${renderList(t, signatures, inviting)}
    <p class="visually-hidden" aria-live="polite">${newcomers > 0 ? t.t('newSignatures', { count: newcomers }) : nothing}</p>`;
}

export function renderPage(t: Translator, page: SignaturePage, step: (by: 1 | -1) => void, inviting: boolean) {
  const pageText = t.t('pageOf', { page: page.page, pages: page.total_pages });
  return html`<p class="total" part="total">${t.t('signatureTotal', { count: page.signature_count })}</p>
    ${page.signature_count === 0 ? renderList(t, [], inviting) : page.signatures.length === 0 ? nothing : renderList(t, page.signatures, inviting)}
    ${page.total_pages > 1 || page.page > 1
      ? html`<nav part="pagination" aria-label=${t.t('pagesLabel')}>
          <button type="button" part="previous" ?disabled=${!page.prev_page_endpoint} @click=${() => step(-1)}>${t.t('previous')}</button>
          <span class="page" part="page">${pageText}</span>
          <button type="button" part="next" ?disabled=${!page.next_page_endpoint} @click=${() => step(1)}>${t.t('next')}</button>
        </nav>`
      : nothing}
    <p class="visually-hidden" aria-live="polite">${pageText}</p>`;
}

/** Why the signers could not be shown; a retry where trying again may help, and the page's fallback. */
export function renderFailure(t: Translator, problem: EmbedProblem | undefined, onRetry: () => void) {
  const retry = !problem || problem.kind === 'load-failed' || problem.kind === 'unreachable';
  return html`<div part="status" role="alert">
    <p>${!problem || problem.kind === 'load-failed' ? t.t('signaturesFailed') : problemText(t, problem)}</p>
    ${retry ? html`<button type="button" part="retry" @click=${onRetry}>${t.t('tryAgain')}</button>` : nothing}
    <slot></slot>
  </div>`;
}
