// <petition-signatures> in headless Chromium against the proxy-routes middleware.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/components/petition-embed.js';
import { PetitionSignedEvent } from '../../src/components/petition-embed.js';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { createPetition, delayAnswers, failNext, requestsReceived } from './test-petition.js';

const names = (el: PetitionSignatures) => [...el.shadowRoot!.querySelectorAll('[part="name"]')].map(text);

async function listed(el: PetitionSignatures): Promise<PetitionSignatures> {
  await waitUntil(() => part(el, '[part="list"]'), 'signatures did not load');
  return el;
}

const recentCount = async (petitionId: number) =>
  (await requestsReceived(petitionId)).filter((r) => r === 'GET /signatures/recent').length;

describe('<petition-signatures>', () => {
  it('shows the 10 most recent signers with place and relative time, accessibly', async () => {
    const petitionId = await createPetition({ listed: 12 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId}></petition-signatures>`));
    expect(names(el)).to.deep.equal(['Signer 12', 'Signer 11', 'Signer 10', 'Signer 9', 'Signer 8', 'Signer 7', 'Signer 6', 'Signer 5', 'Signer 4', 'Signer 3']);
    const first = part(el, '[part="signature"]')!;
    expect(text(first.querySelector('[part="place"]'))).to.equal('Austin, TX, United States');
    const time = first.querySelector('time')!;
    expect(time.getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(text(time)).to.equal('now');
    expect(text(el.shadowRoot!.querySelectorAll('time')[1]!)).to.match(/^1 minute ago$/);
    // A live region stays in place for later refreshes, silent on the first load.
    expect(text(part(el, '[aria-live="polite"]'))).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('pages through the list with previous/next buttons, by keyboard', async () => {
    const petitionId = await createPetition({ listed: 25, hiddenCount: 1 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>`));
    expect(text(part(el, '[part="total"]'))).to.equal('26 signatures');
    expect(text(part(el, '[part="page"]'))).to.equal('Page 1 of 3');
    expect(names(el)[0]).to.equal('Signer 25');
    expect(part<HTMLButtonElement>(el, '[part="previous"]')!.disabled).to.equal(true);
    part<HTMLButtonElement>(el, '[part="next"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 2 of 3');
    expect(names(el)[0]).to.equal('Signer 15');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 3 of 3');
    expect(names(el)).to.deep.equal(['Signer 5', 'Signer 4', 'Signer 3', 'Signer 2', 'Signer 1']);
    expect(part<HTMLButtonElement>(el, '[part="next"]')!.disabled).to.equal(true);
    expect(text(part(el, '[aria-live="polite"]'))).to.equal('Page 3 of 3');
    // Focus is not lost with the button that just became disabled: it moves to the other one.
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('previous');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 2 of 3');
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('previous');
    await expect(el).to.be.accessible();
  });

  it('honours page-size and sort', async () => {
    const petitionId = await createPetition({ listed: 7 });
    const el = await listed(
      await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" page-size="3" sort="time_asc"></petition-signatures>`),
    );
    expect(names(el)).to.deep.equal(['Signer 1', 'Signer 2', 'Signer 3']);
    expect(text(part(el, '[part="page"]'))).to.equal('Page 1 of 3');
    expect(await requestsReceived(petitionId)).to.include('GET /signatures?page=1&page_size=3&sort=time_asc');
    // Out-of-range and unknown values mean the defaults' nearest sense, never a request the proxy refuses.
    const odd = await listed(
      await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" page-size="500" sort="newest"></petition-signatures>`),
    );
    expect(names(odd)[0]).to.equal('Signer 7');
    expect(await requestsReceived(petitionId)).to.include('GET /signatures?page=1&page_size=100&sort=time_desc');
  });

  it('aborts the previous request when the page changes again', async () => {
    const petitionId = await createPetition({ listed: 30 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>`));
    const signals: AbortSignal[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return realFetch(input, init);
    };
    try {
      await delayAnswers(petitionId, 300);
      part<HTMLButtonElement>(el, '[part="next"]')!.click();
      await el.updateComplete;
      part<HTMLButtonElement>(el, '[part="next"]')!.click();
      await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 3 of 3', 'did not reach page 3');
    } finally {
      window.fetch = realFetch;
    }
    expect(signals).to.have.length(2);
    expect(signals[0]!.aborted).to.equal(true);
    expect(signals[1]!.aborted).to.equal(false);
    expect(names(el)[0]).to.equal('Signer 10');
  });

  it('never steps past the last page, however quickly next is pressed', async () => {
    const petitionId = await createPetition({ listed: 15 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>`));
    await delayAnswers(petitionId, 300);
    part<HTMLButtonElement>(el, '[part="next"]')!.click();
    await el.updateComplete;
    part<HTMLButtonElement>(el, '[part="next"]')!.click();
    await el.updateComplete;
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 2 of 2', 'did not reach page 2');
    const pages = (await requestsReceived(petitionId)).filter((r) => r.startsWith('GET /signatures?'));
    expect(pages).to.deep.equal(['GET /signatures?page=1&page_size=10&sort=time_desc', 'GET /signatures?page=2&page_size=10&sort=time_desc']);
  });

  it('keeps the recent signers on screen, without an alert, when a refresh fails', async () => {
    const petitionId = await createPetition({ listed: 2 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} refresh="0"></petition-signatures>`));
    await failNext(petitionId, { route: 'GET /signatures/recent', status: 503, messages: ['busy'] });
    const base = part(el, '[part="base"]')!;
    el.reload();
    await el.updateComplete;
    expect(base.getAttribute('aria-busy')).to.equal('true');
    await waitUntil(() => base.getAttribute('aria-busy') === 'false', 'refresh did not end');
    expect(names(el)).to.deep.equal(['Signer 2', 'Signer 1']);
    expect(part(el, '[role="alert"]')).to.equal(null);
  });

  it('fits a 320 px wide screen and reads well on a dark page', async () => {
    const petitionId = await createPetition({ listed: 25, hiddenCount: 1_000_000 });
    await setViewport({ width: 320, height: 640 });
    await emulateMedia({ colorScheme: 'dark' });
    try {
      const page = await fixture<HTMLElement>(html`<div lang="de" style="color-scheme: dark; background: #121212; color: #f0f0f0">
        <petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>
      </div>`);
      const el = await listed(page.querySelector('petition-signatures')!);
      await waitUntil(() => text(part(el, '[part="next"]')) === 'Weiter', 'no German');
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>('[part]')) {
        expect(node.getBoundingClientRect().right, node.getAttribute('part')!).to.be.at.most(320);
      }
      await expect(el).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('invites the first signature when there is none', async () => {
    const petitionId = await createPetition({ listed: 0 });
    const recent = await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId}></petition-signatures>`);
    await waitUntil(() => text(part(recent, '[part="status"]')).includes('Be the first to sign'));
    const list = await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>`);
    await waitUntil(() => text(part(list, '[part="status"]')).includes('Be the first to sign'));
    expect(text(part(list, '[part="total"]'))).to.equal('0 signatures');
    await expect(list).to.be.accessible();
  });

  it('invites no first signature while the website key is pending, beside a form that cannot be used', async () => {
    const petitionId = await createPetition({ listed: 0, keyStatus: 'pending' });
    const page = await fixture<HTMLElement>(html`<div>
      <petition-sign petition-id=${petitionId}></petition-sign>
      <petition-signatures petition-id=${petitionId}></petition-signatures>
      <petition-signatures petition-id=${petitionId} mode="list"></petition-signatures>
    </div>`);
    const sign = page.querySelector('petition-sign') as PetitionSign;
    await waitUntil(() => text(part(sign, '[part="closed"]')).includes('will open as soon as'), 'form did not say the key is pending');
    for (const el of page.querySelectorAll('petition-signatures')) {
      await waitUntil(() => text(part(el, '[part="status"]')) === 'No one has signed yet.', `${el.getAttribute('mode') ?? 'recent'} invited a first signer`);
      await expect(el).to.be.accessible();
    }
  });

  it('shows loading, then an error with a retry that works', async () => {
    const petitionId = await createPetition({ listed: 2 });
    await delayAnswers(petitionId, 200);
    await failNext(petitionId, { route: 'GET /signatures/recent', status: 503, messages: ['busy'] });
    const el = await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId}></petition-signatures>`);
    expect(text(part(el, '[part="status"]'))).to.equal('Loading signatures…');
    await waitUntil(() => part(el, '[part="retry"]'), 'no error state');
    expect(text(part(el, '[role="alert"]'))).to.include('could not be loaded');
    await expect(el).to.be.accessible();
    part<HTMLButtonElement>(el, '[part="retry"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await listed(el);
    expect(names(el)).to.deep.equal(['Signer 2', 'Signer 1']);
    // The button is gone; focus stayed inside the element instead of falling to the page's top.
    // Compared as strings: chai describing two DOM elements in a failure stalls the browser.
    expect(document.activeElement?.localName).to.equal('petition-signatures');
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('base');
  });

  it('refreshes on its timer, and pauses while the tab is hidden', async () => {
    const petitionId = await createPetition({ listed: 2 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} refresh="0.1"></petition-signatures>`));
    await waitUntil(async () => (await recentCount(petitionId)) >= 3, 'timer did not refresh', { timeout: 3000 });
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 150));
      const whileHidden = await recentCount(petitionId);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await recentCount(petitionId)).to.equal(whileHidden);
    } finally {
      Object.defineProperty(document, 'visibilityState', visibility);
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    const before = await recentCount(petitionId);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitUntil(async () => (await recentCount(petitionId)) > before, 'no refresh on becoming visible');
    el.remove();
  });

  it('does not poll when refresh is longer than a timer can wait (no overflow to an immediate tick)', async () => {
    const petitionId = await createPetition({ listed: 1 });
    const el = await listed(await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} refresh="3000000"></petition-signatures>`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await recentCount(petitionId)).to.equal(1);
    el.remove();
  });

  it('refreshes at once when <petition-sign> on the page signs the same petition', async () => {
    const petitionId = await createPetition({ listed: 1 });
    const otherId = await createPetition({ listed: 1 });
    const page = await fixture<HTMLElement>(html`<div>
      <petition-sign petition-id=${petitionId} hide-phone hide-reason></petition-sign>
      <petition-signatures petition-id=${petitionId} refresh="0"></petition-signatures>
      <petition-signatures petition-id=${otherId} refresh="0"></petition-signatures>
    </div>`);
    const [list, other] = [...page.querySelectorAll('petition-signatures')] as PetitionSignatures[];
    await listed(list!);
    await listed(other!);
    const sign = page.querySelector('petition-sign') as PetitionSign;
    await waitUntil(() => part(sign, 'form'));
    const fields: Record<string, string> = {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.org',
      address: '1 Navy Way',
      city: 'Arlington',
      state_province: 'VA',
      postal_code: '22201',
    };
    for (const [name, value] of Object.entries(fields)) {
      part<HTMLInputElement>(sign, `#${name}`)!.focus();
      await sendKeys({ type: value });
    }
    const select = part<HTMLSelectElement>(sign, '#country_code')!;
    select.value = 'US';
    select.dispatchEvent(new Event('change'));
    part<HTMLButtonElement>(sign, 'button[type="submit"]')!.click();
    await waitUntil(() => names(list!)[0] === 'Grace Hopper', 'list did not refresh');
    // Someone filling in the form hears a polite count, never the names one by one.
    const live = [...list!.shadowRoot!.querySelectorAll('[aria-live], [role="status"], [role="alert"]')];
    expect(live.map((node) => node.getAttribute('aria-live'))).to.deep.equal(['polite']);
    expect(live.map(text)).to.deep.equal(['1 new signature']);
    expect(await recentCount(otherId)).to.equal(1);
    // An event for another petition does not refresh.
    other!.dispatchEvent(new PetitionSignedEvent({ petitionId: 1, endpoint: `${location.origin}/` }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await recentCount(otherId)).to.equal(1);
  });
});
