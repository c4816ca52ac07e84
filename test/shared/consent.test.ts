// The consent fields' own rules (src/shared/consent.ts), each at its boundary: an opt-in's id, a
// language tag, the utm_* parameters the proxy keeps, the referrer's shape and length, and where an
// opt-in's words come from when the form's tag has none of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGE_TAG, OPT_IN_ID, optInLabel, referrerOf, type OptIn } from '../../src/shared/consent.js';
import { checkConsent } from '../../src/proxy/outbox/consent-check.js';

test('an opt-in id: 1 to 64 of a-z, 0-9, _ and -, starting with a letter or digit', () => {
  for (const id of ['a', 'z', '0', '9', 'a0', 'az', 'a9', 'a_', 'a-', 'news_letter-2', 'aa', 'x'.repeat(64), '0'.repeat(64)]) {
    assert.ok(OPT_IN_ID.test(id), id);
  }
  for (const id of ['', '_a', '-a', 'A', 'aB', 'a.b', 'a b', ' a', 'a ', 'x'.repeat(65), 'a\n', 'news!']) {
    assert.ok(!OPT_IN_ID.test(id), JSON.stringify(id));
  }
});

test('a language tag: 2 or 3 letters, then up to 3 subtags of 1 to 8 letters or digits', () => {
  for (const tag of ['en', 'EN', 'az', 'AZ', 'zh', 'gsw', 'pt-BR', 'zh-Hant-TW', 'en-a-b-c', 'es-419', 'en-0', 'en-9', 'en-abcdefgh', 'en-ZZ', 'en-aa', 'en-A', 'en-z']) {
    assert.ok(LANGUAGE_TAG.test(tag), tag);
  }
  for (const tag of ['', 'e', 'engl', '12', 'e1', 'en-', 'en-abcdefghi', 'en-a-b-c-d', 'en_US', 'en-US ', ' en', 'en--US', 'én']) {
    assert.ok(!LANGUAGE_TAG.test(tag), JSON.stringify(tag));
  }
});

test('the five utm_* parameters are kept, any other name is refused', () => {
  const attribution = { utm_source: 's', utm_medium: 'm', utm_campaign: 'c', utm_term: 't', utm_content: 'x' };
  const kept = checkConsent({ attribution }, []);
  assert.ok(kept.ok);
  assert.deepEqual(kept.consent.attribution, attribution);
  for (const name of ['utm_id', 'utm', 'source', '']) {
    const refused = checkConsent({ attribution: { [name]: 'v' } }, []);
    assert.equal(refused.ok, false, name);
  }
});

test('a referrer keeps the origin and path of an http or https URL, nothing else', () => {
  assert.equal(referrerOf('https://news.example/story/1?utm_source=x&email=a@b.example#comments'), 'https://news.example/story/1');
  assert.equal(referrerOf('http://user:secret@news.example:8080/a'), 'http://news.example:8080/a');
  assert.equal(referrerOf('https://news.example'), 'https://news.example/');
  for (const url of ['ftp://news.example/a', 'javascript:alert(1)', 'data:text/plain,hi', 'file:///etc/passwd', 'news.example/a', '', 'https://']) {
    assert.equal(referrerOf(url), undefined, url);
  }
});

test('a referrer is cut to 1000 characters', () => {
  const origin = 'https://news.example';
  const at = (length: number) => `${origin}/${'p'.repeat(length - origin.length - 1)}`;
  assert.equal(referrerOf(at(1000)), at(1000));
  assert.equal(referrerOf(at(1001)), at(1000));
  assert.equal(referrerOf(`${at(999)}?q=1`), at(999));
});

const NEWS: OptIn = { id: 'news', version: '2', label: { en: 'Keep me informed', pt: 'Quero novidades', 'PT-br': 'Quero receber novidades' } };

test("a tag whose language has no words of its own takes its primary subtag's, in any case", () => {
  // pt-AO speaks the elements' pt-PT, which this opt-in lacks: its words are the bare pt's.
  assert.deepEqual(optInLabel(NEWS, 'pt-AO'), { label: 'Quero novidades', language: 'pt' });
  assert.deepEqual(optInLabel(NEWS, 'PT-ao'), { label: 'Quero novidades', language: 'pt' });
  // The config's key keeps its own case, and matches the tag whatever theirs.
  assert.deepEqual(optInLabel(NEWS, 'pt-br'), { label: 'Quero receber novidades', language: 'PT-br' });
  assert.deepEqual(optInLabel(NEWS, 'fr'), { label: 'Keep me informed', language: 'en' });
});

test('an opt-in without English words has an empty label in a language it lacks', () => {
  const only: OptIn = { id: 'only', version: '1', label: { de: 'Haltet mich auf dem Laufenden' } };
  assert.deepEqual(optInLabel(only, 'fr'), { label: '', language: 'en' });
  assert.deepEqual(optInLabel(only, undefined), { label: '', language: 'en' });
});
