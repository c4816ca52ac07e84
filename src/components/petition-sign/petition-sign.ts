// <petition-sign>: a petition's signature form, with the operator's notice the display
// obligation requires, validation by the shared signer schema, and the signature count.
import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { Task, TaskStatus, initialState } from '@lit/task';
import { msg, str } from '@lit/localize';
import { COUNTRY_CODES, countryHasPostalCodes, countryRequiresSubdivision } from '../../shared/countries.js';
import { parseProblem, validateSigner } from '../../shared/signature-schema.js';
import type { SignerField, SignerInput } from '../../shared/signature-schema.js';
import type { OperatorNotice, PetitionSummary } from '../../shared/types.js';
import { browserRegion } from '../browser-region.js';
import { defineElement } from '../define-element.js';
import { LanguageController } from '../localization.js';
import { RequestFailure, fetchPetition, submitSignature } from '../petition-api.js';
import { PetitionSignedEvent } from '../petition-signed-event.js';
import { fieldLabel, problemText, serverProblemText } from '../signer-field-text.js';
import { petitionSignStyles } from './petition-sign.styles.js';

/** The proxy's honeypot field (see the proxy's api-routes): hidden from people, filled by bots. */
const HONEYPOT_FIELD = 'website';

type SignerSubmission = SignerInput & { [HONEYPOT_FIELD]?: string };

interface ShownProblem {
  field: SignerField;
  text: string;
}

interface TextFieldOptions {
  autocomplete: string;
  type?: string;
  optional?: boolean;
}

const countryNamesByLanguage = new Map<string, Array<[code: string, name: string]>>();

/** All countries, named and sorted in a language; computed once per language. */
function countryOptions(language: string): Array<[string, string]> {
  let options = countryNamesByLanguage.get(language);
  if (!options) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(language);
    options = COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]);
    options.sort((a, b) => collator.compare(a[1], b[1]));
    countryNamesByLanguage.set(language, options);
  }
  return options;
}

/**
 * The display obligation's data, checked: a summary without the operator's name and both links
 * counts as a failed load, since the form is never shown without its notice.
 */
function withOperatorNotice(petition: PetitionSummary): PetitionSummary {
  const operator = petition?.operator as Partial<OperatorNotice> | undefined;
  if (!operator?.name || !operator.termsUrl || !operator.privacyUrl) throw new RequestFailure(502, []);
  return petition;
}

/** Text for a failure that names no field, by its HTTP status (0: no answer at all). */
function failureText(failure: RequestFailure): string {
  switch (failure.status) {
    case 403:
      return msg('This site cannot collect signatures for this petition at the moment.');
    case 404:
      return msg('This petition could not be found.');
    case 413:
      return msg('Your answers are too long. Shorten your reason for signing and try again.');
    case 429:
      return failure.retryAfter
        ? msg(str`Too many signatures are being sent right now. Try again in ${failure.retryAfter} seconds.`)
        : msg('Too many signatures are being sent right now. Try again in a minute.');
    default:
      return msg('Your signature could not be sent because of a problem on our side. Try again later.');
  }
}

/**
 * A petition's signature form. Shows the signature count, the form with the operator's
 * "powered by … terms … privacy" notice (never without it), a thank-you once the signature
 * is queued, or a message when the petition no longer accepts signatures.
 *
 * @tag petition-sign
 * @summary Signature form for one petition, talking to the petition-embed proxy.
 *
 * @fires {PetitionSignedEvent} petition-signed - A signature was queued. `detail: { petitionId }`; bubbles, composed; no personal data.
 *
 * @csspart base - The wrapper of everything the element shows.
 * @csspart count - "12,345 people have signed".
 * @csspart form - The form.
 * @csspart field - Each field's wrapper (label, message, control).
 * @csspart label - Each field's label.
 * @csspart input - Each text input, select and textarea.
 * @csspart error-message - The message at a field that has a problem.
 * @csspart error-summary - The "There is a problem" box at the top of the form.
 * @csspart submit - The submit button.
 * @csspart thanks - The live region holding the thank-you message.
 * @csspart closed - The message shown when the petition is not accepting signatures.
 * @csspart status - Loading and load-error messages.
 * @csspart retry - The buttons that retry a failed request.
 *
 * @cssprop [--petition-accent-color=#00703c] - Submit button and thank-you border.
 * @cssprop [--petition-accent-text-color=#ffffff] - Text on the accent colour.
 * @cssprop [--petition-text-color=inherit] - Text colour.
 * @cssprop [--petition-error-color=#b3261e] - Error messages and borders.
 * @cssprop [--petition-border-color=currentColor] - Borders of the form's controls.
 * @cssprop [--petition-input-background=Field] - Background of the form's controls.
 * @cssprop [--petition-input-color=FieldText] - Text of the form's controls.
 * @cssprop [--petition-focus-color=#ffbf47] - Focus outline.
 * @cssprop [--petition-font=inherit] - Font family; the page's by default.
 * @cssprop [--petition-radius=4px] - Corner radius.
 * @cssprop [--petition-spacing=1rem] - Base spacing unit.
 */
export class PetitionSign extends LitElement {
  static override styles = petitionSignStyles;

  private readonly languageController = new LanguageController(this);

  private readonly petitionTask = new Task(this, {
    task: async ([endpoint, petitionId], { signal }) =>
      petitionId > 0 ? withOperatorNotice(await fetchPetition(endpoint, petitionId, signal)) : initialState,
    args: () => [this.endpoint, this.petitionId] as const,
    onComplete: (petition) => {
      this.petition = petition;
    },
  });

  private readonly submitTask = new Task(this, {
    autoRun: false,
    task: async ([signer]: readonly [SignerSubmission], { signal }) =>
      submitSignature(this.endpoint, this.petitionId, signer, signal),
    onComplete: () => void this.signed(),
    onError: (error) => void this.submitFailed(error),
  });

  /** The petition to sign (its integer id). */
  @property({ attribute: 'petition-id', type: Number }) petitionId = 0;

  /** The proxy's base URL; defaults to the origin this script was loaded from. */
  @property() endpoint?: string;

  /** Where the operator's notice goes: `above` or `below` (default) the form. It is always shown. */
  @property({ attribute: 'notice-position' }) noticePosition: 'above' | 'below' = 'below';

  /** Leaves out the optional phone field. */
  @property({ attribute: 'hide-phone', type: Boolean }) hidePhone = false;

  /** Leaves out the optional "Why are you signing?" field. */
  @property({ attribute: 'hide-reason', type: Boolean }) hideReason = false;

  /** The last petition summary loaded: a failed refresh must not take the form or thank-you away. */
  @state() private petition?: PetitionSummary;
  @state() private problems: ShownProblem[] = [];
  @state() private summaryMessages: string[] = [];
  @state() private networkFailed = false;
  @state() private thanked = false;
  @state() private country = browserRegion() ?? '';

  private onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    if (this.submitTask.status === TaskStatus.PENDING) return;
    const validation = validateSigner(this.readForm(event.currentTarget as HTMLFormElement));
    if (!validation.success) {
      const problems = validation.problems.map((p) => ({ field: p.field, text: problemText(p.field, p.code, p.message) }));
      void this.showProblems(problems, []);
      return;
    }
    this.problems = [];
    this.summaryMessages = [];
    this.networkFailed = false;
    const trap = new FormData(event.currentTarget as HTMLFormElement).get(HONEYPOT_FIELD);
    void this.submitTask.run([typeof trap === 'string' && trap !== '' ? { ...validation.output, [HONEYPOT_FIELD]: trap } : validation.output]);
  }

  private onCountryChange(event: Event): void {
    this.country = (event.target as HTMLSelectElement).value;
  }

  /** An error summary link moves focus to its field (fragment links cannot reach into shadow DOM). */
  private onSummaryLink(event: MouseEvent, field: SignerField): void {
    event.preventDefault();
    this.renderRoot.querySelector<HTMLElement>(`#${field}`)?.focus();
  }

  private onRetrySubmit(): void {
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  private readForm(form: HTMLFormElement): Record<string, unknown> {
    const data = new FormData(form);
    const fields: Record<string, unknown> = {};
    for (const [name, value] of data) if (typeof value === 'string') fields[name] = value;
    fields.hidden = data.has('hidden');
    return fields;
  }

  /**
   * The retry button disappears while the petition loads again; focus moves to the element's
   * own wrapper, which stays, instead of falling back to the top of the page.
   */
  private onRetryLoad(): void {
    void this.petitionTask.run();
    this.renderRoot.querySelector<HTMLElement>('.base')?.focus();
  }

  private async showProblems(problems: ShownProblem[], summaryMessages: string[]): Promise<void> {
    this.problems = problems;
    this.summaryMessages = summaryMessages;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.error-summary')?.focus();
  }

  private async signed(): Promise<void> {
    this.thanked = true;
    this.dispatchEvent(new PetitionSignedEvent({ petitionId: this.petitionId }));
    void this.petitionTask.run();
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.thanks')?.focus();
  }

  private async submitFailed(error: unknown): Promise<void> {
    // Anything else that stops the request (a malformed endpoint, say) still gets a message.
    if (!(error instanceof RequestFailure)) {
      await this.showProblems([], [failureText(new RequestFailure(500, []))]);
      return;
    }
    if (error.status === 0) {
      this.networkFailed = true;
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.alert')?.focus();
      return;
    }
    const problems: ShownProblem[] = [];
    for (const message of error.messages) {
      const parsed = parseProblem(message);
      if (parsed && !problems.some((p) => p.field === parsed.field)) {
        problems.push({ field: parsed.field, text: serverProblemText(parsed.field, parsed.message, error.status) });
      }
    }
    // A 400's messages are meant for the signer: those that name no field are shown as sent, even
    // beside field problems, so none is lost. Other statuses get our own words when no field is named.
    const unplaced = error.status === 400 ? error.messages.filter((message) => !parseProblem(message)) : [];
    const summary = unplaced.length > 0 || problems.length > 0 ? unplaced : [failureText(error)];
    await this.showProblems(problems, summary);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another petition: its own notice, count and form, never the previous one's thank-you.
    if (changed.has('petitionId') && changed.get('petitionId') !== undefined) {
      this.petition = undefined;
      this.thanked = false;
      this.problems = [];
      this.summaryMessages = [];
      this.networkFailed = false;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Keep the select on the signer's choice even when a language change re-sorts its options.
    const select = this.renderRoot.querySelector<HTMLSelectElement>('#country_code');
    if (select && select.value !== this.country) select.value = this.country;
  }

  private problemFor(field: SignerField): string | undefined {
    return this.problems.find((p) => p.field === field)?.text;
  }

  private renderLabel(field: SignerField, optional: boolean): TemplateResult {
    return html`<label for=${field} part="label"
      >${fieldLabel(field)}${optional ? html` <span class="optional">${msg('(optional)')}</span>` : nothing}</label
    >`;
  }

  private renderFieldError(field: SignerField, problem: string | undefined) {
    return problem
      ? html`<p id="${field}-error" class="error-message" part="error-message">
          <span class="visually-hidden">${msg('Error:')}</span> ${problem}
        </p>`
      : nothing;
  }

  private renderTextField(field: SignerField, { autocomplete, type = 'text', optional = false }: TextFieldOptions) {
    const problem = this.problemFor(field);
    return html`<div class="field ${problem ? 'field-error' : ''}" part="field">
      ${this.renderLabel(field, optional)} ${this.renderFieldError(field, problem)}
      <input
        id=${field}
        name=${field}
        type=${type}
        autocomplete=${autocomplete}
        spellcheck="false"
        part="input"
        aria-invalid=${problem ? 'true' : 'false'}
        aria-describedby=${ifDefined(problem ? `${field}-error` : undefined)}
      />
    </div>`;
  }

  private renderCountryField() {
    const problem = this.problemFor('country_code');
    return html`<div class="field ${problem ? 'field-error' : ''}" part="field">
      ${this.renderLabel('country_code', false)} ${this.renderFieldError('country_code', problem)}
      <select
        id="country_code"
        name="country_code"
        autocomplete="country"
        part="input"
        aria-invalid=${problem ? 'true' : 'false'}
        aria-describedby=${ifDefined(problem ? 'country_code-error' : undefined)}
        @change=${this.onCountryChange}
      >
        <option value="" ?selected=${this.country === ''}>${msg('Select your country')}</option>
        ${countryOptions(this.languageController.language).map(
          ([code, name]) => html`<option value=${code} ?selected=${code === this.country}>${name}</option>`,
        )}
      </select>
    </div>`;
  }

  private renderReasonField() {
    const problem = this.problemFor('reason');
    return html`<div class="field ${problem ? 'field-error' : ''}" part="field">
      ${this.renderLabel('reason', true)} ${this.renderFieldError('reason', problem)}
      <textarea
        id="reason"
        name="reason"
        rows="3"
        part="input"
        aria-invalid=${problem ? 'true' : 'false'}
        aria-describedby=${ifDefined(problem ? 'reason-error' : undefined)}
      ></textarea>
    </div>`;
  }

  private renderErrorSummary() {
    if (this.problems.length === 0 && this.summaryMessages.length === 0) return nothing;
    return html`<div class="error-summary" part="error-summary" tabindex="-1" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">${msg('There is a problem')}</h2>
      <ul>
        ${this.summaryMessages.map((text) => html`<li>${text}</li>`)}
        ${this.problems.map(
          ({ field, text }) =>
            html`<li><a href="#${field}" @click=${(event: MouseEvent) => this.onSummaryLink(event, field)}>${text}</a></li>`,
        )}
      </ul>
    </div>`;
  }

  private renderNetworkFailure() {
    if (!this.networkFailed) return nothing;
    return html`<div class="alert" role="alert" tabindex="-1">
      <p>${msg('Your signature could not be sent. Check your connection and try again; what you entered is kept.')}</p>
      <button type="button" part="retry" @click=${this.onRetrySubmit}>${msg('Try again')}</button>
    </div>`;
  }

  private renderForm() {
    const sending = this.submitTask.status === TaskStatus.PENDING;
    return html`<form part="form" novalidate @submit=${this.onSubmit}>
      ${this.renderErrorSummary()} ${this.renderNetworkFailure()}
      ${this.renderTextField('first_name', { autocomplete: 'given-name' })}
      ${this.renderTextField('last_name', { autocomplete: 'family-name' })}
      ${this.renderTextField('email', { autocomplete: 'email', type: 'email' })}
      ${this.renderTextField('address', { autocomplete: 'address-line1' })}
      ${this.renderTextField('city', { autocomplete: 'address-level2' })}
      ${this.renderTextField('state_province', {
        autocomplete: 'address-level1',
        optional: !countryRequiresSubdivision(this.country),
      })}
      ${this.renderTextField('postal_code', {
        autocomplete: 'postal-code',
        optional: this.country !== '' && !countryHasPostalCodes(this.country),
      })}
      ${this.renderCountryField()}
      ${this.hidePhone ? nothing : this.renderTextField('phone', { autocomplete: 'tel', type: 'tel', optional: true })}
      ${this.hideReason ? nothing : this.renderReasonField()}
      <div class="checkbox" part="field">
        <input id="hidden" name="hidden" type="checkbox" value="true" />
        <label for="hidden" part="label">${fieldLabel('hidden')}</label>
      </div>
      <div class="visually-hidden" aria-hidden="true">
        <label for=${HONEYPOT_FIELD}>Website</label>
        <input id=${HONEYPOT_FIELD} name=${HONEYPOT_FIELD} type="text" tabindex="-1" autocomplete="off" />
      </div>
      <button type="submit" part="submit" ?disabled=${sending} aria-describedby="notice">
        ${sending ? msg('Sending your signature…') : msg('Sign this petition')}
      </button>
    </form>`;
  }

  /** The display obligation: who powers the petition, and the terms the signer accepts. */
  private renderNotice({ name, termsUrl, privacyUrl }: OperatorNotice) {
    return html`<p class="notice" id="notice">
      ${msg(
        html`This petition is powered by ${name}. By signing, you accept the
          <a href=${termsUrl} target="_blank" rel="noopener noreferrer">terms of service</a> and the
          <a href=${privacyUrl} target="_blank" rel="noopener noreferrer">privacy policy</a> of ${name}.`,
      )}
    </p>`;
  }

  private renderCount(count: number) {
    const language = this.languageController.language;
    const people = new Intl.NumberFormat(language).format(count);
    const text =
      new Intl.PluralRules(language).select(count) === 'one'
        ? msg(str`${people} person has signed`)
        : msg(str`${people} people have signed`);
    return html`<p class="count" part="count">${text}</p>`;
  }

  private renderThanks() {
    return html`<h2>${msg('Thank you for signing')}</h2>
      <p>${msg('Your signature has been received and will appear on the petition shortly.')}</p>`;
  }

  private renderPetition(petition: PetitionSummary) {
    const notice = this.renderNotice(petition.operator);
    const above = this.noticePosition === 'above';
    return html`${this.renderCount(petition.signature_count)}
      <div class="thanks" part="thanks" role="status" tabindex="-1">${this.thanked ? this.renderThanks() : nothing}</div>
      ${this.thanked
        ? nothing
        : petition.accepting_signatures
          ? html`${above ? notice : nothing}${this.renderForm()}${above ? nothing : notice}`
          : html`<p class="closed" part="closed">${msg('This petition is not accepting signatures any more.')}</p>`}`;
  }

  private renderLoadFailure() {
    const error = this.petitionTask.error;
    if (error instanceof RequestFailure && error.status === 404) {
      return html`<p part="status">${msg('This petition could not be found.')}</p>`;
    }
    return html`<div part="status" role="alert">
      <p>${msg('The petition could not be loaded.')}</p>
      <button type="button" part="retry" @click=${this.onRetryLoad}>${msg('Try again')}</button>
    </div>`;
  }

  override render() {
    // A refresh keeps the last answer on screen, so the form (and what was typed) stays put.
    const petition = this.petition;
    return html`<div part="base" class="base" tabindex="-1">
      ${petition
        ? this.renderPetition(petition)
        : this.petitionTask.render({
            pending: () => html`<p part="status">${msg('Loading the petition…')}</p>`,
            error: () => this.renderLoadFailure(),
          })}
    </div>`;
  }
}

defineElement('petition-sign', PetitionSign);

declare global {
  interface HTMLElementTagNameMap {
    'petition-sign': PetitionSign;
  }
}
