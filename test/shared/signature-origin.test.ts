// Where a signature came from (src/shared/signature-origin.ts), as the proxy writes it and the
// service reads it back: each field's rule at its boundary, the fixed order of the pairs, and that
// nothing is made up. Strings only; test/proxy/outbox/signature-origin.test.ts follows it end to end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { originPairs, readOrigin, signatureOrigin } from '../../src/shared/signature-origin.js';

test("the proxy's origin: the address as written canonically, utm_source, and the referrer's host only", () => {
  assert.deepEqual(signatureOrigin('2001:DB8::1', { utm_source: 'newsletter', utm_medium: 'email', referrer: 'https://News.Example.com:8443/a?b=c' }), {
    client_address: '2001:db8::1',
    utm_source: 'newsletter',
    referrer_host: 'news.example.com',
  });
  assert.deepEqual(signatureOrigin('::ffff:203.0.113.7', { referrer: 'http://blog.example.org/post' }), {
    client_address: '203.0.113.7',
    referrer_host: 'blog.example.org',
  });
});

test('nothing made up: no address, an unreadable one, no utm_source, a referrer that is not http(s)', () => {
  assert.deepEqual(signatureOrigin(undefined, {}), {});
  assert.deepEqual(signatureOrigin('unknown', { utm_source: '' }), {});
  for (const referrer of ['', 'ftp://files.example.org/a', 'file:///etc/hosts', 'javascript:alert(1)', 'not a url', 'https://']) {
    assert.deepEqual(signatureOrigin(undefined, { referrer }), {}, referrer);
  }
});

test('the pairs of the signed POST: in a fixed order, only the fields that are there', () => {
  assert.deepEqual(originPairs({ referrer_host: 'news.example', utm_source: 'flyer', client_address: '192.0.2.1' }), [
    ['client_address', '192.0.2.1'],
    ['utm_source', 'flyer'],
    ['referrer_host', 'news.example'],
  ]);
  assert.deepEqual(originPairs({ utm_source: 'flyer', client_address: '' }), [['utm_source', 'flyer']]);
  assert.deepEqual(originPairs({}), []);
  assert.deepEqual(originPairs(undefined), []);
});

test('the service reads back what a proxy sends, the address canonically', () => {
  assert.deepEqual(readOrigin({ client_address: '2001:DB8:0:0:0:0:0:1', utm_source: 'flyer', referrer_host: 'www.example.org', other: 'x' }), {
    origin: { client_address: '2001:db8::1', utm_source: 'flyer', referrer_host: 'www.example.org' },
    problems: [],
  });
  assert.deepEqual(readOrigin({ client_address: undefined, utm_source: null, referrer_host: '' }), { origin: {}, problems: [] });
  assert.deepEqual(readOrigin({}), { origin: {}, problems: [] });
});

test('each field sent but not as a proxy sends it is one problem, in field order', () => {
  assert.deepEqual(readOrigin({ client_address: 42, utm_source: ['a'], referrer_host: true }).problems, [
    'client_address: must be text',
    'utm_source: must be text',
    'referrer_host: must be text',
  ]);
  assert.deepEqual(readOrigin({ client_address: '192.0.2.256', utm_source: 'a\u0000b', referrer_host: 'WWW.example.org' }), {
    origin: {},
    problems: [
      'client_address: must be an IPv4 or IPv6 address, like 203.0.113.7 or 2001:db8::1',
      'utm_source: must be at most 200 characters, without control characters',
      'referrer_host: must be a host name in lower case, like www.example.org',
    ],
  });
});

test('utm_source: at most 200 characters, without control or text direction characters', () => {
  assert.deepEqual(readOrigin({ utm_source: 'u'.repeat(200) }).origin, { utm_source: 'u'.repeat(200) });
  assert.equal(readOrigin({ utm_source: 'u'.repeat(201) }).problems.length, 1);
  for (const character of ['\u001f', '\u007f', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069']) {
    assert.equal(readOrigin({ utm_source: `a${character}` }).problems.length, 1, character.charCodeAt(0).toString(16));
  }
  assert.deepEqual(readOrigin({ utm_source: 'Zeitung – Ausgabe 2' }).problems, []);
});

test('referrer_host: a host as the URL parser writes it, at most 253 characters', () => {
  const label = 'a'.repeat(63);
  const host253 = `${label}.${label}.${label}.${'b'.repeat(61)}`;
  assert.equal(host253.length, 253);
  assert.deepEqual(readOrigin({ referrer_host: host253 }).origin, { referrer_host: host253 });
  assert.equal(readOrigin({ referrer_host: `${host253}c` }).problems.length, 1);
  for (const host of ['news.example', 'xn--bcher-kva.example', '192.0.2.1', '[2001:db8::1]', 'localhost']) {
    assert.deepEqual(readOrigin({ referrer_host: host }).origin, { referrer_host: host }, host);
  }
  for (const host of ['News.example', 'news.example:8080', 'news.example/a', 'user@news.example', 'bad host', 'bücher.example', '2001:db8::1', '[::1']) {
    assert.equal(readOrigin({ referrer_host: host }).problems.length, 1, host);
  }
});
