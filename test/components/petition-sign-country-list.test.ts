// <petition-sign>'s country select (country-list-timing.ts): its first render holds the
// placeholder and the chosen country alone, every country arriving at the first touch (pointerdown
// or focus, before the dropdown can open) or when the browser is idle, with the same choice and
// the same select. The first render is read in the task that made it, before any idle callback.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part } from './shadow-query.js';
import { SIGNER, fill, submit } from './sign-form.js';
import { createPetition, submissionsReceived } from './test-petition.js';

/** 249 countries and the placeholder. */
const EVERY_OPTION = 250;

interface FirstRender {
  el: PetitionSign;
  select: HTMLSelectElement;
  options: Array<[value: string, text: string, selected: boolean]>;
  height: number;
}

const optionsOf = (select: HTMLSelectElement): FirstRender['options'] => [...select.options].map((o) => [o.value, o.text, o.selected]);

/**
 * A form for the petition, resolved in a microtask of the update that first renders its select:
 * the caller's code after `await` runs in that same task, before the browser can be idle.
 */
async function firstRender(petitionId: number, country: string): Promise<FirstRender> {
  const page = await fixture<HTMLElement>(html`<div></div>`);
  const el = document.createElement('petition-sign');
  el.setAttribute('petition-id', String(petitionId));
  el.setAttribute('country', country);
  page.append(el);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const select = part<HTMLSelectElement>(el, '#country_code');
      if (!select) return;
      observer.disconnect();
      resolve({ el, select, options: optionsOf(select), height: select.getBoundingClientRect().height });
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  });
}

describe('<petition-sign> country list', () => {
  it('first shows the placeholder and the chosen country alone, then every country on pointerdown', async () => {
    const { el, select, options, height } = await firstRender(await createPetition(), 'NZ');
    expect(options).to.deep.equal([
      ['', 'Select your country', false],
      ['NZ', 'New Zealand', true],
    ]);
    select.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect(select.options.length).to.equal(EVERY_OPTION);
    expect(select.value).to.equal('NZ');
    expect(select.selectedOptions[0]!.text).to.equal('New Zealand');
    // The same select, as tall as before, with its label and autocomplete.
    expect(part(el, '#country_code')).to.equal(select);
    expect(select.getBoundingClientRect().height).to.equal(height);
    expect(select.getAttribute('autocomplete')).to.equal('country');
    expect(el.shadowRoot!.querySelector('label[for="country_code"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('shows every country on the first focus', async () => {
    const { el, select, options } = await firstRender(await createPetition(), 'DE');
    expect(options.length).to.equal(2);
    select.focus();
    await el.updateComplete;
    expect(select.options.length).to.equal(EVERY_OPTION);
    expect(select.value).to.equal('DE');
  });

  it('shows every country untouched, once the browser is idle', async () => {
    const { select, options } = await firstRender(await createPetition(), 'JP');
    expect(options.length).to.equal(2);
    await waitUntil(() => select.options.length === EVERY_OPTION, 'no full list while idle', { timeout: 3000 });
    expect(select.value).to.equal('JP');
  });

  it('sends the country chosen at first, the same option before and after the full list', async () => {
    const petitionId = await createPetition();
    const { el, select, options } = await firstRender(petitionId, 'GB');
    expect(options.find(([, , selected]) => selected)).to.deep.equal(['GB', 'United Kingdom', true]);
    const signed = oneEvent(el, 'petition-signed');
    await fill(el, { ...SIGNER, state_province: '', postal_code: 'SW1A 1AA' });
    expect(select.options.length).to.equal(EVERY_OPTION);
    expect(optionsOf(select).find(([, , selected]) => selected)).to.deep.equal(['GB', 'United Kingdom', true]);
    submit(el);
    await signed;
    const [sent] = await submissionsReceived(petitionId);
    expect(sent!['country_code']).to.equal('GB');
  });

  it('sends a country chosen from the full list, with its address rules', async () => {
    const petitionId = await createPetition();
    const { el, select } = await firstRender(petitionId, 'GB');
    // Focus, as a person choosing by keyboard: it also asks for the address rules.
    select.focus();
    await el.updateComplete;
    select.value = 'IE';
    select.dispatchEvent(new Event('change'));
    await waitUntil(() => part(el, 'label[for="postal_code"]')?.textContent?.includes('Eircode'), 'no Irish address rules');
    const signed = oneEvent(el, 'petition-signed');
    await fill(el, { ...SIGNER, state_province: '', postal_code: 'D02 X285' });
    submit(el);
    await signed;
    const [sent] = await submissionsReceived(petitionId);
    expect(sent!['country_code']).to.equal('IE');
  });
});
