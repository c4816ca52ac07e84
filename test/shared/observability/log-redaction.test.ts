// redactFields (src/shared/observability/log-redaction.ts): keys naming personal data or secrets
// are replaced at any depth and in any spelling; other keys kept; nesting cut at its limit; an
// error reduced to its kind and code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactFields } from '../../../src/shared/observability/log-redaction.js';

const R = '[redacted]';

test('every key naming personal data or a secret is replaced, whatever its spelling', () => {
  const keys = [
    'email', 'signerEmail', 'address', 'ip_address', 'phone', 'postcode', 'signer_name', 'firstName', 'last_name',
    'FULLNAME', 'apiKey', 'api_key', 'X-Api-Key', 'secret', 'consumerSecret', 'authKey', 'auth_key', 'token',
    'withdrawal_token', 'password', 'Authorization', 'cookie', 'Set-Cookie', 'name', 'Name', 'NAME', '_name_',
  ];
  const fields = Object.fromEntries(keys.map((key) => [key, 'personal']));
  assert.deepEqual(redactFields(fields), Object.fromEntries(keys.map((key) => [key, R])));
});

test('other keys are kept as they are, names that only contain "name" or digits among them', () => {
  const fields = { petition_id: 7, hostname: 'db', route_name: '/v1', name0: 'x', name9: 'y', status: 503, ok: true, none: null, gone: undefined };
  assert.deepEqual(redactFields(fields), fields);
});

test('nesting: objects and arrays are cleaned at each level, and cut off past four levels', () => {
  assert.deepEqual(redactFields({ a: { email: 'e', b: [{ token: 't', c: 1 }] } }), { a: { email: R, b: [{ token: R, c: 1 }] } });
  // Objects: the fourth level is written, the fifth is not.
  assert.deepEqual(redactFields({ a: { b: { c: { d: { e: 1 } } } } }), { a: { b: { c: { d: { e: 1 } } } } });
  assert.deepEqual(redactFields({ a: { b: { c: { d: { e: {} } } } } }), { a: { b: { c: { d: { e: '[deep]' } } } } });
  assert.deepEqual(redactFields({ a: { b: { c: { d: [] } } } }), { a: { b: { c: { d: [] } } } });
  // Arrays count as a level too.
  assert.deepEqual(redactFields({ a: [[[{}]]] }), { a: [[[{}]]] });
  assert.deepEqual(redactFields({ a: [[[[{}]]]] }), { a: [[[['[deep]']]]] });
  assert.deepEqual(redactFields({ a: [[[{ b: {} }]]] }), { a: [[[{ b: '[deep]' }]]] });
  assert.deepEqual(redactFields({ a: [1, 'two', null] }), { a: [1, 'two', null] });
});

test('an error is written as its kind and code only, never its message', () => {
  const plain = new TypeError('could not reach ada@example.org');
  const coded = Object.assign(new Error('ada@example.org refused'), { code: 'ECONNREFUSED' });
  const numbered = Object.assign(new RangeError('x'), { code: 503 });
  assert.deepEqual(redactFields({ err: plain, failure: coded, nested: { numbered } }), {
    err: { name: 'TypeError' },
    failure: { name: 'Error', code: 'ECONNREFUSED' },
    nested: { numbered: { name: 'RangeError', code: '503' } },
  });
});
