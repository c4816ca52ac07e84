// The translations are complete: every message has a Spanish, French and German target in the
// XLIFF files, no target was left in English by mistake, and the generated locale modules (what
// the bundle loads) hold exactly those messages.
import { expect } from '@open-wc/testing';
import { templates as de } from '../../src/components/generated/locales/de.js';
import { templates as es } from '../../src/components/generated/locales/es.js';
import { templates as fr } from '../../src/components/generated/locales/fr.js';

const GENERATED: Record<string, Record<string, unknown>> = { es, fr, de };

/** Targets that are rightly the same words as the English source. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: ['Error:'],
  fr: ['<x id="0" equiv-text="${count}"/> signature', '<x id="0" equiv-text="${count}"/> signatures'],
  de: ['(optional)'],
};

interface Unit {
  id: string;
  source: string;
  target: string | undefined;
}

async function units(locale: string): Promise<Unit[]> {
  const response = await fetch(`/xliff/${locale}.xlf`);
  expect(response.ok, `xliff/${locale}.xlf`).to.equal(true);
  const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
  const inner = (element: Element | null) =>
    element ? [...element.childNodes].map((node) => (node instanceof Element ? node.outerHTML.replace(/ xmlns="[^"]*"/, '') : node.textContent)).join('').trim() : undefined;
  return [...doc.querySelectorAll('trans-unit')].map((unit) => ({
    id: unit.getAttribute('id')!,
    source: inner(unit.querySelector('source'))!,
    target: inner(unit.querySelector('target')),
  }));
}

describe('translations', () => {
  it('have a target for every message in es, fr and de, none left in English, all generated', async () => {
    const english = (await units('es')).map((unit) => unit.id).sort();
    expect(english.length).to.be.greaterThan(40);
    for (const locale of ['es', 'fr', 'de']) {
      const all = await units(locale);
      expect(all.map((unit) => unit.id).sort(), `${locale} ids`).to.deep.equal(english);
      const missing = all.filter((unit) => !unit.target).map((unit) => unit.source);
      expect(missing, `${locale} without a target`).to.deep.equal([]);
      const untranslated = all.filter((unit) => unit.target === unit.source && !SAME_AS_ENGLISH[locale]!.includes(unit.source));
      expect(untranslated.map((unit) => unit.source), `${locale} left in English`).to.deep.equal([]);
      expect(Object.keys(GENERATED[locale]!).sort(), `${locale} generated module out of date`).to.deep.equal(english);
    }
  });
});
