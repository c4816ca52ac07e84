// The form's template (the GOV.UK validation pattern): an error summary that links to each
// field, the message again at the field, "(optional)" on optional fields, and the country first,
// since the address, state and postal code fields adapt to it.
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { CountryAddress } from '../../shared/addresses/country-address.js';
import { subdivisionChoices } from '../../shared/addresses/subdivision.js';
import { COUNTRY_CODES, isCountryCode } from '../../shared/countries.js';
import { optInLabel, type OptIn } from '../../shared/consent.js';
import type { SignerField } from '../../shared/signer-fields.js';
import type { Translator } from '../i18n/translator.js';
import { labelId } from '../signer-field-text.js';

/** The proxy's honeypot field (src/proxy/http/api-routes.ts): hidden from people, filled by bots. */
export const HONEYPOT_FIELD = 'website';

export interface ShownProblem {
  field: SignerField;
  text: string;
}

export interface FormView {
  t: Translator;
  problems: ShownProblem[];
  /** Messages that name no field, shown first in the summary. */
  summary: string[];
  networkFailed: boolean;
  /** While sending, what the status says (the proof of work may have a note of its own); else false. */
  sending: false | 'sending' | 'proofWaiting';
  country: string;
  /** Every country in the select; else the chosen one alone, until the first touch or idle (country-list-timing.ts). */
  allCountries: boolean;
  /** The country's address rules, once its chunk has arrived (country-addresses.ts). */
  address: CountryAddress | undefined;
  hidePhone: boolean;
  hideReason: boolean;
  submitLabel: string | undefined;
  /** The petition's opt-ins: checkboxes the signer may tick, never ticked for them. */
  optIns: readonly OptIn[];
  onSubmit: (event: SubmitEvent) => void;
  onCountryChange: (event: Event) => void;
  onSummaryLink: (event: MouseEvent, field: SignerField) => void;
  onRetry: () => void;
}

const regionNames = (language: string) => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });

const countryNamesByLanguage = new Map<string, Array<[code: string, name: string]>>();

/** All countries, named and sorted in a language; computed once per language. */
function countryOptions(language: string): Array<[string, string]> {
  let options = countryNamesByLanguage.get(language);
  if (!options) {
    const names = regionNames(language);
    const collator = new Intl.Collator(language);
    options = COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]);
    options.sort((a, b) => collator.compare(a[1], b[1]));
    countryNamesByLanguage.set(language, options);
  }
  return options;
}

/** The chosen country's option alone: one name, no collator (a country not in the list has none, as in the full list). */
function chosenOption(language: string, code: string): Array<[string, string]> {
  if (!isCountryCode(code)) return [];
  return [[code, regionNames(language).of(code) ?? code]];
}

function problemFor(view: FormView, field: SignerField): string | undefined {
  return view.problems.find((p) => p.field === field)?.text;
}

function label(view: FormView, field: SignerField, optional: boolean) {
  return html`<label for=${field} part="label"
    >${view.t.t(labelId(field, view.address))}${optional ? html` <span class="optional">${view.t.t('optional')}</span>` : nothing}</label
  >`;
}

function fieldError(view: FormView, field: SignerField, problem: string | undefined) {
  return problem
    ? html`<p id="${field}-error" class="error-message" part="error-message">
        <span class="visually-hidden">${view.t.t('errorPrefix')}</span> ${problem}
      </p>`
    : nothing;
}

/** A field's wrapper, label and message around its control. */
function field(view: FormView, name: SignerField, optional: boolean, control: (problem: string | undefined) => unknown) {
  const problem = problemFor(view, name);
  return html`<div class="field ${problem ? 'field-error' : ''}" part="field">
    ${label(view, name, optional)} ${fieldError(view, name, problem)} ${control(problem)}
  </div>`;
}

function textField(view: FormView, name: SignerField, autocomplete: string, { type = 'text', optional = false } = {}) {
  return field(view, name, optional, (problem) =>
    html`<input
      id=${name}
      name=${name}
      type=${type}
      autocomplete=${autocomplete}
      spellcheck="false"
      part="input"
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${ifDefined(problem ? `${name}-error` : undefined)}
    />`,
  );
}

function countryField(view: FormView) {
  return field(view, 'country_code', false, (problem) =>
    html`<select
      id="country_code"
      name="country_code"
      autocomplete="country"
      part="input"
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${ifDefined(problem ? 'country_code-error' : undefined)}
      @change=${view.onCountryChange}
    >
      <option value="" ?selected=${view.country === ''}>${view.t.t('selectCountry')}</option>
      ${(view.allCountries ? countryOptions(view.t.tag) : chosenOption(view.t.tag, view.country)).map(
        ([code, name]) => html`<option value=${code} ?selected=${code === view.country}>${name}</option>`,
      )}
    </select>`,
  );
}

/** The subdivision from the country's list where its addresses have one; else free text. */
function subdivisionField(view: FormView) {
  const list = view.address?.subdivisions;
  const optional = !view.address?.subdivisionRequired;
  if (!list) return textField(view, 'state_province', 'address-level1', { optional });
  return field(view, 'state_province', optional, (problem) =>
    html`<select
      id="state_province"
      name="state_province"
      autocomplete="address-level1"
      part="input"
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${ifDefined(problem ? 'state_province-error' : undefined)}
    >
      <option value="">${view.t.t('selectSubdivision')}</option>
      ${subdivisionChoices(list, view.t.tag).map(([key, name]) => html`<option value=${key}>${name}</option>`)}
    </select>`,
  );
}

function reasonField(view: FormView) {
  return field(view, 'reason', true, (problem) =>
    html`<textarea
      id="reason"
      name="reason"
      rows="3"
      part="input"
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${ifDefined(problem ? 'reason-error' : undefined)}
    ></textarea>`,
  );
}

/**
 * The fields in the order renderSignForm shows them (the country fourth, before the fields that
 * adapt to it): the summary lists problems in this order, whichever order they arrived in.
 */
const FORM_ORDER: readonly SignerField[] = [
  'first_name',
  'last_name',
  'email',
  'country_code',
  'address',
  'city',
  'state_province',
  'postal_code',
  'phone',
  'reason',
  'hidden',
];

function errorSummary(view: FormView) {
  if (view.problems.length === 0 && view.summary.length === 0) return nothing;
  const problems = [...view.problems].sort((a, b) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field));
  return html`<div class="error-summary" part="error-summary" tabindex="-1" role="alert" aria-labelledby="error-summary-title">
    <h2 id="error-summary-title">${view.t.t('errorSummaryTitle')}</h2>
    <ul>
      ${view.summary.map((text) => html`<li>${text}</li>`)}
      ${problems.map(
        ({ field: name, text }) =>
          html`<li><a href="#${name}" @click=${(event: MouseEvent) => view.onSummaryLink(event, name)}>${text}</a></li>`,
      )}
    </ul>
  </div>`;
}

function networkFailure(view: FormView) {
  if (!view.networkFailed) return nothing;
  return html`<div class="alert" role="alert" tabindex="-1">
    <p>${view.t.t('networkFailure')}</p>
    <button type="button" part="retry" @click=${view.onRetry}>${view.t.t('tryAgain')}</button>
  </div>`;
}

export function renderSignForm(view: FormView) {
  const { t } = view;
  return html`<form part="form" novalidate @submit=${view.onSubmit}>
    ${errorSummary(view)} ${networkFailure(view)}
    ${textField(view, 'first_name', 'given-name')} ${textField(view, 'last_name', 'family-name')}
    ${textField(view, 'email', 'email', { type: 'email' })} ${countryField(view)}
    ${textField(view, 'address', 'address-line1')} ${textField(view, 'city', 'address-level2')}
    ${subdivisionField(view)}
    ${textField(view, 'postal_code', 'postal-code', { optional: view.address !== undefined && !view.address.postalCode })}
    ${view.hidePhone ? nothing : textField(view, 'phone', 'tel', { type: 'tel', optional: true })}
    ${view.hideReason ? nothing : reasonField(view)}
    <div class="checkbox" part="field">
      <input id="hidden" name="hidden" type="checkbox" value="true" part="checkbox" />
      <label for="hidden" part="checkbox-label">${t.t('labelHidden')}</label>
    </div>
    ${view.optIns.map(
      (optIn) => html`<div class="checkbox" part="field">
        <input id="opt-in-${optIn.id}" name="opt_in" type="checkbox" value=${optIn.id} part="checkbox" />
        <label for="opt-in-${optIn.id}" part="checkbox-label">${optInLabel(optIn, t.tag).label}</label>
      </div>`,
    )}
    <div class="visually-hidden" aria-hidden="true">
      <label for=${HONEYPOT_FIELD}>Website</label>
      <input id=${HONEYPOT_FIELD} name=${HONEYPOT_FIELD} type="text" tabindex="-1" autocomplete="off" />
    </div>
    <!-- While sending, the button stays focusable (aria-disabled, not disabled), so focus never
         drops to the page; the status region below says what is happening. -->
    <button type="submit" part="submit" aria-disabled=${view.sending ? 'true' : 'false'} aria-describedby="notice">
      ${view.submitLabel || t.t('submit')}
    </button>
    <p class="visually-hidden" role="status">${view.sending ? t.t(view.sending) : nothing}</p>
  </form>`;
}
