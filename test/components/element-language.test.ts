// Which language the elements speak: Spanish, French and German from `lang`, followed when it
// changes, and English for a `lang` that is no language we have.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionSign, PetitionSignatures } from '../../src/components/petition-embed.js';
import { part, text } from './shadow-query.js';
import { signForm, submit } from './sign-form.js';
import { createPetition } from './test-petition.js';

async function listed(el: PetitionSignatures): Promise<PetitionSignatures> {
  await waitUntil(() => part(el, '[part="list"]'), 'signatures did not load');
  return el;
}

describe('language of the elements', () => {
  it('speaks Spanish, French and German from lang, and follows a lang change on <html>', async () => {
    const petitionId = await createPetition({ listed: 5, hiddenCount: 12_340 });
    const es = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang="es"></petition-sign>`);
    await waitUntil(() => text(part(es, 'label[for="first_name"]')) === 'Nombre', 'no Spanish');
    expect(text(part(es, '[part="count"]'))).to.equal('12.345 personas han firmado');
    expect([...part<HTMLSelectElement>(es, '#country_code')!.options].map((o) => o.text)).to.include('España');
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
});
