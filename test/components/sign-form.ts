// What the <petition-sign> tests share: a valid signer, loading the form, filling and submitting
// it as a person would, and where focus is.
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/components/petition-embed.js';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part } from './shadow-query.js';

export const SIGNER: Record<string, string> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  address: '12 St James Square',
  city: 'London',
  // Typed into the state's list as a person would (its type-ahead picks Texas, stored as TX).
  state_province: 'Texas',
  postal_code: '78701',
};

export async function loaded(el: PetitionSign): Promise<PetitionSign> {
  await waitUntil(() => part(el, '[part="count"]'), 'petition did not load');
  return el;
}

export async function signForm(petitionId: number, extra: TemplateResult = html``): Promise<PetitionSign> {
  return loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId}>${extra}</petition-sign>`));
}

/** The form's first touch (focus in its first field), which asks for its country's address rules. */
export async function touched(el: PetitionSign): Promise<PetitionSign> {
  part<HTMLInputElement>(el, '#first_name')!.focus();
  await el.updateComplete;
  return el;
}

/** The names in the country select once it lists every country (country-list-timing.ts: at the first touch or when idle). */
export async function countryNames(el: PetitionSign): Promise<string[]> {
  const select = () => part<HTMLSelectElement>(el, '#country_code');
  await waitUntil(() => select()?.options.length === 250, 'the country list did not arrive', { timeout: 3000 });
  return [...select()!.options].map((option) => option.text);
}

/** Fills the form by typing into each field, as a person would. */
export async function fill(el: PetitionSign, values: Record<string, string> = SIGNER): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    part<HTMLInputElement>(el, `#${name}`)!.focus();
    await sendKeys({ type: value });
  }
}

export function submit(el: PetitionSign): void {
  part<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
}

export function valueOf(el: PetitionSign, name: string): string {
  return part<HTMLInputElement>(el, `#${name}`)!.value;
}

/**
 * An element as "tag#id.class[part]", for focus assertions: chai serializing a failed comparison
 * of two DOM elements stalls the browser until wtr's two-minute limit, so compare descriptions.
 */
export function describeElement(node: Element | null): string {
  if (!node) return 'nothing';
  return `${node.localName}#${node.id}.${node.className}[${node.getAttribute('part') ?? ''}]`;
}

/** What has focus inside the element's shadow root. */
export const focused = (el: PetitionSign) => describeElement(el.shadowRoot!.activeElement);
