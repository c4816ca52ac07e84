// The languages the elements speak (src/shared/element-languages.ts): which one a tag means, and
// which way each is written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES, languageDirection, languageOf } from '../../src/shared/element-languages.js';

test('the 40 languages, English first', () => {
  assert.deepEqual(LANGUAGES, [
    'en', 'es', 'fr', 'de', 'it', 'pt-PT', 'pt-BR', 'nl',
    'ar', 'he', 'fa', 'ur', 'tr', 'uk', 'ru', 'hi', 'bn', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'id', 'sw',
    'bg', 'cs', 'da', 'el', 'et', 'fi', 'ga', 'hr', 'hu', 'lt', 'lv', 'mt', 'pl', 'ro', 'sk', 'sl', 'sv',
  ]);
});

test('a tag: itself when it names a language, Chinese by script, Portuguese by country, else its primary subtag, else English', () => {
  for (const language of LANGUAGES) assert.equal(languageOf(language), language);
  assert.equal(languageOf('es-MX'), 'es');
  assert.equal(languageOf('zh'), 'zh-Hans');
  assert.equal(languageOf('zh-CN'), 'zh-Hans');
  assert.equal(languageOf('zh-TW'), 'zh-Hant');
  assert.equal(languageOf('zh-HK'), 'zh-Hant');
  assert.equal(languageOf('zh-Hant-CN'), 'zh-Hant');
  assert.equal(languageOf('pt'), 'pt-BR');
  assert.equal(languageOf('pt-AO'), 'pt-PT');
  assert.equal(languageOf('pt-Latn-BR'), 'pt-BR');
  assert.equal(languageOf('ar-EG'), 'ar');
  assert.equal(languageOf('gsw'), 'en');
  assert.equal(languageOf('en-GB'), 'en');
  // Case does not name a catalogue: the tag is read as a locale.
  assert.equal(languageOf('PT-br'), 'pt-BR');
  assert.equal(languageOf('DE'), 'de');
});

test('right to left: Arabic, Hebrew, Persian and Urdu only', () => {
  const rtl = LANGUAGES.filter((language) => languageDirection(language) === 'rtl');
  assert.deepEqual(rtl, ['ar', 'he', 'fa', 'ur']);
  assert.equal(languageDirection('de'), 'ltr');
});
