// requestIdFrom (src/shared/observability/request-id.ts): an X-Request-Id is kept only as a
// token of 1 to 64 letters, digits, '.', '_' and '-'; anything else becomes a fresh UUID.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../../src/shared/observability/request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('the header is x-request-id', () => {
  assert.equal(REQUEST_ID_HEADER, 'x-request-id');
});

test('a short token is kept as sent: 1 to 64 of A-Z a-z 0-9 . _ -', () => {
  for (const sent of ['a', 'AZaz09._-', 'r-1', 'x'.repeat(64), '0', '9', 'Z', 'z']) assert.equal(requestIdFrom(sent), sent);
});

test('anything else is replaced by a fresh id', () => {
  const refused = ['', 'x'.repeat(65), ' abc', 'abc ', 'a b', 'a"b', 'a\nb', 'a/b', 'a:b', 'ü', 'abc\n', '\nabc'];
  const fresh = refused.map((sent) => requestIdFrom(sent));
  for (const [index, id] of fresh.entries()) assert.match(id, UUID, JSON.stringify(refused[index]));
  assert.equal(new Set(fresh).size, fresh.length, 'each one new');
  assert.match(requestIdFrom(undefined), UUID);
  // Sent twice: neither is taken.
  assert.match(requestIdFrom(['abc', 'def']), UUID);
  assert.match(requestIdFrom(['abc']), UUID);
});
