// The translations are complete: every language the elements offer (languages.ts) has every message
// of the English catalogue in its order and nothing else, with the same placeholders, exactly the
// plural forms its language's rules select, and no message left in English by mistake. (The
// compiler checks the ids too: each catalogue `satisfies Catalogue`.)
import { expect } from '@open-wc/testing';
import type { Catalogue, Message } from '../../src/components/i18n/catalogue.js';
import { loadCatalogue } from '../../src/components/i18n/catalogue-chunks.js';
import { LANGUAGES } from '../../src/shared/element-languages.js';
import { languageDirection } from '../../src/shared/element-languages.js';
import { en } from '../../src/components/i18n/messages.js';

/** Messages that are rightly the same words as the English in that language. */
// Eircode is a name; Oblast and Do/Si name kinds of region that other languages borrow too.
/** Names of things, the same in every language that writes them in Latin letters. */
const PROPER_NAMES = ['labelEircode', 'labelOblast', 'labelDoSi'];

/** Messages that are rightly the same as the English in a language, beside the proper names. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  de: ['optional', 'labelCounty'],
  es: ['errorPrefix'],
  fr: ['labelProvince', 'labelDistrict'],
  it: ['shareByEmail', 'labelArea'],
  nl: ['labelCounty', 'labelDistrict'],
  id: ['shareByEmail', 'labelCounty'],
  el: ['shareByEmail'],
  mt: ['shareByEmail'],
  lv: ['labelProvince'],
  ro: ['labelDistrict'],
};

/** The languages the elements must offer: ours beyond Europe, and every official language of the EU. */
const REQUIRED = [
  ...['ar', 'he', 'fa', 'ur', 'tr', 'uk', 'ru', 'hi', 'bn', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'id', 'sw', 'pt-BR', 'pt-PT'],
  ...['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'hr', 'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl'],
  ...['ro', 'sk', 'sl', 'sv'],
];

/** The direction the browser's CLDR data gives a language (Chromium has both spellings in turn). */
function browserDirection(language: string): string | undefined {
  const locale = new Intl.Locale(language) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message));

describe('translations', () => {
  it('the elements offer at least 30 languages: every EU official language, and those of the wider world', () => {
    expect(LANGUAGES.length).to.be.at.least(30);
    expect([...LANGUAGES]).to.include.members(REQUIRED);
  });

  it('every language is written in the direction the browser knows for it (ar, he, fa, ur right to left)', () => {
    for (const language of LANGUAGES) expect(languageDirection(language), language).to.equal(browserDirection(language) ?? 'ltr');
    expect(LANGUAGES.filter((language) => languageDirection(language) === 'rtl')).to.deep.equal(['ar', 'he', 'fa', 'ur']);
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    it(`${language}: every message, same placeholders, exactly its plural forms, none left in English`, async () => {
      const catalogue: Catalogue = (await loadCatalogue(language)).default;
      // The same ids (English comes in two chunks, so its order is not the files' order).
      expect(Object.keys(catalogue).sort()).to.deep.equal(Object.keys(en).sort());
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [id, english] of Object.entries(en) as Array<[keyof Catalogue, Message]>) {
        const translated = catalogue[id];
        expect(typeof translated, id).to.equal(typeof english);
        const wanted = placeholders(texts(english)[0]!);
        for (const text of texts(translated)) {
          expect(text.trim(), `${language} ${id}`).not.to.equal('');
          // A plural form may leave out {count} ("one" in French: "Une signature"), but add none.
          const got = placeholders(text);
          expect(got.filter((name) => !wanted.includes(name)), `${language} ${id}: ${text}`).to.deep.equal([]);
          if (typeof english === 'string') expect(got, `${language} ${id}: ${text}`).to.deep.equal(wanted);
        }
        if (typeof translated !== 'string') {
          expect(Object.keys(translated).sort(), `${language} ${id} plural forms`).to.deep.equal([...categories].sort());
          expect(placeholders(translated.other), `${language} ${id} other`).to.deep.equal(wanted);
        }
        if (!PROPER_NAMES.includes(id) && !(SAME_AS_ENGLISH[language] ?? []).includes(id)) {
          expect(texts(translated).join('|'), `${language} ${id} left in English`).not.to.equal(texts(english).join('|'));
        }
      }
    });
  }
});
