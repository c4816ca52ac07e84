// Which language the elements speak: each its own, from its `lang` or the nearest one up the page,
// inherited through the shadow roots they are placed in and followed when it changes, and English
// (words and formats) for a language we do not have.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { countryNames, loaded, signForm, submit } from './sign-form.js';
import { createPetition } from './test-petition.js';
// The words of each catalogue, so a wrong language cannot pass for the right one.
import deMessages from '../../src/components/i18n/de.js';
import esMessages from '../../src/components/i18n/es.js';
import frMessages from '../../src/components/i18n/fr.js';
import itMessages from '../../src/components/i18n/it.js';
import nlMessages from '../../src/components/i18n/nl.js';
import { en } from '../../src/components/i18n/messages.js';

const SUBMIT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries({ en, de: deMessages, fr: frMessages, es: esMessages, it: itMessages, nl: nlMessages }).map(([lang, catalogue]) => [lang, catalogue.submit]),
);

async function listed(el: PetitionSignatures): Promise<PetitionSignatures> {
  await waitUntil(() => part(el, '[part="list"]'), 'signatures did not load');
  return el;
}

async function speaks(el: PetitionSign, language: string): Promise<void> {
  await waitUntil(() => text(part(el, 'button[type="submit"]')) === SUBMIT_TEXT[language], `not in ${language}`);
}

/** Gives `host` a shadow root holding `content` (as another web component's render would). */
function shadowOf(host: Element, content: string): ShadowRoot {
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = content;
  return root;
}

describe('language of the elements', () => {
  it('shows none of the English words while its own language is still loading', async () => {
    const petitionId = await createPetition({ listed: 2 });
    const el = document.createElement('petition-sign') as PetitionSign;
    el.setAttribute('petition-id', String(petitionId));
    // A language no other test here loads first, so its chunk is fetched now.
    el.setAttribute('lang', 'ko');
    document.body.append(el);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(el.shadowRoot!.textContent ?? ''));
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    try {
      await waitUntil(() => (el.shadowRoot!.textContent ?? '').includes('이 청원에 서명하기'), 'no Korean');
      const english = seen.filter((snapshot) => /Sign this petition|Loading the petition|First name/.test(snapshot));
      expect(english, 'English shown before Korean').to.deep.equal([]);
    } finally {
      observer.disconnect();
      el.remove();
    }
  });

  it('a Spanish and a German form on one page each speak their own, numbers and countries included', async () => {
    const petitionId = await createPetition({ listed: 5, hiddenCount: 12_340 });
    const page = await fixture<HTMLElement>(html`<div>
      <petition-sign petition-id=${petitionId} lang="es"></petition-sign>
      <petition-sign petition-id=${petitionId} lang="de"></petition-sign>
      <petition-signatures petition-id=${petitionId} mode="list" lang="it"></petition-signatures>
    </div>`);
    const [es, de] = [...page.querySelectorAll('petition-sign')];
    const list = page.querySelector('petition-signatures')!;
    await speaks(es!, 'es');
    await speaks(de!, 'de');
    expect(text(part(es!, '[part="count"]'))).to.equal(esMessages.signedCount.other.replace('{count}', '12.345'));
    expect(text(part(de!, '[part="count"]'))).to.equal(deMessages.signedCount.other.replace('{count}', '12.345'));
    expect(await countryNames(es!)).to.include('Alemania');
    expect(await countryNames(de!)).to.include('Deutschland');
    const italianTotal = itMessages.signatureTotal.other.replace('{count}', '12.345');
    await waitUntil(() => text(part(list, '[part="total"]')) === italianTotal, 'no Italian list');
    // A later language on the page changes nothing in the others.
    es!.setAttribute('lang', 'nl');
    await speaks(es!, 'nl');
    await speaks(de!, 'de');
    await expect(page).to.be.accessible();
  });

  it('speaks Italian and Dutch too', async () => {
    const petitionId = await createPetition({ listed: 1 });
    for (const lang of ['it', 'nl']) {
      const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang=${lang}></petition-sign>`));
      await speaks(el, lang);
    }
  });

  it('speaks Spanish, French and German from lang, and follows a lang change on <html>', async () => {
    const petitionId = await createPetition({ listed: 5, hiddenCount: 12_340 });
    const es = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang="es"></petition-sign>`);
    await waitUntil(() => text(part(es, 'label[for="first_name"]')) === 'Nombre', 'no Spanish');
    expect(text(part(es, '[part="count"]'))).to.equal('12.345 personas han firmado');
    expect(await countryNames(es)).to.include('España');
    submit(es);
    await waitUntil(() => part(es, '.error-summary'));
    expect(text(part(es, '.error-summary h2'))).to.equal('Hay un problema');
    expect(text(part(es, '#first_name-error'))).to.equal('Error: Introduzca su nombre');
    expect(text(part(es, '.notice'))).to.include('condiciones del servicio');

    const wrapper = await fixture<HTMLElement>(html`<div lang="fr-CA"><petition-sign petition-id=${petitionId}></petition-sign></div>`);
    const fr = wrapper.querySelector('petition-sign')!;
    await waitUntil(() => text(part(fr, 'button[type="submit"]')) === 'Signer cette pétition', 'no French');

    const html_ = document.documentElement;
    const before = html_.getAttribute('lang');
    try {
      const de = await signForm(petitionId);
      html_.setAttribute('lang', 'de');
      await waitUntil(() => text(part(de, '[part="count"]')) === '12.345 Personen haben unterschrieben', 'no German');
      html_.setAttribute('lang', 'en');
      await waitUntil(() => text(part(de, '[part="count"]')) === '12,345 people have signed', 'not back to English');
    } finally {
      if (before === null) html_.removeAttribute('lang');
      else html_.setAttribute('lang', before);
    }
  });

  it('reads lang="de_DE" as German and survives a lang that is no language tag', async () => {
    const petitionId = await createPetition({ listed: 12, hiddenCount: 1000 });
    const german = await listed(
      await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" lang="de_DE"></petition-signatures>`),
    );
    await waitUntil(() => text(part(german, '[part="page"]')) === 'Seite 1 von 2', 'no German');
    for (const lang of ['en_GB', 'en-!!', 'not a language']) {
      const el = await listed(
        await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" lang=${lang}></petition-signatures>`),
      );
      await waitUntil(() => text(part(el, '[part="total"]')) === '1,012 signatures', `no English for ${lang}`);
    }
  });

  it('speaks German from lang: times, places, counts and pages', async () => {
    const petitionId = await createPetition({ listed: 12, hiddenCount: 1000 });
    const el = await listed(
      await fixture<PetitionSignatures>(html`<petition-signatures petition-id=${petitionId} mode="list" lang="de"></petition-signatures>`),
    );
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Seite 1 von 2', 'no German');
    expect(text(part(el, '[part="total"]'))).to.equal('1.012 Unterschriften');
    expect(text(part(el, '[part="place"]'))).to.equal('Austin, TX, Vereinigte Staaten');
    expect(text(el.shadowRoot!.querySelectorAll('time')[1]!)).to.equal('vor 1 Minute');
    expect(text(part(el, '[part="next"]'))).to.equal('Weiter');
    el.setAttribute('lang', 'fr');
    await waitUntil(() => text(part(el, '[part="page"]')) === 'Page 1 sur 2', 'no French');
    expect(text(el.shadowRoot!.querySelectorAll('time')[1]!)).to.equal('il y a 1 minute');
    el.setAttribute('lang', 'es');
    await waitUntil(() => text(part(el, '[part="next"]')) === 'Siguiente', 'no Spanish');
    el.setAttribute('lang', 'en');
    await waitUntil(() => text(part(el, '[part="next"]')) === 'Next', 'not back to English');
  });

  it("inherits lang through the shadow root it is placed in: from the host, or the host's ancestor", async () => {
    const petitionId = await createPetition({ hiddenCount: 3_400, listed: 12 });
    for (const [outer, host] of [['', 'de'], ['de', '']]) {
      const page = await fixture<HTMLElement>(html`<div><section></section></div>`);
      const section = page.querySelector('section')!;
      if (outer) page.setAttribute('lang', outer);
      if (host) section.setAttribute('lang', host);
      const root = shadowOf(section, `<div><petition-sign petition-id="${petitionId}"></petition-sign></div>`);
      const el = await loaded(root.querySelector('petition-sign')!);
      await speaks(el, 'de');
      expect(text(part(el, '[part="count"]'))).to.equal('3.412 Personen haben unterschrieben');
      await expect(el).to.be.accessible();
    }
  });

  it('follows a change of lang on an ancestor after render, outside or inside the enclosing shadow roots', async () => {
    const petitionId = await createPetition();
    const page = await fixture<HTMLElement>(html`<div lang="de"><section></section></div>`);
    // Two levels: the element sits in a shadow root whose host sits in another shadow root.
    const outerRoot = shadowOf(page.querySelector('section')!, '<div class="wrapper"><article></article></div>');
    const innerRoot = shadowOf(outerRoot.querySelector('article')!, `<petition-sign petition-id="${petitionId}"></petition-sign>`);
    const el = await loaded(innerRoot.querySelector('petition-sign')!);
    await speaks(el, 'de');
    page.setAttribute('lang', 'fr');
    await speaks(el, 'fr');
    const wrapper = outerRoot.querySelector('.wrapper')!;
    wrapper.setAttribute('lang', 'es');
    await speaks(el, 'es');
    wrapper.removeAttribute('lang');
    await speaks(el, 'fr');
    page.removeAttribute('lang');
    await speaks(el, 'en');
  });

  it('speaks English, with English numbers and country names, for a language it does not have (is-IS)', async () => {
    const petitionId = await createPetition({ hiddenCount: 3_400, listed: 12 });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang="de"></petition-sign>`));
    await speaks(el, 'de');
    el.setAttribute('lang', 'is-IS');
    await speaks(el, 'en');
    expect(text(part(el, '[part="count"]'))).to.equal('3,412 people have signed');
    expect(text(part(el, 'label[for="first_name"]'))).to.equal('First name');
    const countries = await countryNames(el);
    expect(countries).to.include.members(['Iceland', 'Germany', 'United States']);
    expect(countries).not.to.include.members(['Ísland']);
    expect(countries).not.to.include.members(['Þýskaland']);
    await expect(el).to.be.accessible();

    const list = await fixture<PetitionSignatures>(
      html`<petition-signatures petition-id=${petitionId} mode="list" lang="is-IS"></petition-signatures>`,
    );
    await waitUntil(() => text(part(list, '[part="total"]')) === '3,412 signatures', 'no English total');
    expect(text(part(list, '[part="page"]'))).to.equal('Page 1 of 2');
    expect(text(part(list, '[part="place"]'))).to.equal('Austin, TX, United States');
    expect(text(list.shadowRoot!.querySelectorAll('time')[1]!)).to.equal('1 minute ago');
  });
});
