// <petition-sign>'s opt-ins and attribution: the petition's opt-ins as checkboxes under the
// form, never ticked for the signer and never needed to sign, in the element's language; what
// was ticked, the page's utm_* parameters and the referrer's origin and path go with the signature.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PetitionSign } from '../../src/components/petition-embed.js';
import { pageAttribution } from '../../src/components/petition-sign/page-attribution.js';
import { part, text } from './shadow-query.js';
import { fill, loaded, submit } from './sign-form.js';
import { createPetition, submissionsReceived } from './test-petition.js';

const OPT_INS: Array<{ id: string; label: Record<string, string>; version: string }> = [
  { id: 'campaign-news', label: { en: 'Email me about this campaign', es: 'Quiero recibir correos sobre esta campaña' }, version: '2026-11' },
  { id: 'sms', label: { en: 'Text me when we win' }, version: '1' },
];

const checkbox = (el: PetitionSign, id: string) => part<HTMLInputElement>(el, `#opt-in-${id}`)!;

describe('<petition-sign> opt-ins and attribution', () => {
  it('shows each opt-in as an unticked, labelled checkbox under the fields, in the element language', async () => {
    const petitionId = await createPetition({ optIns: OPT_INS });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="US"></petition-sign>`));
    for (const { id, label } of OPT_INS) {
      expect(checkbox(el, id).checked, id).to.equal(false);
      expect(checkbox(el, id).required, id).to.equal(false);
      expect(text(part(el, `label[for="opt-in-${id}"]`))).to.equal(label['en']);
    }
    // Under the fields, before the button.
    const controls = [...el.shadowRoot!.querySelectorAll('form input, form textarea, form button')].map((c) => c.id || c.getAttribute('part'));
    expect(controls.indexOf('opt-in-campaign-news')).to.be.greaterThan(controls.indexOf('reason'));
    expect(controls.indexOf('opt-in-sms')).to.be.lessThan(controls.indexOf('submit'));
    await expect(el).to.be.accessible();

    el.setAttribute('lang', 'es');
    await waitUntil(() => text(part(el, 'label[for="opt-in-campaign-news"]')) === 'Quiero recibir correos sobre esta campaña', 'no Spanish label');
    // A language the opt-in has no words for: English.
    expect(text(part(el, 'label[for="opt-in-sms"]'))).to.equal('Text me when we win');
  });

  it("shows the opt-in in the form's language where the petition has its words: Arabic, Hebrew, Chinese by region", async () => {
    const words = { en: 'Keep me informed', ar: 'أبقوني على اطلاع بأخبار هذه الحملة', he: 'עדכנו אותי על הקמפיין הזה', 'zh-hant': '向我通報這項活動的最新消息' };
    const petitionId = await createPetition({ optIns: [{ id: 'news', label: words, version: '1' }] });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang="ar"></petition-sign>`));
    const label = () => text(part(el, 'label[for="opt-in-news"]'));
    // The catalogue's words arrive after the first render: wait for both, then check the label.
    await waitUntil(() => label() === words.ar, `Arabic: ${label()}`);
    await expect(el).to.be.accessible();
    el.setAttribute('lang', 'he');
    await waitUntil(() => label() === words.he, `Hebrew: ${label()}`);
    // zh-TW speaks traditional Chinese: the config's zh-Hant words, whatever the key's case.
    el.setAttribute('lang', 'zh-TW');
    await waitUntil(() => label() === words['zh-hant'], `zh-TW: ${label()}`);
    el.setAttribute('lang', 'ko');
    await waitUntil(() => label() === words.en, `Korean, which has no words: ${label()}`);
  });

  it('signs with nothing ticked, and sends only what was ticked', async () => {
    const petitionId = await createPetition({ optIns: OPT_INS });
    const el = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="US"></petition-sign>`));
    await fill(el);
    submit(el);
    await waitUntil(() => part(el, '[part="thanks"]'), 'not signed with nothing ticked');
    const second = await loaded(await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} country="US" lang="es-MX"></petition-sign>`));
    await fill(second, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org', address: '1 Navy Way', city: 'Arlington', state_province: 'VA', postal_code: '22201' });
    checkbox(second, 'sms').click();
    submit(second);
    await waitUntil(() => part(second, '[part="thanks"]'), 'not signed');
    const [nothing, ticked] = await submissionsReceived(petitionId);
    expect(nothing!['opt_ins']).to.deep.equal([]);
    expect(ticked!['opt_ins']).to.deep.equal(['sms']);
    expect(ticked!['language']).to.equal('es-MX');
  });

  it("sends the page's utm_* parameters and the referrer's origin and path, never its query", () => {
    const page = new URL('https://campaign.example.org/act?utm_source=newsletter&utm_campaign=spring&utm_medium=&gclid=abc&utm_term=' + 'x'.repeat(300));
    const attribution = pageAttribution(page as unknown as Location, 'https://news.example.org/story/42?session=secret#comments');
    expect(attribution).to.deep.equal({
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      utm_term: 'x'.repeat(200),
      referrer: 'https://news.example.org/story/42',
    });
    expect(pageAttribution(new URL('https://campaign.example.org/') as unknown as Location, '')).to.deep.equal({});
    expect(pageAttribution(new URL('https://campaign.example.org/') as unknown as Location, 'android-app://com.example/')).to.deep.equal({});
  });
});
