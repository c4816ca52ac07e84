// The thank-you's "Not you? Withdraw this signature" link: the proxy's withdraw_url (a page of
// the petition service), in the reader's language, reached by keyboard from the thank-you, axe
// clean; a returning supporter's 409 carries one too, so the thank-you never tells a duplicate
// apart; an older proxy that sends none gets no link.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { SIGNER, describeElement, fill, focused, loaded, submit } from './sign-form.js';
import { createPetition, type PetitionOptions } from './test-petition.js';

async function thanked(options: PetitionOptions = {}, lang = '', email = SIGNER['email']!): Promise<PetitionSign> {
  const petitionId = await createPetition(options);
  const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="US" lang=${lang || 'en'}></petition-sign>`);
  await loaded(el);
  await fill(el, { ...SIGNER, email });
  submit(el);
  await waitUntil(() => part(el, '[part="thanks"]'), 'not thanked');
  return el;
}

const withdrawLink = (el: PetitionSign) => part<HTMLAnchorElement>(el, '[part="withdraw"]');

describe('<petition-sign> withdrawal link', () => {
  it('the thank-you links to the proxy’s withdraw_url, next by keyboard, and stays accessible', async () => {
    const el = await thanked();
    const link = withdrawLink(el)!;
    expect(text(link)).to.equal('Not you? Withdraw this signature');
    expect(link.href).to.match(/^https:\/\/petitions\.example\.org\/withdraw\/[A-Za-z0-9_-]{43}$/);
    expect(link.closest('[part="thanks"]')).to.exist;
    expect(focused(el)).to.equal(describeElement(part(el, '[part="thanks"]')));
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(describeElement(link));
    await expect(el).to.be.accessible();
  });

  it('speaks the element’s language', async () => {
    const el = await thanked({}, 'fr', 'francoise@example.org');
    await waitUntil(() => text(withdrawLink(el)) === 'Ce n’était pas vous ? Retirer cette signature', 'not in French');
    await expect(el).to.be.accessible();
  });

  it('a returning supporter (an older proxy\'s 409) gets a link too', async () => {
    const petitionId = await createPetition();
    for (let visit = 0; visit < 2; visit++) {
      const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="US"></petition-sign>`);
      await loaded(el);
      await fill(el, { ...SIGNER, email: 'twice@example.org' });
      submit(el);
      await waitUntil(() => part(el, '[part="thanks"]'), 'not thanked');
      expect(withdrawLink(el)?.href).to.match(/\/withdraw\/[A-Za-z0-9_-]{43}$/);
    }
  });

  it('an older proxy that sends no withdraw_url: no link, the thank-you as before', async () => {
    const el = await thanked({ withdrawLinks: false }, '', 'older@example.org');
    expect(withdrawLink(el)).to.equal(null);
    expect(text(part(el, '[part="thanks"] h2'))).to.equal('Thank you — now ask your friends');
  });
});
