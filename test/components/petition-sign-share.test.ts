// After signing: the thank-you becomes a share step (the browser's share sheet, or plain links
// and a copy button), the campaign's own thank-you words or page, and a returning supporter (409)
// meets the same step.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, describeElement, fill, focused, loaded, submit } from './sign-form.js';
import { createPetition, requestsReceived } from './test-petition.js';

async function signed(petitionId: number, attributes = '', values = SIGNER): Promise<PetitionSign> {
  const holder = await fixture<HTMLElement>(html`<div></div>`);
  holder.innerHTML = `<petition-sign petition-id="${petitionId}" country="US" ${attributes}></petition-sign>`;
  const el = await loaded(holder.querySelector('petition-sign')!);
  await fill(el, values);
  submit(el);
  await waitUntil(() => part(el, '[part="thanks"]'), 'not thanked');
  // The share step's code arrives as a chunk after the first signature.
  await waitUntil(() => part(el, '[part="share"]'), 'no share step');
  return el;
}

const links = (el: PetitionSign) =>
  Object.fromEntries([...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="share-link"]')].map((a) => [text(a), a.href]));

/** Replaces a navigator method for one test; returns what it was called with. */
function stubNavigator<K extends 'share' | 'canShare'>(name: K, value: unknown): () => void {
  const had = Object.getOwnPropertyDescriptor(navigator, name);
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  return () => {
    if (had) Object.defineProperty(navigator, name, had);
    else delete (navigator as unknown as Record<string, unknown>)[name];
  };
}

describe('<petition-sign> share step', () => {
  it('offers email, WhatsApp, Facebook, X and Bluesky links for the petition url and title, with nothing third-party loaded', async () => {
    const url = 'https://campaign.example.org/save-the-park';
    const el = await signed(await createPetition({ resource: { title: 'Save the park & the pond', url } }));
    expect(text(part(el, '[part="thanks"] h2'))).to.equal('Thank you — now ask your friends');
    const title = 'Save the park & the pond';
    const both = encodeURIComponent(`${title} ${url}`);
    expect(links(el)).to.deep.equal({
      Email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
      WhatsApp: `https://wa.me/?text=${both}`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      X: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`,
      Bluesky: `https://bsky.app/intent/compose?text=${both}`,
    });
    for (const a of el.shadowRoot!.querySelectorAll('[part="share-link"]')) {
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    }
    // No image, script, frame or style sheet from anywhere in the step.
    expect(el.shadowRoot!.querySelectorAll('img, script, iframe, link, object, embed')).to.have.length(0);
    const foreign = performance.getEntriesByType('resource').filter((entry) => !entry.name.startsWith(location.origin));
    expect(foreign.map((entry) => entry.name)).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('shares `share-url` over the petition url, and the page without its query when there is neither', async () => {
    const petitionId = await createPetition({ resource: { url: 'https://petition.example.org/p' } });
    const chosen = await signed(petitionId, 'share-url="https://www.example.org/join"');
    expect(links(chosen)['Facebook']).to.equal(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('https://www.example.org/join')}`);
    const page = await signed(await createPetition(), '', { ...SIGNER, email: 'grace@example.org' });
    expect(links(page)['Facebook']).to.equal(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${location.origin}${location.pathname}`)}`);
  });

  it('copies the link with a "Link copied" confirmation, or shows it to copy by hand', async () => {
    const url = 'https://campaign.example.org/copy';
    const el = await signed(await createPetition({ resource: { url } }));
    let copied = '';
    const restore = stubNavigator('clipboard' as 'share', { writeText: async (value: string) => void (copied = value) });
    try {
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="share-button"]')].find((b) => text(b) === 'Copy link')!.click();
      await waitUntil(() => text(part(el, '.copy-status')) === 'Link copied', 'no confirmation');
      expect(copied).to.equal(url);
      expect(part(el, '.copy-status')!.getAttribute('role')).to.equal('status');
    } finally {
      restore();
    }
    const refused = stubNavigator('clipboard' as 'share', { writeText: async () => Promise.reject(new Error('denied')) });
    try {
      [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="share-button"]')].find((b) => text(b) === 'Copy link')!.click();
      await waitUntil(() => part(el, '#share-url'), 'no link to copy by hand');
      expect(part<HTMLInputElement>(el, '#share-url')!.value).to.equal(url);
      await expect(el).to.be.accessible();
    } finally {
      refused();
    }
  });

  it("uses the browser's share sheet where there is one, with the petition's title and url", async () => {
    const shared: ShareData[] = [];
    const restoreShare = stubNavigator('share', async (data: ShareData) => void shared.push(data));
    const restoreCan = stubNavigator('canShare', () => true);
    try {
      const url = 'https://campaign.example.org/sheet';
      const el = await signed(await createPetition({ resource: { title: 'Sheet petition', url } }));
      expect(el.shadowRoot!.querySelectorAll('[part="share-link"]')).to.have.length(0);
      const button = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="share-button"]')].find((b) => text(b) === 'Share…')!;
      button.click();
      await waitUntil(() => shared.length === 1, 'share sheet not opened');
      expect(shared[0]).to.deep.equal({ title: 'Sheet petition', text: 'Sheet petition', url });
    } finally {
      restoreShare();
      restoreCan();
    }
  });

  it('a returning supporter (an older proxy\'s 409) gets the same thank-you and share step, and no event', async () => {
    const petitionId = await createPetition({ listed: 1, resource: { url: 'https://campaign.example.org/again' } });
    const first = await signed(petitionId);
    await waitUntil(() => text(part(first, '[part="count"]')) === '2 people have signed', 'count not refreshed after signing');
    let events = 0;
    document.addEventListener('petition-signed', () => events++);
    const again = await signed(petitionId);
    expect(text(part(again, '[part="thanks"] h2'))).to.equal('Thank you — now ask your friends');
    expect(links(again)).to.deep.equal(links(first));
    expect(part(again, '.error-summary')).to.equal(null);
    expect(focused(again)).to.equal(describeElement(part(again, '[part="thanks"]')));
    await waitUntil(() => text(part(again, '[part="count"]')) === '2 people have signed', 'count changed');
    expect(events).to.equal(0);
    expect((await requestsReceived(petitionId)).filter((r) => r === 'POST /signatures')).to.have.length(2);
  });

  it('asks the signer to confirm by email when the petition confirms its signers', async () => {
    const confirming = await signed(await createPetition({ resource: { confirm_signers: true } }));
    expect(text(part(confirming, '[part="thanks"] p'))).to.match(/^One more step: we have sent you an email\..*spam folder/);
    const plain = await signed(await createPetition(), '', { ...SIGNER, email: 'plain@example.org' });
    expect(text(part(plain, '[part="thanks"] p'))).to.equal('Your signature has been received and will appear on the petition shortly.');
  });

  it("never follows a javascript: thanks-url, however spelt: the page stays, nothing runs, the share step shows", async () => {
    // Followed, each would run in this page and leave its mark: checked directly, not by an
    // alert() that would stall the browser until the test's time limit.
    const marks = window as unknown as Record<string, unknown>;
    const spellings = ['javascript:void(window.thanksUrlRan1=1)', 'JavaScript:void(window.thanksUrlRan2=1)', ' java&#9;script:void(window.thanksUrlRan3=1)'];
    const before = location.href;
    for (const [index, spelling] of spellings.entries()) {
      const el = await signed(await createPetition(), `thanks-url="${spelling}"`, { ...SIGNER, email: `js${index}@example.org` });
      expect(part(el, '[part="share"]')).to.exist;
      expect(focused(el)).to.equal(describeElement(part(el, '[part="thanks"]')));
    }
    // A javascript: navigation runs in a task of its own: let any such task come and go.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([1, 2, 3].map((n) => marks[`thanksUrlRan${n}`])).to.deep.equal([undefined, undefined, undefined]);
    expect(location.href).to.equal(before);
  });

  it("shows the campaign's own words in the thanks slot, and sends the signer to `thanks-url` when set", async () => {
    const petitionId = await createPetition();
    const holder = await fixture<HTMLElement>(html`<div></div>`);
    holder.innerHTML = `<petition-sign petition-id="${petitionId}" country="US"><p slot="thanks">You are one of us now.</p></petition-sign>`;
    const el = await loaded(holder.querySelector('petition-sign')!);
    await fill(el);
    submit(el);
    await waitUntil(() => part(el, '[part="thanks"]'));
    const slot = part<HTMLSlotElement>(el, 'slot[name="thanks"]')!;
    expect(slot.assignedElements().map(text)).to.deep.equal(['You are one of us now.']);

    // A same-page fragment: the navigation is observable without leaving the test page.
    const event = oneEvent(window, 'hashchange');
    await signed(await createPetition(), 'thanks-url="#thanked-page"', { ...SIGNER, email: 'ada2@example.org' });
    await event;
    expect(location.hash).to.equal('#thanked-page');
    history.replaceState(null, '', location.pathname + location.search);
  });
});
