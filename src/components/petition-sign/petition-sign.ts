// <petition-sign>: a petition's signature form, with the operator's notice the display
// obligation requires, the count and the goal, validation by the shared signer schema, and the
// share step after signing. Its phases and what moves it between them are in sign-flow.ts.
import { LitElement, html, nothing } from 'lit';
import type { PropertyValues } from 'lit';
import type { SignerField } from '../../shared/signer-fields.js';
import type { PetitionSummary } from '../../shared/types.js';
import { defineElement } from '../define-element.js';
import { problemText } from '../embed-problem.js';
import { Translator } from '../i18n/translator.js';
import { PageContrast } from '../page-contrast.js';
import { CountryAddresses } from './country-addresses.js';
import { CountryChoice } from './country-choice.js';
import { CountryListTiming } from './country-list-timing.js';
import { renderOperatorNotice } from './operator-notice.js';
import { petitionSignStyles } from './petition-sign.styles.js';
import { SignFlow } from './sign-flow.js';
import { renderSignForm } from './sign-form.js';
import { renderClosed, renderHeader, renderProblem, renderThanks } from './sign-view.js';
import { signWords } from './sign-words.js';

/**
 * A petition's signature form. Shows the count and a bar toward the goal, optionally the
 * petition's title and overview, the form with the operator's "powered by … terms … privacy"
 * notice (never without it), and after signing a thank-you with a share step. When it cannot
 * work it says why in the page, and how to fix it in the console.
 *
 * @tag petition-sign
 * @summary Signature form for one petition, talking to the petition-embed proxy.
 *
 * @fires {PetitionSignedEvent} petition-signed - A signature was queued. `detail: { petitionId, endpoint }` (the proxy's base URL); bubbles, composed; no personal data. Every element for the same petition and proxy on the page refreshes its count on it.
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
 * @csspart withdraw - The thank-you's "Not you? Withdraw this signature" link.
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
  };

  static override styles = petitionSignStyles;

  private readonly translator = new Translator(this, signWords);
  private readonly contrast = new PageContrast(this);
  private readonly countryChoice = new CountryChoice(this, () => ({ attribute: this.country, languageTag: this.translator.tag }));
  private readonly countryList = new CountryListTiming(this);
  private readonly addresses = new CountryAddresses(this);
  private readonly flow = new SignFlow(this, this.translator, this.addresses.book);

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

  /** An error summary link moves focus to its field (fragment links cannot reach into shadow DOM). */
  private onSummaryLink(event: MouseEvent, field: SignerField): void {
    event.preventDefault();
    this.renderRoot.querySelector<HTMLElement>(`#${field}`)?.focus();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (!this.hasUpdated || changed.has('petitionId') || changed.has('endpoint')) this.flow.restart();
  }

  private shared() {
    const url = this.flow.shareStep?.sharedUrl(this.shareUrl, this.flow.petition?.url ?? null);
    return url ? { url, text: this.flow.petition?.title || document.title } : undefined;
  }

  private renderPhase(petition: PetitionSummary) {
    const t = this.translator;
    const phase = this.flow.phase;
    const notice = renderOperatorNotice(t, petition.operator);
    const above = this.noticePosition === 'above';
    switch (phase.kind) {
      case 'thanked': {
        const shared = this.shared();
        return renderThanks(t, petition, {
          shareStep: this.flow.shareStep,
          shared,
          copy: phase.copy,
          withdrawUrl: phase.withdrawUrl,
          onShare: () => void (shared && this.flow.shareStep?.shareNatively(shared)),
          onCopy: () => void (shared && this.flow.copy(shared.url)),
        });
      }
      case 'closed':
        return renderClosed(t, petition);
      case 'unavailable':
        return html`<p class="closed" part="closed">${problemText(t, phase.problem)}</p>`;
      case 'form':
      case 'sending':
        return html`${above ? notice : nothing}${renderSignForm({
            t,
            problems: phase.kind === 'form' ? phase.problems : [],
            summary: phase.kind === 'form' ? phase.summary : [],
            networkFailed: phase.kind === 'form' && phase.networkFailed,
            sending: phase.kind === 'sending' && (phase.note ?? 'sending'),
            country: this.countryChoice.value,
            allCountries: this.countryList.all,
            address: this.addresses.of(this.countryChoice.value),
            hidePhone: this.hidePhone,
            hideReason: this.hideReason,
            submitLabel: this.submitLabel,
            optIns: petition.opt_ins ?? [],
            onSubmit: (event) => {
              event.preventDefault();
              this.flow.submit(event.currentTarget as HTMLFormElement);
            },
            onCountryChange: this.countryChoice.onChange,
            onSummaryLink: (event, field) => this.onSummaryLink(event, field),
            onRetry: () => this.renderRoot.querySelector('form')?.requestSubmit(),
          })}${above ? nothing : notice}`;
      default:
        return nothing;
    }
  }

  override render() {
    // Until its words have arrived the element shows what the page put inside it.
    // The wrapper's classes size it for the fields it will hold (petition-sign.styles.ts) from the first frame.
    const fields = `${this.hidePhone ? 'no-phone' : ''} ${this.hideReason ? 'no-reason' : ''}`;
    if (!this.translator.ready) return html`<div part="base" class="base ${fields}" dir=${this.translator.dir} aria-busy="true"><slot></slot></div>`;
    const { petition, phase } = this.flow;
    return html`<div part="base" class="base ${fields} ${this.contrast.onDark ? 'on-dark' : ''}" dir=${this.translator.dir} tabindex="-1" aria-busy=${phase.kind === 'loading' ? 'true' : 'false'}>
      ${phase.kind === 'failed'
        ? renderProblem(this.translator, phase.problem, phase.retry ? () => this.flow.retryLoad() : undefined)
        : phase.kind === 'loading' || !petition
          ? html`<p part="status">${this.translator.t('loadingPetition')}</p>`
          : html`${renderHeader(this.translator, petition, { show: this.show, goal: this.goal, closed: phase.kind === 'closed' })}${this.renderPhase(petition)}`}
    </div>`;
  }
}

defineElement('petition-sign', PetitionSign);

declare global {
  interface HTMLElementTagNameMap {
    'petition-sign': PetitionSign;
  }
}
