// The choropleth of <petition-breakdown view="map">, a chunk of its own loaded only for that view:
// the world's countries as SVG paths projected at build time (world-shapes.ts), each shown
// country filled by its colour step, and a legend of the steps. Drawn from the aggregate counts
// only, with no tiles and no request of its own; the table beside it says the same to screen
// readers and keyboards, so the drawing itself is hidden from them.
import { html, svg } from 'lit';
import type { Translator } from '../i18n/translator.js';
import { colourSteps, stepOf, type PlaceRow } from './breakdown-rows.js';
import { WORLD_SHAPES, WORLD_VIEW_BOX } from './world-shapes.js';

/** `countries`: every country shown by the service, whatever the element's `limit`. */
export function renderWorldMap(t: Translator, countries: readonly PlaceRow[], minimum: number) {
  const counts = new Map(countries.map((country) => [country.key, country]));
  const bounds = colourSteps(minimum, Math.max(minimum, ...countries.map((country) => country.count)));
  const largest = Math.max(0, ...countries.map((country) => country.count));
  return html`<figure class="map" part="map" aria-hidden="true">
    <svg viewBox=${WORLD_VIEW_BOX} part="map-image" focusable="false">
      ${WORLD_SHAPES.map(([code, path]) => {
        const country = counts.get(code);
        return country
          ? svg`<path d=${path} class="step-${stepOf(bounds, country.count)}"><title>${country.label}: ${t.number(country.count)}</title></path>`
          : svg`<path d=${path}></path>`;
      })}
    </svg>
    <figcaption part="legend">
      ${bounds.map((bound, step) => {
        const top = step + 1 < bounds.length ? bounds[step + 1]! - 1 : largest;
        return html`<span class="key"><span class="swatch step-${step}"></span>${top > bound ? `${t.number(bound)}–${t.number(top)}` : t.number(bound)}</span>`;
      })}
    </figcaption>
  </figure>`;
}
