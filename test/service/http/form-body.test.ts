// The one-pass form reader (src/service/http/form-body.ts) against what it replaces: URLSearchParams
// for the parameters (the first occurrence of a name winning) and the body split on '&' without
// its rsig pairs for the request string, on known answers and on arbitrary bodies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { formRequestString, readFormBody } from '../../../src/service/http/form-body.js';

/**
 * What the service did before: two readings of the same body. (The URLSearchParams constructor
 * also drops a leading '?', as a query string has it; a body is not one, and the URL Standard's
 * form parser keeps it: the '&' in front makes the constructor keep it too.)
 */
function reference(body: string) {
  const values = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(`&${body}`)) if (!values.has(name)) values.set(name, value);
  const requestString = body.split('&').filter((pair) => pair.split('=', 1)[0] !== 'rsig').join('&');
  return { values: Object.fromEntries(values), count: values.size, requestString };
}

test('the request string drops the rsig pair wherever it stands, and nothing else', () => {
  assert.equal(formRequestString('rsig=ab&a=1&rsigx=2'), 'a=1&rsigx=2');
  assert.equal(formRequestString('a=1&&b=2&rsig=ff'), 'a=1&&b=2');
  assert.equal(formRequestString(''), '');
});

test('parameters decode as URLSearchParams does: +, percent-encoded UTF-8, bad escapes, the first occurrence', () => {
  const form = readFormBody('name=Ana+Mar%C3%ADa&name=Other&bad=%E2%82&pct=100%&plus=%2B&empty&=v&__proto__=x&rsig=aa');
  assert.deepEqual(form.values, reference('name=Ana+Mar%C3%ADa&name=Other&bad=%E2%82&pct=100%&plus=%2B&empty&=v&__proto__=x&rsig=aa').values);
  assert.equal(form.values['name'], 'Ana María');
  assert.equal(form.values['bad'], '\uFFFD');
  assert.equal(form.values['pct'], '100%');
  assert.equal(form.values['plus'], '+');
  assert.equal(Object.getPrototypeOf(form.values), Object.prototype, 'a pair named __proto__ stays data');
  assert.equal(Object.getOwnPropertyDescriptor(form.values, '__proto__')?.value, 'x');
  assert.equal(form.count, 8);
});

test('on arbitrary bodies it reads exactly what the two readings read', () => {
  const piece = fc.constantFrom('&', '=', '+', '%', '%2', '%C3', '%A9', '%zz', 'rsig', 'r', 'a', '__proto__', 'é', '😀', ' ', '%E2%82%AC');
  fc.assert(
    fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 30 }), (pieces) => {
      const body = pieces.join('');
      assert.deepEqual(readFormBody(body), reference(body));
    }),
    { numRuns: 2000 },
  );
});
