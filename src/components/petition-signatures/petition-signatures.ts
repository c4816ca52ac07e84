// <petition-signatures>: the people who signed a petition, either the most recent ones
// (refreshed on a timer and whenever a signature is made on the page) or a paged list.
import { LitElement, html, nothing } from 'lit';
import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task, TaskStatus, initialState } from '@lit/task';
import { msg, str } from '@lit/localize';
import type { Signature, SignaturePage, SortOrder } from '../../shared/types.js';
import { defineElement } from '../define-element.js';
import { LanguageController } from '../localization.js';
import { fetchRecentSignatures, fetchSignaturePage } from '../petition-api.js';
import type { PetitionSignedEvent } from '../petition-signed-event.js';
import { relativeTime } from '../relative-time.js';
import { petitionSignaturesStyles } from './petition-signatures.styles.js';

type Mode = 'recent' | 'list';

/** What one run of the request task produced: the recent array, or one page of the list. */
type Listing = { mode: 'recent'; signatures: Signature[] } | { mode: 'list'; page: SignaturePage };

const MAX_PAGE_SIZE = 100;

/** setInterval's largest delay; a longer one overflows and fires at once, over and over. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The signers of a petition: name, place, country and how long ago, as the most recent ten
 * (`mode="recent"`, refreshed every `refresh` seconds while the tab is visible) or as a paged
 * list (`mode="list"`). Refreshes at once when a `petition-signed` event for the same
 * petition reaches the document.
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
  static override styles = petitionSignaturesStyles;

  private readonly languageController = new LanguageController(this);

  // Changing any argument (a page change, say) starts a new run, which aborts the one in flight.
  private readonly listingTask = new Task(this, {
    task: async ([endpoint, petitionId, mode, page, pageSize, sort], { signal }): Promise<Listing | typeof initialState> => {
      if (!(petitionId > 0)) return initialState;
      if (mode === 'list') {
        return { mode, page: await fetchSignaturePage(endpoint, petitionId, { page, pageSize, sort }, signal) };
      }
      return { mode: 'recent', signatures: await fetchRecentSignatures(endpoint, petitionId, signal) };
    },
    args: () =>
      [this.endpoint, this.petitionId, this.listMode, this.page, this.clampedPageSize, this.listSort] as const,
    onComplete: (listing) => {
      if (listing.mode === 'recent') this.lastRecent = listing;
    },
  });

  /** The petition whose signers to show (its integer id). */
  @property({ attribute: 'petition-id', type: Number }) petitionId = 0;

  /** The proxy's base URL; defaults to the origin this script was loaded from. */
  @property() endpoint?: string;

  /** `recent` (default): the 10 most recent, refreshed; `list`: every listed signer, paged. */
  @property() mode: Mode = 'recent';

  /** Seconds between refreshes in recent mode (default 30); 0 turns the timer off. */
  @property({ type: Number }) refresh = 30;

  /** Signers per page in list mode: 1 to 100, default 10. */
  @property({ attribute: 'page-size', type: Number }) pageSize = 10;

  /** Order in list mode: `time_desc` (newest first, default) or `time_asc`. */
  @property() sort: SortOrder = 'time_desc';

  @state() private page = 1;

  /** The last recent list loaded, for this petition and endpoint. */
  private lastRecent?: Listing;

  /** The pagination button that had focus when the current update began. */
  private focusedPageButton?: 'previous' | 'next';

  private refreshTimer: ReturnType<typeof setInterval> | undefined;

  private readonly onPetitionSigned = (event: PetitionSignedEvent): void => {
    if (event.detail?.petitionId === this.petitionId) void this.listingTask.run();
  };

  private readonly onVisibilityChange = (): void => {
    // Hidden tabs do not poll; coming back shows what changed meanwhile at once.
    this.restartTimer();
    if (document.visibilityState === 'visible' && !this.listMode) void this.listingTask.run();
  };

  /**
   * The retry button disappears while the list loads again; focus moves to the element's own
   * wrapper, which stays, instead of falling back to the top of the page.
   */
  private readonly onRetry = (): void => {
    void this.listingTask.run();
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

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('petition-signed', this.onPetitionSigned);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    this.restartTimer();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('petition-signed', this.onPetitionSigned);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.stopTimer();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('petitionId') || changed.has('mode') || changed.has('pageSize') || changed.has('sort')) {
      this.page = 1;
    }
    if (changed.has('petitionId') || changed.has('endpoint')) this.lastRecent = undefined;
    if (changed.has('refresh') || changed.has('mode')) this.restartTimer();
    const focused = this.shadowRoot?.activeElement?.getAttribute('part');
    this.focusedPageButton = focused === 'previous' || focused === 'next' ? focused : undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Reaching the first or last page disables the button just pressed, which drops keyboard
    // focus to the page's start; hand it to the other button instead.
    const pressed = this.focusedPageButton;
    if (!pressed) return;
    if (this.renderRoot.querySelector<HTMLButtonElement>(`[part="${pressed}"]`)?.disabled) {
      this.renderRoot.querySelector<HTMLButtonElement>(`[part="${pressed === 'next' ? 'previous' : 'next'}"]`)?.focus();
    }
  }

  /** Fetches the signers again now (the timer keeps its rhythm). */
  reload(): void {
    void this.listingTask.run();
  }

  private stopTimer(): void {
    clearInterval(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  private restartTimer(): void {
    this.stopTimer();
    const running = this.isConnected && this.listMode === 'recent' && document.visibilityState !== 'hidden';
    if (running && this.refresh > 0) {
      this.refreshTimer = setInterval(() => void this.listingTask.run(), Math.min(this.refresh * 1000, MAX_TIMER_MS));
    }
  }

  /**
   * Steps from the page last asked for, so a quick second click aborts the first request; never
   * past the last page the shown listing knows of.
   */
  private stepPage(step: 1 | -1): void {
    const shown = this.listingTask.value;
    const lastPage = shown?.mode === 'list' ? shown.page.total_pages : Infinity;
    this.page = Math.max(1, Math.min(this.page + step, lastPage));
  }

  private renderSignature(signature: Signature, now: Date) {
    const language = this.languageController.language;
    const country =
      new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(signature.country_code) ??
      signature.country_name;
    const place = [signature.city, signature.state_province, country].filter((part) => part).join(', ');
    const signedOn = new Date(signature.signed_on);
    return html`<li part="signature">
      <span class="name" part="name">${signature.name}</span>
      <span class="place" part="place">${place}</span>
      <time part="time" datetime=${signature.signed_on}>${relativeTime(signedOn, now, language)}</time>
    </li>`;
  }

  private renderList(signatures: Signature[]) {
    if (signatures.length === 0) return html`<p part="status">${msg('No one has signed yet. Be the first to sign.')}</p>`;
    const now = new Date();
    return html`<ol part="list">${signatures.map((signature) => this.renderSignature(signature, now))}</ol>`;
  }

  private renderPage({ page, total_pages, signature_count, signatures, prev_page_endpoint, next_page_endpoint }: SignaturePage) {
    const language = this.languageController.language;
    const count = new Intl.NumberFormat(language).format(signature_count);
    const total =
      new Intl.PluralRules(language).select(signature_count) === 'one'
        ? msg(str`${count} signature`)
        : msg(str`${count} signatures`);
    const pageText = msg(
      str`Page ${new Intl.NumberFormat(language).format(page)} of ${new Intl.NumberFormat(language).format(total_pages)}`,
    );
    return html`<p class="total" part="total">${total}</p>
      ${signature_count === 0 ? this.renderList([]) : signatures.length === 0 ? nothing : this.renderList(signatures)}
      ${total_pages > 1 || page > 1
        ? html`<nav part="pagination" aria-label=${msg('Pages of signatures')}>
            <button type="button" part="previous" ?disabled=${!prev_page_endpoint} @click=${() => this.stepPage(-1)}>
              ${msg('Previous')}
            </button>
            <span class="page" part="page">${pageText}</span>
            <button type="button" part="next" ?disabled=${!next_page_endpoint} @click=${() => this.stepPage(1)}>
              ${msg('Next')}
            </button>
          </nav>`
        : nothing}
      <p class="visually-hidden" aria-live="polite">${pageText}</p>`;
  }

  private renderListing(listing: Listing) {
    if (listing.mode === 'list') return this.renderPage(listing.page);
    const newest = listing.signatures[0];
    return html`${this.renderList(listing.signatures)}
      <p class="visually-hidden" aria-live="polite">
        ${newest ? msg(str`Most recent signature: ${newest.name}`) : nothing}
      </p>`;
  }

  private renderFailure() {
    return html`<div part="status" role="alert">
      <p>${msg('The signatures could not be loaded.')}</p>
      <button type="button" part="retry" @click=${this.onRetry}>${msg('Try again')}</button>
    </div>`;
  }

  override render() {
    // While a refresh or page change is in flight the last answer stays on screen; so does the
    // last recent list when a timer refresh fails (the next tick tries again), rather than an alert.
    const failed = this.listingTask.status === TaskStatus.ERROR;
    const listing = failed && this.listMode === 'recent' ? this.lastRecent : this.listingTask.value;
    const busy = this.listingTask.status === TaskStatus.PENDING;
    return html`<div part="base" class="base" tabindex="-1" aria-busy=${busy ? 'true' : 'false'}>
      ${listing && listing.mode === this.listMode
        ? this.renderListing(listing)
        : this.listingTask.render({
            pending: () => html`<p part="status">${msg('Loading signatures…')}</p>`,
            error: () => this.renderFailure(),
          })}
    </div>`;
  }
}

defineElement('petition-signatures', PetitionSignatures);

declare global {
  interface HTMLElementTagNameMap {
    'petition-signatures': PetitionSignatures;
  }
}
