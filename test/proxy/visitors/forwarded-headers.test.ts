// How the forwarding headers are read into hops (src/proxy/visitors/forwarded-headers.ts): each
// form a reverse proxy writes (ports, brackets, quotes, RFC 7239's quoted-pairs and parameters),
// and the look-alikes that are no address.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forwardedHops, xForwardedForHops } from '../../../src/proxy/visitors/forwarded-headers.js';

/** The hops as text, `undefined` for a hop that is not a readable address. */
const xff = (header: string) => xForwardedForHops(header).map((hop) => hop?.text);
const fwd = (header: string) => forwardedHops(header).map((hop) => hop?.text);

describe('X-Forwarded-For', () => {
  test('addresses in order, from the client\'s end; spaces around the commas and empty entries are dropped', () => {
    assert.deepEqual(xff('203.0.113.7'), ['203.0.113.7']);
    assert.deepEqual(xff('198.51.100.1,198.51.100.2 , 203.0.113.7'), ['198.51.100.1', '198.51.100.2', '203.0.113.7']);
    assert.deepEqual(xff(' 198.51.100.1 ,, 203.0.113.7,'), ['198.51.100.1', '203.0.113.7']);
    assert.deepEqual(xff(''), []);
    assert.deepEqual(xff(' , '), []);
  });

  test('a port after an IPv4 address, or after an IPv6 address in brackets, is dropped', () => {
    assert.deepEqual(xff('203.0.113.7:51234, 203.0.113.8:8'), ['203.0.113.7', '203.0.113.8']);
    assert.deepEqual(xff('[2001:DB8::1]:4711, [2001:db8::2]:1, [::1]'), ['2001:db8::1', '2001:db8::2', '::1']);
  });

  test('an IPv6 address without brackets is read whole: its last group is no port', () => {
    assert.deepEqual(xff('2001:db8::1:80'), ['2001:db8::1:80']);
  });

  test('look-alikes are unreadable hops, kept in their place', () => {
    for (const lookAlike of [
      'unknown', '_hidden', '1.2.3.4:80x', '1.2.3.4:', '1.2.3.4:x', 'x:1.2.3.4:80',
      '[::1]x', '[::1]:', '[::1]:8x', 'x[::1]', '[::1', '::1]', '[]', '[1.2.3.4]:80:80', '1.2.3.4:80:80',
    ]) {
      assert.deepEqual(xff(`${lookAlike}, 203.0.113.7`), [undefined, '203.0.113.7'], lookAlike);
    }
  });
});

describe('Forwarded (RFC 7239)', () => {
  test('the for= of each element, in order; other parameters and their order change nothing', () => {
    assert.deepEqual(fwd('for=198.51.100.20'), ['198.51.100.20']);
    assert.deepEqual(fwd('for=198.51.100.20;proto=https, proto=http;by=203.0.113.1;for=203.0.113.7'), ['198.51.100.20', '203.0.113.7']);
    assert.deepEqual(fwd('proto=https; for=203.0.113.7 ;by=_x'), ['203.0.113.7']);
    assert.deepEqual(fwd('For=198.51.100.20,FOR=203.0.113.7'), ['198.51.100.20', '203.0.113.7']);
  });

  test('an element without for=, or whose for= is hidden, is an unreadable hop', () => {
    assert.deepEqual(fwd('proto=https, for=203.0.113.7'), [undefined, '203.0.113.7']);
    assert.deepEqual(fwd('for=unknown, for=_hidden, for=203.0.113.7'), [undefined, undefined, '203.0.113.7']);
    // A parameter without "=" is skipped, not read as for=.
    assert.deepEqual(fwd('forx;for=203.0.113.7'), ['203.0.113.7']);
    assert.deepEqual(fwd('for;for=203.0.113.7'), ['203.0.113.7']);
    assert.deepEqual(fwd('by=203.0.113.1;forwarded=198.51.100.1'), [undefined]);
  });

  test('empty elements and spaces between elements are dropped', () => {
    assert.deepEqual(fwd('for=198.51.100.20, , for=203.0.113.7,,'), ['198.51.100.20', '203.0.113.7']);
    assert.deepEqual(fwd(''), []);
  });

  test('quoted values: IPv6 in brackets, with or without a port, and IPv4 with a port', () => {
    assert.deepEqual(fwd('for="[2001:db8::1]:4711"'), ['2001:db8::1']);
    assert.deepEqual(fwd('For="[2001:DB8:0::1]"'), ['2001:db8::1']);
    assert.deepEqual(fwd('for="203.0.113.7:80"'), ['203.0.113.7']);
    assert.deepEqual(fwd('for="203.0.113.7"'), ['203.0.113.7']);
  });

  test('a comma or semicolon inside quotes splits nothing', () => {
    assert.deepEqual(fwd('for="_a,b", for=203.0.113.7'), [undefined, '203.0.113.7']);
    assert.deepEqual(fwd('by="_a;for=198.51.100.1";for=203.0.113.7'), ['203.0.113.7']);
  });

  test('quoted-pairs: a backslash inside quotes takes the next character as it is', () => {
    assert.deepEqual(fwd('for="203.0.113.\\7"'), ['203.0.113.7']);
    assert.deepEqual(fwd('for="[2001:db8::\\1]"'), ['2001:db8::1']);
    assert.deepEqual(fwd('for="\\[2001:db8:\\:1\\]:\\80"'), ['2001:db8::1'], 'any character, not only letters and digits');
    // An escaped quote does not end the quoted string, so the comma after it splits nothing.
    assert.deepEqual(fwd('for="_x\\",y", for=203.0.113.7'), [undefined, '203.0.113.7']);
    // Outside quotes a backslash is an ordinary character: the comma after it still splits.
    assert.deepEqual(fwd('for=_x\\, for=203.0.113.7'), [undefined, '203.0.113.7']);
  });

  test('a value quoted on one side only is no address', () => {
    assert.deepEqual(fwd('for="203.0.113.7x'), [undefined]);
    assert.deepEqual(fwd('for=x203.0.113.7"'), [undefined]);
    assert.deepEqual(fwd('for="'), [undefined]);
    assert.deepEqual(fwd('for=""'), [undefined]);
  });
});
