// Which catalogue a `lang` means where a language is written two ways: Chinese by script (a region
// implies one), Portuguese by country (a bare "pt" is Brazilian, as in CLDR). The element keeps its
// own tag for numbers, dates and country names.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/components/petition-embed.js';
import type { PetitionSign } from '../../src/components/petition-embed.js';
// As the elements reach it: through the table of languages.
import { languageOf } from '../../src/shared/element-languages.js';
import ptBR from '../../src/components/i18n/pt-br.js';
import ptPT from '../../src/components/i18n/pt-pt.js';
import zhHans from '../../src/components/i18n/zh-hans.js';
import zhHant from '../../src/components/i18n/zh-hant.js';
import { part, text } from './shadow-query.js';
import { countryNames } from './sign-form.js';
import { createPetition } from './test-petition.js';

const RESOLVED: Array<[tag: string, language: string]> = [
  ['zh', 'zh-Hans'],
  ['zh-CN', 'zh-Hans'],
  ['zh-SG', 'zh-Hans'],
  ['zh-Hans', 'zh-Hans'],
  ['zh-Hans-HK', 'zh-Hans'],
  ['zh-TW', 'zh-Hant'],
  ['zh-HK', 'zh-Hant'],
  ['zh-MO', 'zh-Hant'],
  ['zh-Hant', 'zh-Hant'],
  ['zh-hant-tw', 'zh-Hant'],
  ['pt', 'pt-BR'],
  ['pt-BR', 'pt-BR'],
  ['pt-PT', 'pt-PT'],
  ['pt-AO', 'pt-PT'],
  ['pt-MZ', 'pt-PT'],
  ['ar-EG', 'ar'],
  ['he-IL', 'he'],
  ['de-CH', 'de'],
  ['yi', 'en'],
];

async function signIn(lang: string, petitionId: number): Promise<PetitionSign> {
  const el = await fixture<PetitionSign>(html`<petition-sign petition-id=${petitionId} lang=${lang}></petition-sign>`);
  await waitUntil(() => part(el, '[part="count"]'), `no form in ${lang}`);
  return el;
}

describe('which language a tag means', () => {
  for (const [tag, language] of RESOLVED) {
    it(`${tag} -> ${language}`, () => {
      expect(languageOf(tag)).to.equal(language);
    });
  }

  it('a form in zh-TW speaks traditional Chinese, in zh-CN and zh simplified, with Chinese numbers and country names', async () => {
    const petitionId = await createPetition({ listed: 1, hiddenCount: 12_340 });
    const cases: Array<[string, typeof zhHans, string]> = [
      ['zh-TW', zhHant, '德國'],
      ['zh-CN', zhHans, '德国'],
      ['zh', zhHans, '德国'],
    ];
    for (const [lang, catalogue, germany] of cases) {
      const el = await signIn(lang, petitionId);
      await waitUntil(() => text(part(el, 'button[type="submit"]')) === catalogue.submit, `${lang}: not ${catalogue.submit}`);
      expect(text(part(el, '[part="count"]'))).to.equal(catalogue.signedCount.other.replace('{count}', '12,341'));
      expect(await countryNames(el)).to.include(germany);
    }
  });

  it('a form in pt and pt-BR speaks Brazilian Portuguese, in pt-PT and pt-AO European', async () => {
    const petitionId = await createPetition({ listed: 1 });
    const cases: Array<[string, typeof ptBR]> = [
      ['pt', ptBR],
      ['pt-BR', ptBR],
      ['pt-PT', ptPT],
      ['pt-AO', ptPT],
    ];
    for (const [lang, catalogue] of cases) {
      const el = await signIn(lang, petitionId);
      await waitUntil(() => text(part(el, 'label[for="last_name"]')) === catalogue.labelLastName, `${lang}: not ${catalogue.labelLastName}`);
    }
    expect(ptBR.labelLastName).not.to.equal(ptPT.labelLastName);
  });
});
