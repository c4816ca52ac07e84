// <petition-breakdown> in headless Chromium against the proxy-routes middleware: bars with the
// rest in "Other places", one country's regions, the map (its chunk loaded only for that view)
// with the same numbers as a table, loading and failure states, and a right-to-left language.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionBreakdown } from '../../src/components/petition-embed.js';
import type { SignatureBreakdown } from '../../src/shared/types.js';
import { part, text } from './shadow-query.js';
import { createPetition, delayAnswers, failNext } from './test-petition.js';

const BREAKDOWN: SignatureBreakdown = {
  signature_count: 2400,
  minimum_group: 5,
  countries: [
    { country_code: 'GB', country_name: 'United Kingdom', signature_count: 2100, regions: [{ state_province: 'ENG', signature_count: 1800 }, { state_province: 'SCT', signature_count: 240 }, { state_province: 'WLS', signature_count: 52 }], other_count: 8 },
    { country_code: 'IE', country_name: 'Ireland', signature_count: 270, regions: [], other_count: 270 },
    { country_code: 'FR', country_name: 'France', signature_count: 5, regions: [], other_count: 5 },
  ],
  other_count: 25,
};

/** Each row of the table as [place, count]. */
const rows = (el: PetitionBreakdown) =>
  [...el.shadowRoot!.querySelectorAll('tbody tr')].map((row) => [text(row.querySelector('th')), text(row.querySelector('.number'))]);

const mapLoaded = () => performance.getEntriesByType('resource').some((entry) => /world-(map|shapes)/.test(entry.name));

const REGIONS: SignatureBreakdown = {
  signature_count: 168,
  minimum_group: 5,
  countries: [
    {
      country_code: 'US',
      country_name: 'United States',
      signature_count: 100,
      regions: [{ state_province: 'TX', signature_count: 40 }, { state_province: 'DC', signature_count: 30 }, { state_province: 'CA', signature_count: 20 }, { state_province: 'Atlantis', signature_count: 5 }],
      other_count: 5,
    },
    { country_code: 'JP', country_name: 'Japan', signature_count: 50, regions: [{ state_province: '東京都', signature_count: 30 }, { state_province: '大阪府', signature_count: 20 }], other_count: 0 },
    { country_code: 'ES', country_name: 'Spain', signature_count: 18, regions: [{ state_province: 'CA', signature_count: 10 }, { state_province: 'M', signature_count: 8 }], other_count: 0 },
  ],
  other_count: 0,
};

async function shown(el: PetitionBreakdown): Promise<PetitionBreakdown> {
  await waitUntil(() => part(el, 'table'), 'the breakdown did not load');
  return el;
}

describe('<petition-breakdown>', () => {
  it('shows the top countries as labelled bars, the rest as "Other places", without the map\'s code', async () => {
    const petitionId = await createPetition({ breakdown: BREAKDOWN });
    const el = await shown(await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId} limit="2"></petition-breakdown>`));
    expect(text(part(el, 'caption'))).to.equal('Signatures by country');
    // FR's 5 join the 25 the service withheld.
    expect(rows(el)).to.deep.equal([['United Kingdom', '2,100'], ['Ireland', '270'], ['Other places', '30']]);
    const bars = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="bar"]')];
    expect(bars.map((bar) => bar.style.getPropertyValue('--_share'))).to.deep.equal(['1', String(270 / 2100)]);
    expect(bars[0]!.getBoundingClientRect().width).to.be.greaterThan(bars[1]!.getBoundingClientRect().width);
    expect(mapLoaded()).to.equal(false);
        await expect(el).to.be.accessible();
  });

  it('names a country\'s regions in the reader\'s language from the address data, an unknown one as stored, each row one line high', async () => {
    const petitionId = await createPetition({ breakdown: REGIONS });
    const el = await shown(await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId} style="inline-size: 240px"></petition-breakdown>`));
    const asked = performance.now();
    el.country = 'us';
    await waitUntil(() => rows(el)[0]![0] === 'Texas', 'the names did not replace the codes');
    // Only the chunk of the countries whose code starts with U, fetched once the regions were asked for.
    const chunks = performance.getEntriesByType('resource').filter((entry) => /addresses\/countries\//.test(entry.name));
    expect(chunks.map((entry) => new URL(entry.name).pathname.replace(/.*\/countries\//, ''))).to.deep.equal(['by-letter.ts', 'u.ts']);
    expect(chunks.every((entry) => entry.startTime >= asked), 'nothing fetched before the regions were shown').to.equal(true);
    expect(rows(el)).to.deep.equal([['Texas', '40'], ['District of Columbia', '30'], ['California', '20'], ['Atlantis', '5'], ['Other places', '5']]);
    // At this width "District of Columbia" would wrap: the rows keep one height, so names arriving move nothing.
    const heights = [...el.shadowRoot!.querySelectorAll('tbody tr')].map((row) => row.getBoundingClientRect().height);
    expect(new Set(heights).size, `row heights ${heights.join(', ')}`).to.equal(1);
    await expect(el).to.be.accessible();
    // Spain's "CA" is Cádiz, never California while Spain's names are on their way.
    el.country = 'ES';
    await el.updateComplete;
    expect(rows(el)).to.deep.equal([['CA', '10'], ['M', '8']]);
    await waitUntil(() => rows(el)[0]![0] === 'Cádiz', 'Spain\'s names did not arrive');
    expect(rows(el)).to.deep.equal([['Cádiz', '10'], ['Madrid', '8']]);
  });

  it('names Japan\'s prefectures in Japanese for a Japanese reader and in Latin script for an English one', async () => {
    const petitionId = await createPetition({ breakdown: REGIONS });
    // Three on one page at once: each renders again when the one chunk they share arrives.
    const page = await fixture<HTMLElement>(html`<div>
      <petition-breakdown petition-id=${petitionId} country="JP" lang="en"></petition-breakdown>
      <petition-breakdown petition-id=${petitionId} country="JP" lang="en"></petition-breakdown>
      <petition-breakdown petition-id=${petitionId} country="JP" lang="ja"></petition-breakdown>
    </div>`);
    const [first, second, third] = [...page.querySelectorAll('petition-breakdown')];
    const japanese = third!;
    for (const english of [first!, second!]) {
      await waitUntil(() => part(english, 'table') && rows(english)[0]![0] === 'Tokyo', 'the names did not replace the keys');
      expect(rows(english).map(([place]) => place)).to.deep.equal(['Tokyo', 'Osaka']);
    }
    await shown(japanese);
    expect(rows(japanese).map(([place]) => place)).to.deep.equal(['東京都', '大阪府']);
    await expect(japanese).to.be.accessible();
  });

  it('shows one country\'s regions with country="GB", and says when a country has too few to show', async () => {
    const petitionId = await createPetition({ breakdown: BREAKDOWN });
    const el = await shown(await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId} country="GB"></petition-breakdown>`));
    expect(text(part(el, 'caption'))).to.equal('Signatures by region: United Kingdom');
    expect(rows(el)).to.deep.equal([['ENG', '1,800'], ['SCT', '240'], ['WLS', '52'], ['Other places', '8']]);
    el.country = 'DE';
    await el.updateComplete;
    expect(text(part(el, '[part="status"]'))).to.equal('Too few signatures to show.');
    await expect(el).to.be.accessible();
  });

  it('draws the map only for view="map", with every country in a table for screen readers', async () => {
    const petitionId = await createPetition({ breakdown: BREAKDOWN });
    const el = await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId} view="map" limit="1"></petition-breakdown>`);
    await waitUntil(() => part(el, 'svg'), 'the map did not load');
    expect(mapLoaded()).to.equal(true);
    const filled = [...el.shadowRoot!.querySelectorAll('path[class]')].map((path) => path.getAttribute('class'));
    // GB, IE and FR (one shape each) on a log scale from 5 to 2,100; the other countries unfilled.
    expect(filled.sort()).to.deep.equal(['step-0', 'step-3', 'step-4']);
    expect(el.shadowRoot!.querySelectorAll('path').length).to.equal(176);
    expect(part(el, '[part="map"]')!.getAttribute('aria-hidden')).to.equal('true');
    // The table is hidden by a plain block around it, which clips its caption too (Firefox draws
    // a caption outside the table's own box, so hiding the table itself left it showing).
    const hider = part(el, 'table')!.parentElement!;
    expect(hider.localName).to.equal('div');
    const box = hider.getBoundingClientRect();
    expect([box.width, box.height]).to.deep.equal([1, 1]);
    expect(getComputedStyle(hider).overflow).to.equal('hidden');
    expect(getComputedStyle(hider).clipPath).to.equal('inset(50%)');
    expect(rows(el)).to.deep.equal([['United Kingdom', '2,100'], ['Ireland', '270'], ['France', '5'], ['Other places', '25']]);
    expect([...el.shadowRoot!.querySelectorAll('.key')].map(text)).to.deep.equal(['5–16', '17–55', '56–186', '187–626', '627–2,100']);
    await expect(el).to.be.accessible();
  });

  it('is accessible while loading and after a failure, and tries again', async () => {
    const petitionId = await createPetition({ breakdown: BREAKDOWN });
    await delayAnswers(petitionId, 300);
    await failNext(petitionId, { route: 'GET /breakdown', status: 500, messages: ['broken'] });
    const el = await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId}></petition-breakdown>`);
    await waitUntil(() => text(part(el, '[part="status"]')) === 'Loading where the signatures come from…');
    await expect(el).to.be.accessible();
    await waitUntil(() => part(el, '[role="alert"]'), 'no failure shown');
    expect(text(part(el, '[role="alert"] p'))).to.equal('Where the signatures come from could not be loaded.');
    await expect(el).to.be.accessible();
    part<HTMLButtonElement>(el, '[part="retry"]')!.click();
    await shown(el);
    expect(rows(el)[0]).to.deep.equal(['United Kingdom', '2,100']);
  });

  it('speaks Arabic right to left, with country names and numbers in Arabic', async () => {
    const petitionId = await createPetition({ breakdown: BREAKDOWN });
    const el = await fixture<PetitionBreakdown>(html`<petition-breakdown petition-id=${petitionId} lang="ar"></petition-breakdown>`);
    await waitUntil(() => part(el, 'table'), 'the breakdown did not load');
    expect(part(el, '[part="base"]')!.getAttribute('dir')).to.equal('rtl');
    expect(text(part(el, 'caption'))).to.equal('التوقيعات حسب البلد');
    expect(rows(el)[0]).to.deep.equal([new Intl.DisplayNames(['ar'], { type: 'region' }).of('GB'), new Intl.NumberFormat('ar').format(2100)]);
    await expect(el).to.be.accessible();
  });
});
