// <petition-sign>'s address fields fitted to the country (src/shared/addresses/): the state or
// province chosen from the country's list under the country's own word for it, postal codes
// checked against the country's pattern with an example of it, and what is sent as the post
// writes it. The rules arrive in a chunk for the country chosen, from the form's first touch.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, fill, loaded, submit, touched } from './sign-form.js';
import { createPetition, submissionsReceived } from './test-petition.js';

async function formFor(petitionId: number, country: string): Promise<PetitionSign> {
  return touched(await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country=${country}></petition-sign>`)));
}

const subdivisions = (el: PetitionSign) => part<HTMLSelectElement>(el, 'select#state_province');

async function listArrived(el: PetitionSign): Promise<HTMLSelectElement> {
  await waitUntil(() => subdivisions(el), 'the subdivision list did not arrive');
  return subdivisions(el)!;
}

function chooseCountry(el: PetitionSign, code: string): void {
  const select = part<HTMLSelectElement>(el, '#country_code')!;
  select.value = code;
  select.dispatchEvent(new Event('change'));
}

const { state_province: _state, postal_code: _postal, ...person } = SIGNER;

describe('<petition-sign> addresses', () => {
  it("lists the country's states in a select labelled as the country says, usable by keyboard and accessible", async () => {
    const el = await formFor(await createPetition(), 'US');
    const states = await listArrived(el);
    expect(text(part(el, 'label[for="state_province"]'))).to.equal('State');
    expect(text(part(el, 'label[for="postal_code"]'))).to.equal('ZIP code');
    expect(states.options[0]!.value).to.equal('');
    expect(states.options[0]!.text).to.equal('Select…');
    expect([...states.options].find((option) => option.value === 'CA')?.text).to.equal('California');
    expect(states.options.length).to.equal(63);
    states.focus();
    await sendKeys({ type: 'Calif' });
    expect(states.value).to.equal('CA');
    await expect(el).to.be.accessible();

    chooseCountry(el, 'JP');
    await waitUntil(() => text(part(el, 'label[for="state_province"]')) === 'Prefecture', 'no prefectures');
    const prefectures = subdivisions(el)!;
    expect([...prefectures.options].find((option) => option.value === '東京都')?.text).to.equal('Tokyo');
    chooseCountry(el, 'IE');
    await waitUntil(() => text(part(el, 'label[for="state_province"]')) === 'County (optional)', 'no counties');
    expect(text(part(el, 'label[for="postal_code"]'))).to.equal('Eircode');
    await expect(el).to.be.accessible();
  });

  it('refuses a ZIP code of letters with an example, at the field and in the summary', async () => {
    const el = await formFor(await createPetition(), 'US');
    await listArrived(el);
    await fill(el, { ...person, state_province: 'Texas', postal_code: 'ABCDE' });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');
    expect([...el.shadowRoot!.querySelectorAll('.error-summary a')].map(text)).to.deep.equal(['Enter a postal code like 95014']);
    expect(text(part(el, '#postal_code-error'))).to.equal('Error: Enter a postal code like 95014');
    expect(part(el, '#postal_code')!.getAttribute('aria-describedby')).to.equal('postal_code-error');
    expect(part(el, '#postal_code')!.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('refuses a Spanish postal code of three digits, and asks for the province', async () => {
    const el = await formFor(await createPetition(), 'ES');
    await listArrived(el);
    expect(text(part(el, 'label[for="state_province"]'))).to.equal('Province');
    await fill(el, { ...person, postal_code: '280' });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'), 'no error summary');
    expect(text(part(el, '#postal_code-error'))).to.equal('Error: Enter a postal code like 28039');
    expect(text(part(el, '#state_province-error'))).to.equal('Error: Enter your state or province');
    expect(subdivisions(el)!.getAttribute('aria-describedby')).to.equal('state_province-error');
  });

  it('sends a UK postcode written in lower case without its space as the post writes it', async () => {
    const petitionId = await createPetition();
    const el = await formFor(petitionId, 'GB');
    await waitUntil(() => part(el, 'input#state_province'), 'free text where addresses carry no county');
    const signed = oneEvent(el, 'petition-signed');
    await fill(el, { ...person, postal_code: 'sw1a1aa' });
    submit(el);
    await signed;
    const [sent] = await submissionsReceived(petitionId);
    expect([sent!['postal_code'], sent!['state_province']]).to.deep.equal(['SW1A 1AA', '']);
  });

  it('takes an empty postal code where the country has none, with the emirate from the list', async () => {
    const petitionId = await createPetition();
    const el = await formFor(petitionId, 'AE');
    await listArrived(el);
    expect(text(part(el, 'label[for="state_province"]'))).to.equal('Emirate');
    expect(text(part(el, 'label[for="postal_code"]'))).to.equal('Postal code (optional)');
    const signed = oneEvent(el, 'petition-signed');
    await fill(el, { ...person, state_province: 'Dubai' });
    submit(el);
    await signed;
    const [sent] = await submissionsReceived(petitionId);
    expect([sent!['postal_code'], sent!['state_province']]).to.deep.equal(['', 'إمارة دبيّ']);
  });

  it('two forms waiting for the same country both get its list when its chunk arrives', async () => {
    // Brazil's letter is loaded by no earlier test in this file: both forms ask for it at once.
    const petitionId = await createPetition();
    const page = await fixture<HTMLElement>(
      html`<div><petition-sign petition-id=${petitionId} country="BR"></petition-sign><petition-sign petition-id=${petitionId} country="BR" lang="pt-BR"></petition-sign></div>`,
    );
    const [first, second] = [...page.querySelectorAll('petition-sign')] as PetitionSign[];
    await Promise.all([loaded(first!), loaded(second!)]);
    await touched(first!);
    await touched(second!);
    await listArrived(first!);
    await listArrived(second!);
    expect([...subdivisions(second!)!.options].some((option) => option.value === 'SP')).to.equal(true);
  });
});
