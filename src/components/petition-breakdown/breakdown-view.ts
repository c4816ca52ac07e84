// The templates of <petition-breakdown>: the places as a table whose count cells carry bars
// (the table is the map's alternative too), and the loading and failure states.
import { html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import { problemText, type EmbedProblem } from '../embed-problem.js';
import type { Translator } from '../i18n/translator.js';
import type { PlaceRows } from './breakdown-rows.js';

export function captionOf(t: Translator, places: PlaceRows, countryName: (code: string) => string): string {
  return places.country ? t.t('byRegion', { country: countryName(places.country) }) : t.t('byCountry');
}

/** `bars`: visible with a bar in each count; else visually hidden, beside the map. */
export function renderTable(t: Translator, places: PlaceRows, caption: string, bars: boolean) {
  if (places.total === 0 && places.rows.length === 0) {
    return html`<p part="status">${t.t(places.country ? 'tooFewToShow' : 'noSignersYet')}</p>`;
  }
  const largest = Math.max(1, ...places.rows.map((row) => row.count));
  const bar = (count: number) =>
    bars ? html`<span class="bar" part="bar" aria-hidden="true" style=${styleMap({ '--_share': String(count / largest) })}></span>` : nothing;
  const table = html`<table part="table" class=${places.country ? 'regions' : ''}>
    <caption part="caption">${caption}</caption>
    <thead><tr><th scope="col">${t.t('placeHeading')}</th><th scope="col">${t.t('countHeading')}</th></tr></thead>
    <tbody>
      ${places.rows.map(
        (row) => html`<tr part="row"><th scope="row" part="place">${row.label}</th><td part="count"><span class="number">${t.number(row.count)}</span>${bar(row.count)}</td></tr>`,
      )}
      ${places.other > 0
        ? html`<tr part="row other"><th scope="row" part="place">${t.t('otherPlaces')}</th><td part="count"><span class="number">${t.number(places.other)}</span></td></tr>`
        : nothing}
    </tbody>
  </table>`;
  // Hidden by a wrapper, never on the table itself: Firefox draws a table's caption outside the
  // table's box, so the table's own overflow and clip-path leave the caption showing under the map.
  return bars ? table : html`<div class="visually-hidden">${table}</div>`;
}

export function renderFailure(t: Translator, problem: EmbedProblem | undefined, onRetry: () => void) {
  const retry = !problem || problem.kind === 'load-failed' || problem.kind === 'unreachable';
  return html`<div part="status" role="alert">
    <p>${!problem || problem.kind === 'load-failed' ? t.t('breakdownFailed') : problemText(t, problem)}</p>
    ${retry ? html`<button type="button" part="retry" @click=${onRetry}>${t.t('tryAgain')}</button>` : nothing}
    <slot></slot>
  </div>`;
}
