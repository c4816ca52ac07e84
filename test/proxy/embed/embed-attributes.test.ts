// Which query values an embed page's element takes (embed-attributes.ts), at each attribute's
// boundaries and with the look-alikes a link could carry; embed-routes.test.ts has the pages
// around them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { embedQuery, type EmbedKind } from '../../../src/proxy/embed/embed-attributes.js';

const FRAMING = new Set(['https://www.example.org', 'https://sites.example.net']);

/** The value the page writes for one attribute given alone, or undefined when it is ignored. */
function taken(kind: EmbedKind, name: string, value: string): string | undefined {
  const query = embedQuery(kind, [name], (asked) => (asked === name ? value : undefined), FRAMING);
  assert.ok(query.attributes.length <= 1);
  return query.attributes[0]?.[1];
}

function language(lang: string | undefined): string {
  return embedQuery('sign', [], (name) => (name === 'lang' ? lang : undefined), FRAMING).language;
}

test('goal: a whole number from 1 to 1,000,000,000 of at most 10 digits, written without leading zeros', () => {
  assert.equal(taken('sign', 'goal', '1'), '1');
  assert.equal(taken('sign', 'goal', '0'), undefined);
  assert.equal(taken('sign', 'goal', '1000000000'), '1000000000');
  assert.equal(taken('sign', 'goal', '1000000001'), undefined);
  assert.equal(taken('sign', 'goal', '0000000007'), '7');
  assert.equal(taken('sign', 'goal', '00000000007'), undefined);
  for (const value of ['', '-1', '+5', '5.0', '1e3', ' 5', '5 ', 'x5', '5x']) assert.equal(taken('sign', 'goal', value), undefined, value);
});

test('refresh from 0 to 86,400 s and page-size from 1 to 100, each boundary and one past it', () => {
  assert.equal(taken('signatures', 'refresh', '0'), '0');
  assert.equal(taken('signatures', 'refresh', '86400'), '86400');
  assert.equal(taken('signatures', 'refresh', '86401'), undefined);
  assert.equal(taken('signatures', 'page-size', '0'), undefined);
  assert.equal(taken('signatures', 'page-size', '1'), '1');
  assert.equal(taken('signatures', 'page-size', '100'), '100');
  assert.equal(taken('signatures', 'page-size', '101'), undefined);
});

test('the choices: mode, sort and notice-position only as written', () => {
  assert.equal(taken('signatures', 'mode', 'recent'), 'recent');
  assert.equal(taken('signatures', 'mode', 'list'), 'list');
  assert.equal(taken('signatures', 'mode', 'List'), undefined);
  assert.equal(taken('signatures', 'sort', 'time_desc'), 'time_desc');
  assert.equal(taken('signatures', 'sort', 'time_asc'), 'time_asc');
  assert.equal(taken('signatures', 'sort', 'time'), undefined);
  assert.equal(taken('sign', 'notice-position', 'above'), 'above');
  assert.equal(taken('sign', 'notice-position', 'below'), 'below');
  assert.equal(taken('sign', 'notice-position', 'above '), undefined);
});

test('an attribute of the other element, or a name from the object prototype, is ignored', () => {
  assert.equal(taken('signatures', 'goal', '5'), undefined);
  assert.equal(taken('sign', 'page-size', '5'), undefined);
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    assert.deepEqual(embedQuery('sign', [name], () => '', FRAMING).attributes, [], name);
  }
});

test('hide-phone and hide-reason: present empty or "true", nothing else', () => {
  assert.equal(taken('sign', 'hide-phone', ''), '');
  assert.equal(taken('sign', 'hide-phone', 'true'), '');
  assert.equal(taken('sign', 'hide-reason', ''), '');
  for (const value of ['false', 'TRUE', '1', 'yes']) assert.equal(taken('sign', 'hide-reason', value), undefined, value);
});

test('show: title and overview, separated by any white space, each once', () => {
  assert.equal(taken('sign', 'show', 'title'), 'title');
  assert.equal(taken('sign', 'show', ' overview\ttitle\n'), 'overview title');
  assert.equal(taken('sign', 'show', 'title title'), 'title');
  for (const value of ['', '   ', 'title,overview', 'Title', 'title map']) assert.equal(taken('sign', 'show', value), undefined, JSON.stringify(value));
});

test('country: two Latin letters, in capitals', () => {
  assert.equal(taken('sign', 'country', 'gb'), 'GB');
  assert.equal(taken('sign', 'country', 'De'), 'DE');
  for (const value of ['G', 'GBR', 'G1', 'ÉS', ' GB']) assert.equal(taken('sign', 'country', value), undefined, value);
});

test('submit-label: trimmed, 1 to 80 characters, without control or direction characters', () => {
  assert.equal(taken('sign', 'submit-label', '  Sign now  '), 'Sign now');
  assert.equal(taken('sign', 'submit-label', 'x'.repeat(80)), 'x'.repeat(80));
  assert.equal(taken('sign', 'submit-label', ` ${'x'.repeat(80)} `), 'x'.repeat(80));
  assert.equal(taken('sign', 'submit-label', 'x'.repeat(81)), undefined);
  assert.equal(taken('sign', 'submit-label', '   '), undefined);
  for (const hidden of ['\u0000', '\u001f', '\u007f', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069']) {
    assert.equal(taken('sign', 'submit-label', `Sign${hidden}now`), undefined, JSON.stringify(hidden));
  }
  // Just outside each range of hidden characters: ordinary text.
  for (const shown of ['\u00a0', '\u2029', '\u202f', '\u2065', '\u206a']) {
    assert.equal(taken('sign', 'submit-label', `Sign${shown}now`), `Sign${shown}now`, JSON.stringify(shown));
  }
});

test('share-url: an absolute URL on a framing origin, written as the URL parser writes it', () => {
  assert.equal(taken('sign', 'share-url', 'https://www.example.org/save'), 'https://www.example.org/save');
  assert.equal(taken('sign', 'share-url', 'HTTPS://WWW.EXAMPLE.ORG/save'), 'https://www.example.org/save');
  assert.equal(taken('sign', 'share-url', 'https://sites.example.net'), 'https://sites.example.net/');
  for (const value of ['https://www.example.org.evil.net/', 'http://www.example.org/', '//www.example.org/', 'not a url']) {
    assert.equal(taken('sign', 'share-url', value), undefined, value);
  }
});

test('attributes come in the query\'s order, a name given twice once, with its first value', () => {
  const values: Record<string, string> = { goal: '50', country: 'fr', 'hide-phone': '' };
  const query = embedQuery('sign', ['country', 'goal', 'country', 'hide-phone', 'unknown'], (name) => values[name], FRAMING);
  assert.deepEqual(query.attributes, [['country', 'FR'], ['goal', '50'], ['hide-phone', '']]);
  // A name with no value (get answers undefined) is read as empty: a flag is present.
  assert.deepEqual(embedQuery('sign', ['hide-reason'], () => undefined, FRAMING).attributes, [['hide-reason', '']]);
});

test('lang: a language the elements speak as a canonical tag, region and script kept; anything else English', () => {
  assert.equal(language(undefined), 'en');
  assert.equal(language(''), 'en');
  assert.equal(language('es'), 'es');
  assert.equal(language('pt_br'), 'pt-BR');
  assert.equal(language('ZH-hant-tw'), 'zh-Hant-TW');
  assert.equal(language('en'), 'en');
  assert.equal(language('en-GB'), 'en-GB');
  assert.equal(language('en_au'), 'en-AU');
  // Well-formed but not spoken by the elements, or not a language tag at all.
  assert.equal(language('xh-ZA'), 'en');
  assert.equal(language('enx'), 'en');
  assert.equal(language('e'), 'en');
  assert.equal(language('en"><script>'), 'en');
});
