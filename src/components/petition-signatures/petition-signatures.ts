// <petition-signatures>: the people who signed a petition, either the most recent ones
// (refreshed on a timer and whenever a signature is made on the page) or a paged list.
import { Task, TaskStatus, initialState } from '@lit/task';
import { LitElement, html } from 'lit';
import type { PropertyValues } from 'lit';
import type { Signature, SignaturePage, SortOrder } from '../../shared/types.js';
import { defineElement } from '../define-element.js';
import { ProblemReporter, diagnose, problemText } from '../embed-problem.js';
import type { EmbedProblem } from '../embed-problem.js';
import { Translator } from '../i18n/translator.js';
import { PageContrast } from '../page-contrast.js';
import { fetchPetition, fetchRecentSignatures, fetchSignaturePage } from '../petition-api.js';
import { PetitionSignedListener } from '../petition-signed-event.js';
import { petitionSignaturesStyles } from './petition-signatures.styles.js';
import { RefreshTimer } from './refresh-timer.js';
import { renderFailure, renderPage, renderRecent } from './signatures-view.js';
import { signaturesWords } from './signatures-words.js';

type Mode = 'recent' | 'list';

/**
 * What one run of the request task produced: the recent array, or one page of the list; and
 * whether an empty one may invite a first signer (not while the petition takes no signatures).
 */
type Listing = ({ mode: 'recent'; signatures: Signature[] } | { mode: 'list'; page: SignaturePage }) & { inviting: boolean };

const MAX_PAGE_SIZE = 100;


/**
 * The signers of a petition: name, place, country and how long ago, as the most recent ten
 * (`mode="recent"`, refreshed every `refresh` seconds while the tab is visible) or as a paged
 * list (`mode="list"`). Refreshes at once when a `petition-signed` event for the same
 * petition and proxy reaches the document.
 *
 * @tag petition-signatures
 * @summary List of a petition's signers, talking to the petition-embed proxy.
 *
 * @csspart base - The wrapper of everything the element shows.
 * @csspart total - The total count in list mode ("2,395 signatures").
 * @csspart list - The list of signers (`<ol>`).
 * @csspart signature - One signer (`<li>`).
 * @csspart name - A signer's name.
 * @csspart place - A signer's city, state or province, and country.
 * @csspart time - The `<time>` with how long ago they signed.
 * @csspart pagination - The previous/next navigation in list mode.
 * @csspart previous - The previous-page button.
 * @csspart next - The next-page button.
 * @csspart page - "Page 3 of 240".
 * @csspart status - Loading, empty and error messages.
 * @csspart retry - The button that retries a failed request.
 *
 * @cssprop [--petition-accent-color=#00703c] - Button borders.
 * @cssprop [--petition-text-color=inherit] - Text colour.
 * @cssprop [--petition-focus-color=#ffbf47] - Focus outline.
 * @cssprop [--petition-font=inherit] - Font family; the page's by default.
 * @cssprop [--petition-radius=4px] - Corner radius.
 * @cssprop [--petition-spacing=1rem] - Base spacing unit.
 */
export class PetitionSignatures extends LitElement {
  // Declared here rather than with decorators: the decorators' runtime would cost the bundle
  // half a kilobyte of its gzip budget (test/bundle/bundle.test.ts).
  static override properties = {
    petitionId: { attribute: 'petition-id', type: Number },
    endpoint: {},
    mode: {},
    refresh: { type: Number },
    pageSize: { attribute: 'page-size', type: Number },
    sort: {},
    page: { state: true },
    problem: { state: true },
    newSignatures: { state: true },
  };

  static override styles = petitionSignaturesStyles;

  private readonly translator = new Translator(this, signaturesWords);
  private readonly contrast = new PageContrast(this);
  private readonly reporter = new ProblemReporter('petition-signatures');
  private readonly refreshTimer = new RefreshTimer(this, {
    seconds: () => this.refresh,
    active: () => this.listMode === 'recent',
    refresh: () => this.reload(),
  });

  // Changing any argument (a page change, say) starts a new run, which aborts the one in flight.
  private readonly listingRequest = new Task(this, {
    task: async ([endpoint, petitionId, mode, page, pageSize, sort], { signal }): Promise<Listing | typeof initialState> => {
      if (!(petitionId > 0)) return initialState;
      const listing: Listing =
        mode === 'list'
          ? { mode, page: await fetchSignaturePage(endpoint, petitionId, { page, pageSize, sort }, signal), inviting: true }
          : { mode: 'recent', signatures: await fetchRecentSignatures(endpoint, petitionId, signal), inviting: true };
      // "Be the first to sign" only where a form can take the signature: not while this website's
      // key is pending (or refused), nor on a closed petition. If the summary fails, the list stands.
      if ((listing.mode === 'list' ? listing.page.signature_count : listing.signatures.length) === 0) {
        listing.inviting = await fetchPetition(endpoint, petitionId, signal).then((petition) => petition.accepting_signatures, () => true);
      }
      return listing;
    },
    args: () =>
      [this.endpoint, this.petitionId, this.listMode, this.page, this.clampedPageSize, this.listSort] as const,
    onComplete: (listing: Listing) => {
      if (listing.mode === 'recent') this.recentLoaded(listing);
      this.problem = undefined;
    },
    onError: async (error) => {
      this.problem = await diagnose(error, this.endpoint, this.petitionId);
    },
  });

  constructor() {
    super();
    // A signature made on the page for this petition and proxy shows here at once.
    new PetitionSignedListener(this, () => this.reload());
  }

  /** The petition whose signers to show (its integer id). */
  petitionId = 0;

  /** The proxy's base URL; defaults to the origin this script was loaded from. */
  endpoint?: string;

  /** `recent` (default): the 10 most recent, refreshed; `list`: every listed signer, paged. */
  mode: Mode = 'recent';

  /** Seconds between refreshes in recent mode (default 30); 0 turns the timer off. */
  refresh = 30;

  /** Signers per page in list mode: 1 to 100, default 10. */
  pageSize = 10;

  /** Order in list mode: `time_desc` (newest first, default) or `time_asc`. */
  sort: SortOrder = 'time_desc';

  private page = 1;

  /** Why the last load failed, for the page and the console. */
  private problem?: EmbedProblem;

  /** "3 new signatures": said politely once per refresh that brings any, never name by name. */
  private newSignatures = 0;

  /** The last recent list loaded, for this petition and endpoint. */
  private lastRecent?: Listing;

  /** The pagination button that had focus when the current update began. */
  private focusedPageButton?: 'previous' | 'next';

  /**
   * The retry button disappears while the list loads again; focus moves to the element's own
   * wrapper, which stays, instead of falling back to the top of the page.
   */
  private readonly onRetry = (): void => {
    void this.listingRequest.run();
    this.renderRoot.querySelector<HTMLElement>('.base')?.focus();
  };

  private get listMode(): Mode {
    return this.mode === 'list' ? 'list' : 'recent';
  }

  /** An unknown `sort` would only earn a 400 on every request: it means the default instead. */
  private get listSort(): SortOrder {
    return this.sort === 'time_asc' ? 'time_asc' : 'time_desc';
  }

  private get clampedPageSize(): number {
    return Number.isInteger(this.pageSize) ? Math.min(Math.max(this.pageSize, 1), MAX_PAGE_SIZE) : 10;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('petitionId') || changed.has('mode') || changed.has('pageSize') || changed.has('sort')) {
      this.page = 1;
    }
    if (changed.has('petitionId') || changed.has('endpoint')) this.lastRecent = undefined;
    if (changed.has('refresh') || changed.has('mode')) this.refreshTimer.restart();
    const focused = this.shadowRoot?.activeElement?.getAttribute('part');
    this.focusedPageButton = focused === 'previous' || focused === 'next' ? focused : undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // A page of the list reserves its rows from the first frame (petition-signatures.styles.ts):
    // set through the style object, which a strict Content-Security-Policy allows, unlike a style attribute.
    this.renderRoot.querySelector<HTMLElement>('.base')?.style.setProperty('--_rows', String(this.clampedPageSize));
    this.reportProblem();
    // Reaching the first or last page disables the button just pressed, which drops keyboard
    // focus to the page's start; hand it to the other button instead.
    const pressed = this.focusedPageButton;
    if (!pressed) return;
    if (this.renderRoot.querySelector<HTMLButtonElement>(`[part="${pressed}"]`)?.disabled) {
      this.renderRoot.querySelector<HTMLButtonElement>(`[part="${pressed === 'next' ? 'previous' : 'next'}"]`)?.focus();
    }
  }

  /** Counts the signers a refresh brought that the last one did not show. */
  private recentLoaded(listing: Extract<Listing, { mode: 'recent' }>): void {
    const signatures = listing.signatures;
    const previous = this.lastRecent?.mode === 'recent' ? this.lastRecent.signatures : undefined;
    const key = (s: Signature) => `${s.signed_on}|${s.name}`;
    const seen = new Set(previous?.map(key));
    this.newSignatures = previous ? signatures.filter((s) => !seen.has(key(s))).length : 0;
    this.lastRecent = listing;
  }

  /** Fetches the signers again now (the timer keeps its rhythm). */
  reload(): void {
    void this.listingRequest.run();
  }

  /**
   * Steps from the page last asked for, so a quick second click aborts the first request; never
   * past the last page the shown listing knows of.
   */
  private stepPage(step: 1 | -1): void {
    const shown = this.listingRequest.value;
    const lastPage = shown?.mode === 'list' ? shown.page.total_pages : Infinity;
    this.page = Math.max(1, Math.min(this.page + step, lastPage));
  }

  override render() {
    // While a refresh or page change is in flight the last answer stays on screen; so does the
    // last recent list when a timer refresh fails (the next tick tries again), rather than an alert.
    const failed = this.listingRequest.status === TaskStatus.ERROR;
    const listing = failed && this.listMode === 'recent' ? this.lastRecent : this.listingRequest.value;
    const busy = this.listingRequest.status === TaskStatus.PENDING;
    const missingId = !(this.petitionId > 0);
    // Until its words have arrived the element shows what the page put inside it.
    if (!this.translator.ready) return html`<div part="base" class="base ${this.listMode}" dir=${this.translator.dir} aria-busy="true"><slot></slot></div>`;
    return html`<div part="base" class="base ${this.listMode} ${this.contrast.onDark ? 'on-dark' : ''}" dir=${this.translator.dir} tabindex="-1" aria-busy=${busy ? 'true' : 'false'}>
      ${missingId
        ? html`<div part="status" role="alert"><p>${problemText(this.translator, { kind: 'missing-petition-id' })}</p><slot></slot></div>`
        : listing && listing.mode === this.listMode
          ? listing.mode === 'list'
            ? renderPage(this.translator, listing.page, (step) => this.stepPage(step), listing.inviting)
            : renderRecent(this.translator, listing.signatures, this.newSignatures, listing.inviting)
          : this.listingRequest.render({
              pending: () => html`<p part="status">${this.translator.t('loadingSignatures')}</p>`,
              error: () => renderFailure(this.translator, this.problem, this.onRetry),
            })}
    </div>`;
  }

  protected override firstUpdated(): void {
    this.reportProblem();
  }

  private reportProblem(): void {
    this.reporter.report(!(this.petitionId > 0) ? { kind: 'missing-petition-id' } : this.problem);
  }
}

defineElement('petition-signatures', PetitionSignatures);

declare global {
  interface HTMLElementTagNameMap {
    'petition-signatures': PetitionSignatures;
  }
}
