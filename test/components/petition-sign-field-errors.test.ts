// <petition-sign>'s message at each field (the GOV.UK pattern): an invalid control's
// aria-describedby names its own field's message, which is there and says what the summary
// says, for inputs, the country select and the reason's text area alike; and an empty last name
// is told so in the last name's own words.
import { expect, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, fill, signForm, submit, touched } from './sign-form.js';
import { createPetition } from './test-petition.js';

/** The summary's message for each field it links to, by field id. */
const summaryByField = (el: PetitionSign) =>
  Object.fromEntries([...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('.error-summary a')].map((a) => [a.hash.slice(1), text(a)]));

describe('<petition-sign> messages at their fields', () => {
  it("points each invalid control's aria-describedby at its own field's message, which holds the summary's words", async () => {
    const el = await touched(await signForm(await createPetition()));
    // The browser's country's rules (a state list) are here before the country is unset.
    await waitUntil(() => part(el, 'select#state_province'), 'no address rules');
    // Nothing typed; the country unset and the reason too long: an input, the select and the
    // text area each invalid.
    const country = part<HTMLSelectElement>(el, '#country_code')!;
    country.value = '';
    country.dispatchEvent(new Event('change'));
    part<HTMLTextAreaElement>(el, '#reason')!.value = 'a'.repeat(1001);
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');

    const messages = summaryByField(el);
    const invalid = [...el.shadowRoot!.querySelectorAll('[aria-invalid="true"]')];
    expect(invalid.map((control) => control.id)).to.include.members(['first_name', 'last_name', 'email', 'country_code', 'reason']);
    expect(invalid.map((control) => control.id)).to.have.members(Object.keys(messages));
    for (const control of invalid) {
      const describedBy = control.getAttribute('aria-describedby');
      const message = describedBy ? el.shadowRoot!.getElementById(describedBy) : null;
      expect(message, `${control.id}: aria-describedby="${describedBy}" names no element`).to.exist;
      expect(message!.id).to.equal(`${control.id}-error`);
      expect(message!.closest('.field'), `${control.id}'s message is in its own field`).to.equal(control.closest('.field'));
      expect(text(message)).to.equal(`Error: ${messages[control.id]}`);
    }
    for (const control of el.shadowRoot!.querySelectorAll('[aria-invalid="false"]')) {
      expect(control.hasAttribute('aria-describedby'), `${control.id} is valid: no message to point at`).to.equal(false);
    }
    await expect(el).to.be.accessible();
  });

  it('tells a signer who left the last name empty to enter their last name, at that field and in the summary', async () => {
    const el = await signForm(await createPetition());
    const { last_name: _left, ...rest } = SIGNER;
    await fill(el, rest);
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');
    expect(summaryByField(el)).to.deep.equal({ last_name: 'Enter your last name' });
    expect(text(part(el, '#last_name-error'))).to.equal('Error: Enter your last name');
    expect(part(el, '#last_name')!.getAttribute('aria-describedby')).to.equal('last_name-error');
    expect(part(el, '#first_name-error')).to.equal(null);
  });
});
