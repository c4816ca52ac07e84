// <petition-sign>: a petition's signature form, with the operator's notice the display
// obligation requires, the count and the goal, validation by the shared signer schema, and the
// share step after signing. Its phases are one typed state (sign-state.ts).
import { LitElement, html, nothing } from 'lit';
import type { PropertyValues } from 'lit';
import { validateSigner } from '../../shared/signature-schema.js';
import type { SignerField, SignerInput } from '../../shared/signature-schema.js';
import type { PetitionSummary } from '../../shared/types.js';
import { browserRegion } from '../browser-region.js';
import { defineElement } from '../define-element.js';
import { ProblemReporter, diagnose, problemText } from '../embed-problem.js';
import type { EmbedProblem } from '../embed-problem.js';
import { proxyBase } from '../endpoint.js';
import { Translator } from '../i18n/translator.js';
import { PageContrast } from '../page-contrast.js';
import { RequestFailure, fetchPetition, submitSignature } from '../petition-api.js';
import { RequestController } from '../request.js';
import { PetitionSignedEvent } from '../petition-signed-event.js';
import { readSigner, shownProblems, submissionFailure } from './form-outcome.js';
import { goalFor, renderGoalProgress } from './goal-progress.js';
import { hasOperatorNotice, renderOperatorNotice } from './operator-notice.js';
import { petitionSignStyles } from './petition-sign.styles.js';
import { renderSignForm } from './sign-form.js';
import { FRESH_FORM, stateForPetition } from './sign-state.js';
import type { SignState } from './sign-state.js';

/**
 * A petition's signature form. Shows the count and a bar toward the goal, optionally the
 * petition's title and overview, the form with the operator's "powered by … terms … privacy"
 * notice (never without it), and after signing a thank-you with a share step. When it cannot
 * work it says why in the page, and how to fix it in the console.
 *
 * @tag petition-sign
 * @summary Signature form for one petition, talking to the petition-embed proxy.
 *
 * @fires {PetitionSignedEvent} petition-signed - A signature was queued. `detail: { petitionId }`; bubbles, composed; no personal data.
 *
 * @slot - Fallback content (a link to the petition, say): shown before the script loads and when the element cannot work.
 * @slot thanks - The campaign's own words in the thank-you, instead of the default text.
 *
 * @csspart base - The wrapper of everything the element shows.
 * @csspart title - The petition's title (`show="title"`).
 * @csspart overview - The petition's overview (`show="overview"`).
 * @csspart count - "12,345 people have signed".
 * @csspart goal - The goal's wrapper: the bar and its caption.
 * @csspart progress - The bar toward the goal (`role="progressbar"`).
 * @csspart progress-value - The filled part of the bar.
 * @csspart form - The form.
 * @csspart field - Each field's wrapper (label, message, control).
 * @csspart label - Each field's label.
 * @csspart input - Each text input, select and textarea.
 * @csspart checkbox - The "don't show my name" checkbox.
 * @csspart checkbox-label - Its label.
 * @csspart error-message - The message at a field that has a problem.
 * @csspart error-summary - The "There is a problem" box at the top of the form.
 * @csspart submit - The submit button.
 * @csspart thanks - The thank-you after signing.
 * @csspart share - The share step.
 * @csspart share-link - Each share link.
 * @csspart share-button - The share and copy-link buttons.
 * @csspart closed - The message shown when the petition takes no signatures.
 * @csspart status - Loading and load-error messages.
 * @csspart retry - The buttons that retry a failed request.
 *
 * @cssprop [--petition-accent-color=#00703c] - Submit button, progress bar and thank-you border.
 * @cssprop [--petition-accent-text-color=#ffffff] - Text on the accent colour.
 * @cssprop [--petition-text-color=inherit] - Text colour.
 * @cssprop [--petition-error-color=#b3261e] - Error messages and borders.
 * @cssprop [--petition-border-color=currentColor] - Borders of the form's controls.
 * @cssprop [--petition-input-background=Field] - Background of the form's controls.
 * @cssprop [--petition-input-color=FieldText] - Text of the form's controls.
 * @cssprop [--petition-focus-color=#ffbf47] - Focus outline.
 * @cssprop [--petition-font=inherit] - Font family; the page's by default.
 * @cssprop [--petition-radius=4px] - Corner radius of everything, unless one below is set.
 * @cssprop [--petition-control-radius] - Corner radius of inputs, selects and the text area.
 * @cssprop [--petition-button-radius] - Corner radius of buttons.
 * @cssprop [--petition-box-radius] - Corner radius of boxes: error summary, thank-you, progress bar.
 * @cssprop [--petition-spacing=1rem] - Base spacing unit.
 */
export class PetitionSign extends LitElement {
  // Declared here rather than with decorators: the decorators' runtime would cost the bundle
  // half a kilobyte of its gzip budget (test/bundle/bundle.test.ts).
  static override properties = {
    petitionId: { attribute: 'petition-id', type: Number },
    endpoint: {},
    noticePosition: { attribute: 'notice-position' },
    hidePhone: { attribute: 'hide-phone', type: Boolean },
    hideReason: { attribute: 'hide-reason', type: Boolean },
    show: {},
    goal: { type: Number },
    country: {},
    submitLabel: { attribute: 'submit-label' },
    shareUrl: { attribute: 'share-url' },
    thanksUrl: { attribute: 'thanks-url' },
    phase: { state: true },
    petition: { state: true },
    chosenCountry: { state: true },
    shareStep: { state: true },
  };

  static override styles = petitionSignStyles;

  private readonly translator = new Translator(this);
  private readonly contrast = new PageContrast(this);
  private readonly reporter = new ProblemReporter('petition-sign');

  private readonly petitionRequest = new RequestController(this, {
    task: async ([endpoint, petitionId]: readonly [string | undefined, number], { signal }) => {
      const petition = await fetchPetition(endpoint, petitionId, signal);
      if (!hasOperatorNotice(petition?.operator)) throw new RequestFailure(502, []);
      return petition;
    },
    onComplete: (petition) => this.petitionLoaded(petition),
    onError: (error) => void this.loadFailed(error),
  });

  private readonly submitRequest = new RequestController(this, {
    task: async ([signer]: readonly [SignerInput & { website?: string }], { signal }) =>
      submitSignature(this.endpoint, this.petitionId, signer, signal),
    onComplete: () => this.signed(false),
    onError: (error) => this.submitFailed(error),
  });

  /** The petition to sign (its integer id). */
  petitionId = 0;

  /** The proxy's base URL; defaults to the origin this script was loaded from. */
  endpoint?: string;

  /** Where the operator's notice goes: `above` or `below` (default) the form. It is always shown. */
  noticePosition: 'above' | 'below' = 'below';

  /** Leaves out the optional phone field. */
  hidePhone = false;

  /** Leaves out the optional "Why are you signing?" field. */
  hideReason = false;

  /** What to show above the form besides the count: `title`, `overview`, space-separated. */
  show = '';

  /** A goal of the page's own, instead of the petition's (or of the next milestone). */
  goal?: number;

  /** The country preselected (ISO code); else the region of the page's language, else the browser's. */
  country?: string;

  /** The submit button's words, instead of "Sign this petition". */
  submitLabel?: string;

  /** The URL to share after signing; else the petition's url, else this page without its query. */
  shareUrl?: string;

  /** After signing, go to the campaign's own thank-you page instead of the share step. */
  thanksUrl?: string;

  private phase: SignState = { kind: 'loading' };
  /** The last petition summary loaded: a failed refresh must not take the form or thank-you away. */
  private petition?: PetitionSummary;
  /** The signer's choice, once made; until then the default from attributes and language. */
  private chosenCountry?: string;
  /**
   * The share step's code, fetched on the first signature: only signers need it, and the proxy
   * that just took the signature is there to serve it. Without it the thank-you stands alone.
   */
  private shareStep?: typeof import('./share-step.js');

  private onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (this.phase.kind !== 'form') return;
    const form = event.currentTarget as HTMLFormElement;
    const signer = readSigner(form);
    const validation = validateSigner(signer);
    if (!validation.success) {
      this.phase = { ...FRESH_FORM, problems: shownProblems(this.translator, validation.problems) };
      return;
    }
    this.phase = { kind: 'sending' };
    const trap = new FormData(form).get('website');
    void this.submitRequest.run([typeof trap === 'string' && trap !== '' ? { ...validation.output, website: trap } : validation.output]);
  }

  private onCountryChange(event: Event): void {
    this.chosenCountry = (event.target as HTMLSelectElement).value;
  }

  /** An error summary link moves focus to its field (fragment links cannot reach into shadow DOM). */
  private onSummaryLink(event: MouseEvent, field: SignerField): void {
    event.preventDefault();
    this.renderRoot.querySelector<HTMLElement>(`#${field}`)?.focus();
  }

  private onRetrySubmit(): void {
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  private onRetryLoad(): void {
    this.phase = { kind: 'loading' };
    this.loadPetition();
  }

  private async onShare(): Promise<void> {
    const shared = this.shared();
    if (!shared) return;
    const { url, text } = shared;
    await navigator.share({ title: text, text, url }).catch(() => {
      // Dismissed by the signer, or refused: the copy link is still there.
    });
  }

  private async onCopy(): Promise<void> {
    const shared = this.shared();
    if (this.phase.kind !== 'thanked' || !shared) return;
    const copied = await navigator.clipboard?.writeText(shared.url).then(() => true, () => false);
    this.phase = { kind: 'thanked', copy: copied ? 'copied' : 'failed' };
  }

  private loadPetition(): void {
    void this.petitionRequest.run([this.endpoint, this.petitionId]);
  }

  private petitionLoaded(petition: PetitionSummary): void {
    this.petition = petition;
    this.phase = stateForPetition(petition, this.phase, proxyBase(this.endpoint));
  }

  private async loadFailed(error: unknown): Promise<void> {
    // A refresh that fails (after signing, say) keeps what is on screen.
    if (this.petition) return;
    const problem = await diagnose(error, this.endpoint, this.petitionId);
    this.phase = { kind: 'failed', problem, retry: problem.kind === 'load-failed' || problem.kind === 'unreachable' };
  }

  private signed(duplicate: boolean): void {
    // A duplicate gets the same thank-you: the form never says whether an address has signed.
    if (!duplicate) this.dispatchEvent(new PetitionSignedEvent({ petitionId: this.petitionId }));
    if (this.thanksUrl && /^https?:/i.test(new URL(this.thanksUrl, location.href).protocol)) {
      location.assign(new URL(this.thanksUrl, location.href).href);
    }
    this.phase = { kind: 'thanked', copy: 'idle' };
    this.loadPetition();
    if (!this.shareStep) {
      import('./share-step.js').then(
        (module) => void (this.shareStep = module),
        () => {},
      );
    }
  }

  private submitFailed(error: unknown): void {
    if (error instanceof RequestFailure && error.status === 409) return this.signed(true);
    this.phase = { ...FRESH_FORM, ...submissionFailure(this.translator, error) };
  }

  protected override willUpdate(changed: PropertyValues): void {
    // First, or another petition or proxy: its own notice, count and form, never the previous
    // one's thank-you.
    if (!this.hasUpdated || changed.has('petitionId') || changed.has('endpoint')) {
      this.petition = undefined;
      this.phase = { kind: 'loading' };
      if (this.petitionId > 0) this.loadPetition();
      else this.phase = { kind: 'failed', problem: { kind: 'missing-petition-id' }, retry: false };
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // Keep the select on the signer's choice even when a language change re-sorts its options.
    const select = this.renderRoot.querySelector<HTMLSelectElement>('#country_code');
    if (select && select.value !== this.selectedCountry) select.value = this.selectedCountry;
    if (changed.has('phase')) this.focusFor(this.phase, changed.get('phase') as SignState | undefined);
    this.reporter.report(this.phase.kind === 'failed' || this.phase.kind === 'unavailable' ? this.phase.problem : undefined);
  }

  /** The one place focus moves: on arriving in a phase, where the person needs to be next. */
  private focusFor(phase: SignState, previous: SignState | undefined): void {
    const focus = (selector: string) => this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
    if (phase.kind === 'form' && (phase.problems.length > 0 || phase.summary.length > 0)) focus('.error-summary');
    else if (phase.kind === 'form' && phase.networkFailed) focus('.alert');
    else if (phase.kind === 'thanked' && previous?.kind !== 'thanked') focus('.thanks');
    // After "Try again", the button is gone: the element's own wrapper keeps focus in it.
    else if (phase.kind === 'loading' && previous?.kind === 'failed') focus('.base');
  }

  /** The country the select shows: the signer's choice, else `country`, else the languages' region. */
  private get selectedCountry(): string {
    return this.chosenCountry ?? (this.country?.toUpperCase() || browserRegion(this.translator.tag) || browserRegion() || '');
  }

  private shared() {
    const url = this.shareStep?.sharedUrl(this.shareUrl, this.petition?.url ?? null);
    return url ? { url, text: this.petition?.title || document.title } : undefined;
  }

  private renderHeader(petition: PetitionSummary) {
    const shown = new Set(this.show.split(/\s+/));
    const t = this.translator;
    const closed = this.phase.kind === 'closed';
    return html`${shown.has('title') ? html`<h2 class="title" part="title">${petition.title}</h2>` : nothing}
      ${shown.has('overview') && petition.overview ? html`<p class="overview" part="overview">${petition.overview}</p>` : nothing}
      ${closed
        ? nothing
        : html`<p class="count" part="count">${t.t('signedCount', { count: petition.signature_count })}</p>
            ${renderGoalProgress(t, petition.signature_count, goalFor(petition.signature_count, this.goal, petition.goal))}`}`;
  }

  private renderThanks() {
    const t = this.translator;
    const shared = this.shared();
    // Not a live region: focus moves here, which reads it once.
    return html`<div class="thanks" part="thanks" tabindex="-1" role="group" aria-labelledby="thanks-title">
        <h2 id="thanks-title">${t.t('thanksTitle')}</h2>
        <slot name="thanks"><p>${t.t(this.petition?.confirm_signers ? 'thanksConfirm' : 'thanksText')}</p></slot>
      </div>
      ${this.shareStep && shared
        ? this.shareStep.renderShareStep(t, shared, this.phase.kind === 'thanked' ? this.phase.copy : 'idle', {
            onShare: () => void this.onShare(),
            onCopy: () => void this.onCopy(),
          })
        : nothing}`;
  }

  private renderPhase(petition: PetitionSummary) {
    const t = this.translator;
    const phase = this.phase;
    const notice = renderOperatorNotice(t, petition.operator);
    const above = this.noticePosition === 'above';
    switch (phase.kind) {
      case 'thanked':
        return this.renderThanks();
      case 'closed':
        return html`<div class="closed" part="closed">
          <p>${t.t('closed')}</p>
          <p>${t.t('closedCount', { count: petition.signature_count })}</p>
        </div>`;
      case 'unavailable':
        return html`<p class="closed" part="closed">${problemText(t, phase.problem)}</p>`;
      case 'form':
      case 'sending':
        return html`${above ? notice : nothing}${renderSignForm({
            t,
            problems: phase.kind === 'form' ? phase.problems : [],
            summary: phase.kind === 'form' ? phase.summary : [],
            networkFailed: phase.kind === 'form' && phase.networkFailed,
            sending: phase.kind === 'sending',
            country: this.selectedCountry,
            hidePhone: this.hidePhone,
            hideReason: this.hideReason,
            submitLabel: this.submitLabel,
            onSubmit: (event) => this.onSubmit(event),
            onCountryChange: (event) => this.onCountryChange(event),
            onSummaryLink: (event, field) => this.onSummaryLink(event, field),
            onRetry: () => this.onRetrySubmit(),
          })}${above ? nothing : notice}`;
      default:
        return nothing;
    }
  }

  private renderProblem(problem: EmbedProblem, retry: boolean) {
    return html`<div part="status" role="alert">
      <p>${problemText(this.translator, problem)}</p>
      ${retry ? html`<button type="button" part="retry" @click=${this.onRetryLoad}>${this.translator.t('tryAgain')}</button>` : nothing}
      <slot></slot>
    </div>`;
  }

  override render() {
    // Until its words have arrived the element shows what the page put inside it.
    if (!this.translator.ready) return html`<div part="base" class="base" aria-busy="true"><slot></slot></div>`;
    const petition = this.petition;
    const phase = this.phase;
    return html`<div part="base" class="base ${this.contrast.onDark ? 'on-dark' : ''}" tabindex="-1">
      ${phase.kind === 'failed'
        ? this.renderProblem(phase.problem, phase.retry)
        : phase.kind === 'loading' || !petition
          ? html`<p part="status">${this.translator.t('loadingPetition')}</p>`
          : html`${this.renderHeader(petition)}${this.renderPhase(petition)}`}
    </div>`;
  }
}

defineElement('petition-sign', PetitionSign);

declare global {
  interface HTMLElementTagNameMap {
    'petition-sign': PetitionSign;
  }
}
