// The translations are complete: every language has every message of the English catalogue and
// nothing else, with the same placeholders, a form for each plural category the language uses,
// and no message left in English by mistake. (The compiler checks the ids too: each catalogue
// `satisfies Catalogue`.)
import { expect } from '@open-wc/testing';
import type { Catalogue, Message } from '../../src/components/i18n/catalogue.js';
import de from '../../src/components/i18n/de.js';
import es from '../../src/components/i18n/es.js';
import fr from '../../src/components/i18n/fr.js';
import it_ from '../../src/components/i18n/it.js';
import nl from '../../src/components/i18n/nl.js';
import pt from '../../src/components/i18n/pt.js';
import { en } from '../../src/components/i18n/messages.js';
import { LANGUAGES } from '../../src/components/i18n/translator.js';

const CATALOGUES: Record<string, Catalogue> = { de, es, fr, it: it_, nl, pt };

/** Messages that are rightly the same words as the English in that language. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  de: ['optional', 'shareByEmail'],
  es: ['errorPrefix'],
  fr: ['signatureTotal', 'shareByEmail'],
  it: ['shareByEmail'],
  nl: ['optional', 'shareByEmail'],
  pt: ['shareByEmail'],
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const texts = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message));

describe('translations', () => {
  it('cover every language the elements offer', () => {
    expect(Object.keys(CATALOGUES).sort()).to.deep.equal(LANGUAGES.filter((l) => l !== 'en').sort());
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language}: every message, same placeholders, every plural form, none left in English`, () => {
      expect(Object.keys(catalogue)).to.deep.equal(Object.keys(en));
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
          expect(Object.keys(translated).sort(), `${language} ${id} plural forms`).to.include.members([...categories, 'other']);
          expect(placeholders(translated.other), `${language} ${id} other`).to.deep.equal(wanted);
        }
        if (!SAME_AS_ENGLISH[language]!.includes(id)) {
          expect(texts(translated).join('|'), `${language} ${id} left in English`).not.to.equal(texts(english).join('|'));
        }
      }
    });
  }
});
