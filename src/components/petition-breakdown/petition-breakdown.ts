// <petition-breakdown>: where a petition's signatures come from, by country (or one country's
// regions) as labelled bars, or as a world map with the same numbers in a table for screen readers.
// Only the service's aggregate counts, in which no group under 5 is shown.
import { Task, TaskStatus, initialState } from '@lit/task';
import { LitElement, html } from 'lit';
import type { SignatureBreakdown } from '../../shared/types.js';
import { defineElement } from '../define-element.js';
import { ProblemReporter, diagnose, problemText } from '../embed-problem.js';
import type { EmbedProblem } from '../embed-problem.js';
import { Translator } from '../i18n/translator.js';
import { PageContrast } from '../page-contrast.js';
import { petitionUrl, request } from '../petition-api.js';
import { clampLimit, placeRows } from './breakdown-rows.js';
import { captionOf, renderFailure, renderTable } from './breakdown-view.js';
import { petitionBreakdownStyles } from './petition-breakdown.styles.js';
import { breakdownWords } from './breakdown-words.js';

type View = 'bars' | 'map';
type WorldMap = typeof import('./world-map.js');

/** One run of the request: the counts, and the map's code when the view needs it. */
interface Loaded {
  breakdown: SignatureBreakdown;
  map?: WorldMap;
}

/**
 * Where a petition's signers are, from counts alone: the top countries as bars (`limit`, default
 * 10), or one country's regions (`country="GB"`), or a world map (`view="map"`, its code loaded
 * only then). Places with fewer than 5 signatures are counted under "Other places".
 *
 * @tag petition-breakdown
 * @summary Signatures by country or region, as bars or a map, talking to the petition-embed proxy.
 *
 * @csspart base - The wrapper of everything the element shows.
 * @csspart table - The table of places and counts (visually hidden beside the map).
 * @csspart caption - The table's title.
 * @csspart row - One place's row; the "Other places" row is also `other`.
 * @csspart place - A place's name.
 * @csspart count - A place's count and bar.
 * @csspart bar - The bar, as long as the count is to the largest.
 * @csspart map - The map with its legend (`view="map"`).
 * @csspart map-image - The map's SVG.
 * @csspart legend - The map's colour steps.
 * @csspart status - Loading, empty and error messages.
 * @csspart retry - The button that retries a failed request.
 *
 * @cssprop [--petition-accent-color=#00703c] - Bars, the map's colours, button borders.
 * @cssprop [--petition-bar-color=var(--petition-accent-color)] - The bars alone.
 * @cssprop [--petition-map-empty-color] - Countries without a count shown (a light tint of the text colour).
 * @cssprop [--petition-text-color=inherit] - Text colour.
 * @cssprop [--petition-focus-color=#ffbf47] - Focus outline.
 * @cssprop [--petition-font=inherit] - Font family; the page's by default.
 * @cssprop [--petition-radius=4px] - Corner radius.
 * @cssprop [--petition-spacing=1rem] - Base spacing unit.
 */
export class PetitionBreakdown extends LitElement {
  static override properties = {
    petitionId: { attribute: 'petition-id', type: Number },
    endpoint: {},
    view: {},
    country: {},
    limit: { type: Number },
    problem: { state: true },
  };

  static override styles = petitionBreakdownStyles;

  private readonly translator = new Translator(this, breakdownWords);
  private readonly contrast = new PageContrast(this);
  private readonly reporter = new ProblemReporter('petition-breakdown');

  private readonly breakdownRequest = new Task(this, {
    task: async ([endpoint, petitionId, view], { signal }): Promise<Loaded | typeof initialState> => {
      if (!(petitionId > 0)) return initialState;
      const [breakdown, map] = await Promise.all([
        request<SignatureBreakdown>(petitionUrl(endpoint, petitionId, '/breakdown'), { signal }),
        view === 'map' ? import('./world-map.js') : undefined,
      ]);
      return { breakdown, map };
    },
    args: () => [this.endpoint, this.petitionId, this.shownView] as const,
    onComplete: () => {
      this.problem = undefined;
    },
    onError: async (error) => {
      this.problem = await diagnose(error, this.endpoint, this.petitionId);
    },
  });

  /** How the shown country's regions read: its names arrive after the counts, the codes show until then. */
  private readonly regionNames = new Task(this, {
    task: async ([country, language]) => (country ? { country, name: await (await import('./region-names.js')).regionNamer(country, language) } : undefined),
    args: () => [(this.country ?? '').toUpperCase(), this.translator.tag] as const,
  });

  /** The petition whose signatures to show (its integer id). */
  petitionId = 0;

  /** The proxy's base URL; defaults to the origin this script was loaded from. */
  endpoint?: string;

  /** `bars` (default): labelled bars; `map`: a world map by country, with the same numbers as a table for screen readers. */
  view: View = 'bars';

  /** An ISO 3166-1 alpha-2 code (`GB`): that country's regions instead of the countries (bars only), named in the element's language where the address data lists them. */
  country = '';

  /** How many places get a bar of their own (default 10); the rest join "Other places". */
  limit = 10;

  /** Why the last load failed, for the page and the console. */
  private problem?: EmbedProblem;

  private readonly onRetry = (): void => {
    void this.breakdownRequest.run();
    this.renderRoot.querySelector<HTMLElement>('.base')?.focus();
  };

  private get shownView(): View {
    return this.view === 'map' ? 'map' : 'bars';
  }

  /** Fetches the counts again now. */
  reload(): void {
    void this.breakdownRequest.run();
  }

  private renderLoaded({ breakdown, map }: Loaded) {
    const names = new Intl.DisplayNames([this.translator.tag], { type: 'region', fallback: 'none' });
    const countryName = (code: string) => names.of(code) ?? code;
    if (map) {
      const all = placeRows(breakdown, '', breakdown.countries.length, countryName);
      const caption = captionOf(this.translator, all, countryName);
      return html`${map.renderWorldMap(this.translator, all.rows, breakdown.minimum_group)}${renderTable(this.translator, all, caption, false)}`;
    }
    const country = (this.country ?? '').toUpperCase();
    // Another country's names, kept while this one's load, would misname its regions ("CA" is Cádiz in Spain).
    const named = this.regionNames.value;
    const places = placeRows(breakdown, country, clampLimit(this.limit), countryName, named?.country === country ? named.name : undefined);
    return renderTable(this.translator, places, captionOf(this.translator, places, countryName), true);
  }

  override render() {
    const busy = this.breakdownRequest.status === TaskStatus.PENDING;
    if (!this.translator.ready) return html`<div part="base" class="base" dir=${this.translator.dir} aria-busy="true"><slot></slot></div>`;
    const loaded = this.breakdownRequest.value;
    return html`<div part="base" class="base ${this.contrast.onDark ? 'on-dark' : ''}" dir=${this.translator.dir} tabindex="-1" aria-busy=${busy ? 'true' : 'false'}>
      ${!(this.petitionId > 0)
        ? html`<div part="status" role="alert"><p>${problemText(this.translator, { kind: 'missing-petition-id' })}</p><slot></slot></div>`
        : this.breakdownRequest.status === TaskStatus.COMPLETE && loaded
          ? this.renderLoaded(loaded)
          : this.breakdownRequest.render({
              pending: () => (loaded ? this.renderLoaded(loaded) : html`<p part="status">${this.translator.t('loadingBreakdown')}</p>`),
              error: () => renderFailure(this.translator, this.problem, this.onRetry),
            })}
    </div>`;
  }

  protected override updated(): void {
    this.reporter.report(!(this.petitionId > 0) ? { kind: 'missing-petition-id' } : this.problem);
  }
}

defineElement('petition-breakdown', PetitionBreakdown);

declare global {
  interface HTMLElementTagNameMap {
    'petition-breakdown': PetitionBreakdown;
  }
}
