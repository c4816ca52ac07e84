// <petition-sign> in headless Chromium against the proxy-routes middleware.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, describeElement, fill, focused, loaded, signForm, submit, valueOf } from './sign-form.js';
import { createPetition, delayAnswers, failNext, requestsReceived } from './test-petition.js';

describe('<petition-sign>', () => {
  it('shows the formatted count, the labelled form and the operator notice, accessibly', async () => {
    const el = await signForm(await createPetition({ listed: 5, hiddenCount: 12_340 }));
    expect(text(part(el, '[part="count"]'))).to.equal('12,345 people have signed');
    const labels = [...el.shadowRoot!.querySelectorAll('label')].map(text);
    expect(labels).to.include.members(['First name', 'Email address', 'Mobile phone number (optional)', 'Why are you signing? (optional)']);
    expect(labels.join(' ')).not.to.include('*');
    const autocomplete = Object.fromEntries(
      ['first_name', 'last_name', 'email', 'address', 'city', 'state_province', 'postal_code', 'country_code', 'phone'].map(
        (field) => [field, part(el, `#${field}`)!.getAttribute('autocomplete')],
      ),
    );
    expect(autocomplete).to.deep.equal({
      first_name: 'given-name',
      last_name: 'family-name',
      email: 'email',
      address: 'address-line1',
      city: 'address-level2',
      state_province: 'address-level1',
      postal_code: 'postal-code',
      country_code: 'country',
      phone: 'tel',
    });
    expect(part(el, '#email')!.getAttribute('type')).to.equal('email');
    expect(part(el, '#phone')!.getAttribute('type')).to.equal('tel');
    // Every control a person uses has its own label.
    for (const control of el.shadowRoot!.querySelectorAll('form input:not([tabindex="-1"]), form select, form textarea')) {
      expect(el.shadowRoot!.querySelector(`label[for="${control.id}"]`), control.id).to.exist;
    }
    const notice = part(el, '.notice')!;
    expect(text(notice)).to.include('powered by Example Petitions');
    const links = [...notice.querySelectorAll('a')].map((a) => a.href);
    expect(links).to.deep.equal(['https://petitions.example.org/terms', 'https://petitions.example.org/privacy']);
    // Notice directly below the form by default.
    expect(part(el, 'form')!.nextElementSibling).to.equal(notice);
    await expect(el).to.be.accessible();
  });

  it('puts the notice above the form on request, and no attribute value removes it', async () => {
    const petitionId = await createPetition();
    const above = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} notice-position="above"></petition-sign>`));
    expect(part(above, 'form')!.previousElementSibling).to.equal(part(above, '.notice'));
    const bogus = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} notice-position="none"></petition-sign>`));
    expect(part(bogus, '.notice')).to.exist;
    expect(part(bogus, 'form')!.nextElementSibling).to.equal(part(bogus, '.notice'));
  });

  it('never shows the submit button before the notice can be shown', async () => {
    const petitionId = await createPetition();
    await delayAnswers(petitionId, 300);
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId}></petition-sign>`);
    expect(text(part(el, '[part="status"]'))).to.equal('Loading the petition…');
    expect(part(el, 'button[type="submit"]')).to.equal(null);
    await loaded(el);
    expect(part(el, 'button[type="submit"]')).to.exist;
    expect(part(el, '.notice')).to.exist;
  });

  it('shows no form when the proxy gives no complete operator notice', async () => {
    const incomplete: Array<Record<string, string>> = [{ name: '', termsUrl: 'https://x.example/t', privacyUrl: 'https://x.example/p' }, { name: 'X' }];
    for (const operator of incomplete) {
      const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${await createPetition({ operator })}></petition-sign>`);
      await waitUntil(() => part(el, '[part="retry"]'), 'no load failure');
      expect(text(part(el, '[part="status"]'))).to.include('could not be loaded');
      expect(part(el, 'button[type="submit"]')).to.equal(null);
      expect(part(el, 'form')).to.equal(null);
    }
  });

  it('preselects the country from the browser region and marks optional fields', async () => {
    const el = await signForm(await createPetition());
    const region = new Intl.Locale(navigator.language).region ?? '';
    expect(part<HTMLSelectElement>(el, '#country_code')!.value).to.equal(region);
    expect(part<HTMLSelectElement>(el, '#country_code')!.options.length).to.equal(250);
    const select = part<HTMLSelectElement>(el, '#country_code')!;
    select.value = 'DE';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(text(part(el, 'label[for="state_province"]'))).to.equal('State or province (optional)');
  });

  it('hides phone and reason on request', async () => {
    const petitionId = await createPetition();
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} hide-phone hide-reason></petition-sign>`));
    expect(part(el, '#phone')).to.equal(null);
    expect(part(el, '#reason')).to.equal(null);
    expect(part(el, '#email')).to.exist;
  });

  it('validates on submit: summary with links, focus, messages at fields, nothing cleared', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el, { first_name: 'Ada', email: 'not-an-email' });
    submit(el);
    await waitUntil(() => part(el, '.error-summary'));
    const summary = part(el, '.error-summary')!;
    expect(text(summary.querySelector('h2'))).to.equal('There is a problem');
    expect(focused(el)).to.equal(describeElement(summary));
    const items = [...summary.querySelectorAll('a')].map(text);
    expect(items).to.deep.equal([
      'Enter your last name',
      'Enter an email address in the correct format, like name@example.com',
      'Enter your address',
      'Enter your town or city',
      'Enter your state or province',
      'Enter your postal code',
    ]);
    const email = part(el, '#email')!;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(email.getAttribute('aria-describedby')).to.equal('email-error');
    expect(text(part(el, '#email-error'))).to.equal('Error: Enter an email address in the correct format, like name@example.com');
    expect(part(el, '#first_name')!.getAttribute('aria-invalid')).to.equal('false');
    expect(valueOf(el, 'first_name')).to.equal('Ada');
    expect(valueOf(el, 'email')).to.equal('not-an-email');
    // The summary link takes focus to its field.
    (summary.querySelectorAll('a')[1] as HTMLAnchorElement).click();
    expect(focused(el)).to.equal(describeElement(email));
    expect(await requestsReceived(petitionId)).not.to.include('POST /signatures');
    await expect(el).to.be.accessible();
  });

  it('signs with the keyboard only: thank-you in a live region, event without personal data, count refreshed', async () => {
    const petitionId = await createPetition({ listed: 3, hiddenCount: 0 });
    const page = await fixture<HTMLElement>(html`<div>
      <button id="before">before</button><petition-sign petition-id=${petitionId}></petition-sign>
    </div>`);
    const el = await loaded(page.querySelector('petition-sign')!);
    expect(text(part(el, '[part="count"]'))).to.equal('3 people have signed');
    page.querySelector<HTMLButtonElement>('#before')!.focus();
    for (const value of Object.values(SIGNER)) {
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: value });
    }
    const signed = oneEvent(page, 'petition-signed');
    // Country (preselected), phone, reason, the checkbox, then the submit button.
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(describeElement(part(el, 'button[type="submit"]')));
    await sendKeys({ press: 'Enter' });
    const event = await signed;
    expect(event.detail).to.deep.equal({ petitionId });
    expect(event.bubbles && event.composed).to.equal(true);
    await waitUntil(() => text(part(el, '[part="count"]')) === '4 people have signed', 'count not refreshed');
    const thanks = part(el, '[role="status"]')!;
    expect(text(thanks)).to.include('Thank you for signing');
    expect(part(el, 'form')).to.equal(null);
    const posts = (await requestsReceived(petitionId)).filter((r) => r === 'POST /signatures');
    expect(posts).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('disables the button while sending, so a double click sends once', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await delayAnswers(petitionId, 300);
    const button = part<HTMLButtonElement>(el, 'button[type="submit"]')!;
    button.click();
    await el.updateComplete;
    expect(button.disabled).to.equal(true);
    expect(text(button)).to.equal('Sending your signature…');
    button.click();
    // A script (or any other path) that submits the form again while sending sends nothing either.
    part<HTMLFormElement>(el, 'form')!.requestSubmit();
    await waitUntil(() => text(part(el, '[role="status"]')).includes('Thank you'));
    expect((await requestsReceived(petitionId)).filter((r) => r === 'POST /signatures')).to.have.length(1);
  });

  it('says so when the petition is not accepting signatures, or does not exist', async () => {
    const closed = await signForm(await createPetition({ accepting: false }));
    expect(text(part(closed, '[part="closed"]'))).to.equal('This petition is not accepting signatures any more.');
    expect(part(closed, 'form')).to.equal(null);
    await expect(closed).to.be.accessible();

    const missing = await fixture<PetitionSign>(html`<petition-sign petition-id="999999"></petition-sign>`);
    await waitUntil(() => text(part(missing, '[part="status"]')).includes('could not be found'));
  });

  it('offers a retry when the petition cannot be loaded', async () => {
    const petitionId = await createPetition();
    await failNext(petitionId, { route: 'GET ', status: 503 });
    const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId}></petition-sign>`);
    await waitUntil(() => part(el, '[part="retry"]'));
    part<HTMLButtonElement>(el, '[part="retry"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await loaded(el);
    // The button is gone; focus stayed inside the element instead of falling to the page's top.
    expect(describeElement(document.activeElement)).to.equal(describeElement(el));
    expect(focused(el)).to.equal(describeElement(part(el, '[part="base"]')));
  });

  it('keeps the thank-you live region in the accessibility tree before it speaks', async () => {
    const el = await signForm(await createPetition());
    const region = part(el, '[role="status"]')!;
    expect(text(region)).to.equal('');
    expect(getComputedStyle(region).display).not.to.equal('none');
    expect(getComputedStyle(region).visibility).to.equal('visible');
  });

  it('shows the next petition, not the last one, when petition-id changes', async () => {
    const first = await createPetition({ listed: 3 });
    const el = await signForm(first);
    el.petitionId = 999_999;
    await waitUntil(() => text(part(el, '[part="status"]')).includes('could not be found'), 'old petition still shown');
    expect(part(el, 'form')).to.equal(null);
    expect(part(el, '[part="count"]')).to.equal(null);
  });

  it('takes a relative endpoint relative to the page', async () => {
    const petitionId = await createPetition({ listed: 2 });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign endpoint="/" petition-id=${petitionId}></petition-sign>`));
    expect(text(part(el, '[part="count"]'))).to.equal('2 people have signed');
  });
});
