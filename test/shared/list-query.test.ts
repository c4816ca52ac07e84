// readListQuery (src/shared/list-query.ts): the signature list's page, page_size and sort as
// docs/api.md "Reading signatures" gives them, each at its boundary and one past it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readListQuery } from '../../src/shared/list-query.js';

const read = (parameters: Record<string, string>) => readListQuery((name) => parameters[name]);
const PAGE_SIZE = 'page_size: must be a whole number from 1 (at most 100 are returned)';
const PAGE = 'page: must be a whole number from 1';
const SORT = 'sort: must be time_asc or time_desc';

test('nothing given: page 1 of 10, oldest first', () => {
  assert.deepEqual(read({}), { ok: true, query: { page: 1, pageSize: 10, sort: 'time_asc' } });
});

test('page_size from 1; above 100 read as 100, however long the number', () => {
  const sizes = ['1', '2', '01', '99', '100', '101', '1000', '99999999999999999999999'].map((text) => read({ page_size: text }));
  assert.deepEqual(
    sizes.map((reading) => (reading.ok ? reading.query.pageSize : reading.problems)),
    [1, 2, 1, 99, 100, 100, 100, 100],
  );
  for (const bad of ['0', '00', '', '-1', '+5', '1.5', '1e2', ' 5', '5 ', 'x5', '5x', 'ten']) {
    assert.deepEqual(read({ page_size: bad }), { ok: false, problems: [PAGE_SIZE] }, JSON.stringify(bad));
  }
});

test('page from 1, any number of digits; past 2^53 read as 2^53 - 1', () => {
  const pages = ['1', '2', '01', '10', '100', '9007199254740991', '99999999999999999999999'].map((text) => read({ page: text }));
  assert.deepEqual(
    pages.map((reading) => (reading.ok ? reading.query.page : reading.problems)),
    [1, 2, 1, 10, 100, 9_007_199_254_740_991, 9_007_199_254_740_991],
  );
  for (const bad of ['0', '00', '000', '', '-1', '+5', '1.5', ' 5', '5 ', 'x5', '5x', 'one']) {
    assert.deepEqual(read({ page: bad }), { ok: false, problems: [PAGE] }, JSON.stringify(bad));
  }
});

test('sort is time_asc or time_desc, nothing else', () => {
  assert.deepEqual(read({ sort: 'time_asc' }), { ok: true, query: { page: 1, pageSize: 10, sort: 'time_asc' } });
  assert.deepEqual(read({ sort: 'time_desc' }), { ok: true, query: { page: 1, pageSize: 10, sort: 'time_desc' } });
  for (const bad of ['', 'TIME_ASC', 'time_asc ', 'asc', 'desc']) {
    assert.deepEqual(read({ sort: bad }), { ok: false, problems: [SORT] }, JSON.stringify(bad));
  }
});

test('every parameter read together, and every problem named', () => {
  assert.deepEqual(read({ page: '3', page_size: '25', sort: 'time_desc' }), { ok: true, query: { page: 3, pageSize: 25, sort: 'time_desc' } });
  assert.deepEqual(read({ page: '0', page_size: '0', sort: 'new' }), { ok: false, problems: [PAGE_SIZE, PAGE, SORT] });
});
