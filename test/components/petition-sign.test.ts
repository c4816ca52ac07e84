// <petition-sign> in headless Chromium against the proxy-routes middleware: the form, its notice,
// signing by keyboard, the sending phase, and changing petitions.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { PetitionSignedEvent } from '../../src/components/petition-embed.js';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, countryNames, describeElement, fill, focused, loaded, signForm, submit } from './sign-form.js';
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

  it('asks for the country before the address, state and postal code, which adapt to it', async () => {
    const el = await signForm(await createPetition());
    const order = [...el.shadowRoot!.querySelectorAll('form input:not([type="checkbox"]):not([tabindex="-1"]), form select, form textarea')].map((c) => c.id);
    expect(order).to.deep.equal(['first_name', 'last_name', 'email', 'country_code', 'address', 'city', 'state_province', 'postal_code', 'phone', 'reason']);
    expect(await countryNames(el)).to.have.length(250);
    const select = part<HTMLSelectElement>(el, '#country_code')!;
    // The labels fit the country once its address rules have arrived (a chunk per first letter,
    // from the form's first touch).
    select.focus();
    for (const [country, state, postal] of [
      ['DE', 'State or province (optional)', 'Postal code'],
      ['US', 'State', 'ZIP code'],
      ['HK', 'Area', 'Postal code (optional)'],
      ['JP', 'Prefecture', 'Postal code'],
      ['IE', 'County (optional)', 'Eircode'],
      ['IN', 'State', 'PIN code'],
    ]) {
      select.value = country!;
      select.dispatchEvent(new Event('change'));
      const labels = () => [text(part(el, 'label[for="state_province"]')), text(part(el, 'label[for="postal_code"]'))];
      await waitUntil(() => labels().join() === `${state},${postal}`, `${country}: ${labels().join(' / ')}`);
    }
  });

  it('preselects the country from `country`, else the region of the page language, else the browser', async () => {
    const petitionId = await createPetition();
    const value = (el: PetitionSign) => part<HTMLSelectElement>(el, '#country_code')!.value;
    const byAttribute = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="nz" lang="en-GB"></petition-sign>`));
    expect(value(byAttribute)).to.equal('NZ');
    const byLanguage = await loaded(await fixture<PetitionSign>(html`<div lang="en-GB"><petition-sign petition-id=${petitionId}></petition-sign></div>`).then((div) => div.querySelector('petition-sign')!));
    expect(value(byLanguage)).to.equal('GB');
    const byBrowser = await signForm(petitionId);
    expect(value(byBrowser)).to.equal(new Intl.Locale(navigator.language).region ?? '');
    // The signer can always change it, and a language change does not undo the choice.
    const select = part<HTMLSelectElement>(byAttribute, '#country_code')!;
    select.value = 'PT';
    select.dispatchEvent(new Event('change'));
    byAttribute.setAttribute('lang', 'de');
    await waitUntil(() => text(part(byAttribute, 'label[for="country_code"]')) === 'Land', 'no German');
    expect(value(byAttribute)).to.equal('PT');
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

  it('hides phone and reason on request, and says what the campaign wants on the button', async () => {
    const petitionId = await createPetition();
    const el = await loaded(
      await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} hide-phone hide-reason submit-label="Add my name"></petition-sign>`),
    );
    expect(part(el, '#phone')).to.equal(null);
    expect(part(el, '#reason')).to.equal(null);
    expect(part(el, '#email')).to.exist;
    expect(text(part(el, '[part="submit"]'))).to.equal('Add my name');
  });

  it('signs with the keyboard only: the thank-you takes focus, the event has no personal data, the count is refreshed', async () => {
    const petitionId = await createPetition({ listed: 3, hiddenCount: 0 });
    const page = await fixture<HTMLElement>(html`<div>
      <button id="before">before</button><petition-sign petition-id=${petitionId} country="US"></petition-sign>
    </div>`);
    const el = await loaded(page.querySelector('petition-sign')!);
    expect(text(part(el, '[part="count"]'))).to.equal('3 people have signed');
    page.querySelector<HTMLButtonElement>('#before')!.focus();
    // First name, last name, email; the country is preselected; then address, city, state, postal code.
    const { first_name, last_name, email, address, city, state_province, postal_code } = SIGNER;
    for (const value of [first_name, last_name, email]) {
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: value! });
    }
    await sendKeys({ press: 'Tab' });
    for (const value of [address, city, state_province, postal_code]) {
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: value! });
    }
    const signed = oneEvent(page, 'petition-signed');
    // Phone, reason, the checkbox, then the submit button.
    for (let i = 0; i < 4; i++) await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(describeElement(part(el, 'button[type="submit"]')));
    await sendKeys({ press: 'Enter' });
    const event = await signed;
    expect(event.detail).to.deep.equal({ petitionId, endpoint: `${location.origin}/` });
    expect(event.bubbles && event.composed).to.equal(true);
    await waitUntil(() => text(part(el, '[part="count"]')) === '4 people have signed', 'count not refreshed');
    const thanks = part(el, '[part="thanks"]')!;
    expect(text(thanks)).to.include('Thank you — now ask your friends');
    expect(focused(el)).to.equal(describeElement(thanks));
    expect(part(el, 'form')).to.equal(null);
    const posts = (await requestsReceived(petitionId)).filter((r) => r === 'POST /signatures');
    expect(posts).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('after signing below the fold, keeps the count that went up and the thank-you in view, with focus on the thank-you', async () => {
    const petitionId = await createPetition({ listed: 3, hiddenCount: 0 });
    // Page content above and below: the form is scrolled to, and the page does not shrink away under it.
    const page = await fixture<HTMLElement>(html`<div>
      <div style="height: 2000px"></div><petition-sign petition-id=${petitionId} country="US">
        <p slot="thanks">Your name is on it. Next, the council: on 3 June its planning committee votes on selling the park, and
        every signature we hand in before then counts. Ask two friends to sign today, and come to the meeting if you can.</p>
      </petition-sign><div style="height: 2000px"></div>
    </div>`);
    const el = await loaded(page.querySelector('petition-sign')!);
    await setViewport({ width: 568, height: 320 });
    await fill(el);
    part(el, 'button[type="submit"]')!.scrollIntoView({ block: 'end' });
    submit(el);
    await waitUntil(() => text(part(el, '[part="count"]')) === '4 people have signed', 'count not refreshed');
    const thanks = part(el, '[part="thanks"]')!;
    const inView = (node: Element) => {
      const { top, bottom } = node.getBoundingClientRect();
      return `${Math.round(top)}..${Math.round(bottom)} within ${innerHeight}: ${top >= 0 && bottom <= innerHeight}`;
    };
    expect(inView(part(el, '[part="count"]')!)).to.match(/true$/);
    expect(inView(thanks)).to.match(/true$/);
    expect(focused(el)).to.equal(describeElement(thanks));
    await expect(el).to.be.accessible();
    await setViewport({ width: 800, height: 600 });
  });

  it('shows the same count in every element for the petition once one of them signs', async () => {
    const petitionId = await createPetition({ listed: 3, hiddenCount: 0 });
    const otherId = await createPetition({ listed: 3, hiddenCount: 0 });
    const page = await fixture<HTMLElement>(html`<div>
      <petition-sign petition-id=${petitionId} country="US" hide-phone hide-reason></petition-sign>
      <petition-sign petition-id=${petitionId} hide-phone hide-reason></petition-sign>
      <petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>
      <petition-sign petition-id=${otherId} hide-phone hide-reason></petition-sign>
    </div>`);
    const [signing, second, other] = [...page.querySelectorAll('petition-sign')] as PetitionSign[];
    for (const el of [signing!, second!, other!]) await loaded(el);
    const list = page.querySelector('petition-signatures') as PetitionSignatures;
    await waitUntil(() => text(part(list, '[part="total"]')) === '3 signatures', 'list did not load');
    await fill(signing!);
    part<HTMLButtonElement>(signing!, 'button[type="submit"]')!.click();
    await waitUntil(() => text(part(signing!, '[part="count"]')) === '4 people have signed', 'signing form not refreshed');
    await waitUntil(() => text(part(second!, '[part="count"]')) === '4 people have signed', 'second form stayed behind');
    await waitUntil(() => text(part(list, '[part="total"]')) === '4 signatures', 'list stayed behind');
    // The second form keeps what its signer had typed, and stays a form.
    expect(part(second!, 'form')).to.not.equal(null);
    await expect(second!).to.be.accessible();
    // Another petition, or the same petition through another proxy, is not asked again.
    const petitionLoads = async (id: number) => (await requestsReceived(id)).filter((r) => r === 'GET ').length;
    expect(await petitionLoads(otherId)).to.equal(1);
    const before = await petitionLoads(petitionId);
    second!.dispatchEvent(new PetitionSignedEvent({ petitionId, endpoint: 'https://other-proxy.example/' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await petitionLoads(petitionId)).to.equal(before);
  });

  it('while sending, keeps focus on the busy button, announces it once, and sends once however often it is pressed', async () => {
    const petitionId = await createPetition();
    const el = await signForm(petitionId);
    await fill(el);
    await delayAnswers(petitionId, 400);
    const button = part<HTMLButtonElement>(el, 'button[type="submit"]')!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    expect(button.disabled, 'still focusable').to.equal(false);
    expect(focused(el)).to.equal(describeElement(button));
    const live = [...el.shadowRoot!.querySelectorAll('[role="status"], [aria-live], [role="alert"]')];
    expect(live.map(text).filter((t) => t !== '')).to.deep.equal(['Sending your signature…']);
    button.click();
    // A script (or any other path) that submits the form again while sending sends nothing either.
    part<HTMLFormElement>(el, 'form')!.requestSubmit();
    await expect(el).to.be.accessible();
    await waitUntil(() => part(el, '[part="thanks"]'), 'not thanked');
    expect((await requestsReceived(petitionId)).filter((r) => r === 'POST /signatures')).to.have.length(1);
    // The thank-you is read once, by focus; it is not also a live region.
    const thanks = part(el, '[part="thanks"]')!;
    expect(describeElement(thanks.closest('[aria-live], [role="status"], [role="alert"]'))).to.equal('nothing');
  });

  it('offers a retry when the petition cannot be loaded, and keeps focus in the element', async () => {
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

  it('shows the next petition, not the last one, when petition-id changes', async () => {
    const first = await createPetition({ listed: 3 });
    const el = await signForm(first);
    el.petitionId = 999_999;
    await waitUntil(() => text(part(el, '[part="status"]')).includes('Petition 999999 is not available'), 'old petition still shown');
    expect(part(el, 'form')).to.equal(null);
    expect(part(el, '[part="count"]')).to.equal(null);
  });

  it('takes a relative endpoint relative to the page', async () => {
    const petitionId = await createPetition({ listed: 2 });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign endpoint="/" petition-id=${petitionId}></petition-sign>`));
    expect(text(part(el, '[part="count"]'))).to.equal('2 people have signed');
  });
});
