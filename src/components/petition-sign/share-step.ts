// After signing, the next step: ask friends. The browser's own share sheet where it has one
// (Web Share API), plain links otherwise, and a copy-link button either way. Nothing here loads a
// third-party script, image or font, or makes a request: each link is an ordinary URL the signer
// chooses to open.
import { html, nothing } from 'lit';
import type { Translator } from '../i18n/translator.js';

export interface Shared {
  url: string;
  /** The petition's title; the page's own title when the petition has none. */
  text: string;
}

/** The URL to share: `share-url`, else the petition's url, else this page without its query. */
export function sharedUrl(attribute: string | undefined, petitionUrl: string | null, page: Location = location): string {
  const chosen = attribute?.trim() || petitionUrl;
  if (chosen) return new URL(chosen, page.href).href;
  return `${page.origin}${page.pathname}`;
}

/** The links for browsers without a share sheet, in the order people use them most. */
function shareLinks({ url, text }: Shared, emailLabel: string): Array<[label: string, href: string]> {
  const encoded = (value: string) => encodeURIComponent(value);
  const both = `${text} ${url}`;
  return [
    [emailLabel, `mailto:?subject=${encoded(text)}&body=${encoded(`${text}\n\n${url}`)}`],
    ['WhatsApp', `https://wa.me/?text=${encoded(both)}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${encoded(url)}`],
    ['X', `https://x.com/intent/post?text=${encoded(text)}&url=${encoded(url)}`],
    ['Bluesky', `https://bsky.app/intent/compose?text=${encoded(both)}`],
  ];
}

/** Whether this browser offers its own share sheet for this content. */
function canShareNatively(shared: Shared): boolean {
  return typeof navigator.share === 'function' && (navigator.canShare?.({ url: shared.url }) ?? true);
}

export type CopyState = 'idle' | 'copied' | 'failed';

interface ShareStepHandlers {
  onShare: () => void;
  onCopy: () => void;
}

export function renderShareStep(t: Translator, shared: Shared, copy: CopyState, handlers: ShareStepHandlers) {
  const native = canShareNatively(shared);
  return html`<nav class="share" part="share" aria-label=${t.t('shareLabel')}>
    <ul>
      ${native
        ? html`<li><button type="button" part="share-button" @click=${handlers.onShare}>${t.t('share')}</button></li>`
        : shareLinks(shared, t.t('shareByEmail')).map(
            ([label, href]) =>
              html`<li><a part="share-link" href=${href} target="_blank" rel="noopener noreferrer">${label}</a></li>`,
          )}
      <li><button type="button" part="share-button" @click=${handlers.onCopy}>${t.t('copyLink')}</button></li>
    </ul>
    <p class="copy-status" role="status">
      ${copy === 'copied' ? t.t('copied') : nothing}
      ${copy === 'failed'
        ? html`<label for="share-url">${t.t('copyFailed')}</label>
            <input id="share-url" part="input" readonly .value=${shared.url} @focus=${selectAll} />`
        : nothing}
    </p>
  </nav>`;
}

/** The browser's share sheet; dismissed or refused, the copy link is still there. */
export async function shareNatively({ url, text }: Shared): Promise<void> {
  await navigator.share({ title: text, text, url }).catch(() => {});
}

/** Copies the link; false when the browser refuses (the step then shows it to copy by hand). */
export async function copyLink(url: string): Promise<boolean> {
  return (await navigator.clipboard?.writeText(url).then(() => true, () => false)) ?? false;
}

function selectAll(event: FocusEvent): void {
  (event.target as HTMLInputElement).select();
}
