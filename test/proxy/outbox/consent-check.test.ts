// What a submission carries besides the signer's fields, as the proxy checks it
// (outbox/consent-check.ts): the form's language, opt-ins only among the petition's, recorded with
// their words and version, and attribution only the utm_* parameters (each at most 200 characters,
// no control or direction characters) and an http(s) referrer cut to its origin and path. Each
// refusal's words, and each limit at its boundary and one past it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OptIn } from '../../../src/shared/consent.js';
import { checkConsent } from '../../../src/proxy/outbox/consent-check.js';

const OFFERED: OptIn[] = [
  { id: 'news', label: { en: 'Send me news', es: 'Envíenme noticias' }, version: '1' },
  { id: 'calls', label: { en: 'Call me' }, version: '3' },
];

const problemsOf = (body: Record<string, unknown>) => {
  const checked = checkConsent(body, OFFERED);
  assert.equal(checked.ok, false, JSON.stringify(body));
  return checked.ok ? [] : checked.problems;
};
const consentOf = (body: Record<string, unknown>) => {
  const checked = checkConsent(body, OFFERED);
  assert.ok(checked.ok, checked.ok ? '' : checked.problems.join('; '));
  return checked.consent;
};

test('nothing sent: no opt-ins, no attribution, no language (absent or null alike)', () => {
  assert.deepEqual(consentOf({}), { opt_ins: [], attribution: {} });
  assert.deepEqual(consentOf({ opt_ins: [], attribution: null, language: null }), { opt_ins: [], attribution: {} });
  assert.deepEqual(consentOf({ attribution: undefined, language: undefined }), { opt_ins: [], attribution: {} });
});

test('the language: a tag, kept; anything else refused, also a list that reads as one', () => {
  assert.deepEqual(consentOf({ language: 'pt-BR' }), { opt_ins: [], attribution: {}, language: 'pt-BR' });
  for (const language of ['english', '', 5, ['es'], 'es_ES']) {
    assert.deepEqual(problemsOf({ language }), ['language: must be a language tag like es or pt-BR'], JSON.stringify(language));
  }
});

test('opt-ins: each the petition offers, once, with the words in the form\'s language and its version', () => {
  assert.deepEqual(consentOf({ opt_ins: ['calls', 'news', 'calls'], language: 'es' }).opt_ins, [
    { id: 'calls', label: 'Call me', language: 'en', version: '3' },
    { id: 'news', label: 'Envíenme noticias', language: 'es', version: '1' },
  ]);
  assert.deepEqual(consentOf({ opt_ins: ['news'] }).opt_ins, [{ id: 'news', label: 'Send me news', language: 'en', version: '1' }]);
});

test('opt-ins refused: not a list, an id of the wrong shape or kind (even among good ones), one not offered', () => {
  for (const opt_ins of ['news', { news: true }, [5], ['news', 'News'], ['news', 'with space'], [null]]) {
    assert.deepEqual(problemsOf({ opt_ins }), ['opt_ins: must be a list of opt-in ids'], JSON.stringify(opt_ins));
  }
  assert.deepEqual(problemsOf({ opt_ins: ['news', 'other'] }), ['opt_ins: other is not an opt-in of this petition']);
});

test('attribution: the utm_* parameters, NFC, and the referrer\'s origin and path; empty values left out', () => {
  const attribution = {
    utm_source: 'mail',
    utm_medium: 'caf\u0065\u0301',
    utm_campaign: 'spring',
    utm_term: '',
    utm_content: null,
    referrer: 'https://news.example/story/1?id=secret#top',
  };
  assert.deepEqual(consentOf({ attribution }).attribution, {
    utm_source: 'mail',
    utm_medium: 'caf\u00e9',
    utm_campaign: 'spring',
    referrer: 'https://news.example/story/1',
  });
  assert.deepEqual(consentOf({ attribution: { utm_source: undefined } }).attribution, {});
});

test('a utm_* value of 200 characters is kept, of 201 refused', () => {
  assert.equal(consentOf({ attribution: { utm_term: 'x'.repeat(200) } }).attribution.utm_term, 'x'.repeat(200));
  assert.deepEqual(problemsOf({ attribution: { utm_term: 'x'.repeat(201) } }), ['attribution: utm_term must be at most 200 characters']);
});

test('control and direction characters are refused at each end of each range; their neighbours are kept', () => {
  for (const hidden of ['\u0000', '\u001f', '\u007f', '\u0085', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069']) {
    assert.deepEqual(problemsOf({ attribution: { utm_source: `a${hidden}b` } }), ['attribution: utm_source must not contain control characters'], hidden.codePointAt(0)!.toString(16));
  }
  for (const shown of [' ', '~', '\u00a0', '\u2029', '\u202f', '\u2065', '\u206a']) {
    assert.equal(consentOf({ attribution: { utm_source: `a${shown}b` } }).attribution.utm_source, `a${shown}b`, shown.codePointAt(0)!.toString(16));
  }
});

test('attribution refused: not an object, a value not text, a referrer not http(s), another name; every problem said', () => {
  for (const attribution of ['utm_source=mail', ['mail'], 5]) {
    assert.deepEqual(problemsOf({ attribution }), ['attribution: must be an object of utm_* parameters and a referrer'], JSON.stringify(attribution));
  }
  assert.deepEqual(problemsOf({ attribution: { utm_source: 5 } }), ['attribution: utm_source must be text']);
  assert.deepEqual(problemsOf({ attribution: { referrer: 'javascript:alert(1)' } }), ['attribution: referrer must be an http or https URL']);
  assert.deepEqual(problemsOf({ attribution: { referrer: 'not a url' } }), ['attribution: referrer must be an http or https URL']);
  assert.deepEqual(problemsOf({ attribution: { gclid: 'x' } }), ['attribution: gclid is not a utm_* parameter or the referrer']);
  assert.deepEqual(problemsOf({ language: 5, opt_ins: ['other'], attribution: { utm_id: 'x' } }), [
    'language: must be a language tag like es or pt-BR',
    'opt_ins: other is not an opt-in of this petition',
    'attribution: utm_id is not a utm_* parameter or the referrer',
  ]);
});
