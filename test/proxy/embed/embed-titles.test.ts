// Each embed page's title, which is also its heading for screen readers (embed-titles.ts): the
// form's is, in every language the elements speak, the words of the form's own submit button
// (src/components/i18n/), so a screen reader announces the page as what it does; the list's is a
// word of its own in each language, never empty and never the form's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCatalogue } from '../../../src/components/i18n/catalogue-chunks.js';
import { en } from '../../../src/components/i18n/messages.js';
import { EMBED_TITLES } from '../../../src/proxy/embed/embed-titles.js';
import { LANGUAGES } from '../../../src/shared/element-languages.js';

test('the form page of every language is titled with the words of its submit button', async () => {
  for (const language of LANGUAGES) {
    const catalogue = language === 'en' ? en : (await loadCatalogue(language)).default;
    assert.equal(EMBED_TITLES.sign[language], catalogue.submit, language);
  }
});

test('the list page of every language has a title of its own: not empty, not the form\'s', () => {
  for (const language of LANGUAGES) {
    const title = EMBED_TITLES.signatures[language];
    assert.ok(title.trim().length >= 2, `${language}: ${JSON.stringify(title)}`);
    assert.notEqual(title, EMBED_TITLES.sign[language], language);
  }
  assert.deepEqual(Object.keys(EMBED_TITLES.signatures).sort(), [...LANGUAGES].sort());
  assert.deepEqual(Object.keys(EMBED_TITLES.sign).sort(), [...LANGUAGES].sort());
});
