// Conformance of GET petitions/:id/signatures and …/recent (docs/api.md "Reading signatures",
// "Signatures"): defaults, limits, invalid values, page endpoints, hidden signers, authentication.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, startTestService, submitSignature, urlOf } from '../harness.js';
import type { TestService } from '../harness.js';

let t: TestService;
const source = 'https://list.example.org/';
const SEEDED = 250;

before(async () => {
  t = await startTestService();
  await t.admin.seed(t.petitionId, SEEDED);
});
after(() => t.close());

const list = (query: Record<string, string> = {}) => getJson(t, signaturesPath(t.petitionId), query);

describe('signature list parameters', () => {
  test('defaults: page 1, page_size 10, time_asc', async () => {
    const { status, body, headers } = await list();
    assert.equal(status, 200);
    assert.equal(headers.get('content-type'), 'application/json');
    assert.equal(headers.get('x-content-type-options'), 'nosniff');
    assert.equal(body.page, 1);
    assert.equal(body.signatures.length, 10);
    assert.equal(body.signature_count, SEEDED);
    assert.equal(body.prev_page_endpoint, null);
    assert.equal(body.next_page_endpoint, `/v1/petitions/${t.petitionId}/signatures?page=2&page_size=10&sort=time_asc`);
    const times = body.signatures.map((s: any) => s.signed_on);
    assert.deepEqual(times, [...times].sort());
  });

  test('page_size above 100 is 100; page_size 1 works', async () => {
    assert.equal((await list({ page_size: '500' })).body.signatures.length, 100);
    assert.equal((await list({ page_size: '99999999999999999999999' })).body.signatures.length, 100);
    assert.equal((await list({ page_size: '1' })).body.signatures.length, 1);
  });

  test('invalid page_size, page and sort are 400, one message per parameter', async () => {
    for (const value of ['0', '-1', '1.5', 'ten', '']) {
      const { status, body } = await list({ page_size: value });
      assert.equal(status, 400, `page_size=${value}`);
      assert.deepEqual(body, { result: 'failure', messages: ['page_size: must be a whole number from 1 (at most 100 are returned)'] });
    }
    for (const value of ['0', '-2', '2.0', 'last']) {
      assert.deepEqual((await list({ page: value })).body.messages, ['page: must be a whole number from 1']);
    }
    assert.deepEqual((await list({ sort: 'newest' })).body.messages, ['sort: must be time_asc or time_desc']);
    const all = await list({ page: 'x', page_size: 'y', sort: 'z' });
    assert.equal(all.body.messages.length, 3);
  });

  test('pages tile the list without gaps or overlaps, both ways, and desc is asc reversed', async () => {
    const first = await list({ page_size: '100' });
    const totalPages: number = first.body.total_pages;
    const asc: any[] = [];
    const desc: any[] = [];
    for (let page = 1; page <= totalPages; page++) {
      asc.push(...(await list({ page: String(page), page_size: '100' })).body.signatures);
      desc.push(...(await list({ page: String(page), page_size: '100', sort: 'time_desc' })).body.signatures);
    }
    assert.ok(asc.length < SEEDED && asc.length > SEEDED * 0.8, 'about 5 % are hidden');
    assert.equal(asc.length, SEEDED - Math.round(SEEDED * 0.05), 'exactly 5 %, rounded: the same count every time');
    assert.equal(totalPages, Math.ceil(asc.length / 100));
    assert.deepEqual(desc, [...asc].reverse());
    const times = asc.map((s) => s.signed_on);
    assert.deepEqual(times, [...times].sort());
  });

  test('the last page links back and not on; a page past the end is empty with next null', async () => {
    const { body: first } = await list({ page_size: '100' });
    const last = await list({ page: String(first.total_pages), page_size: '100' });
    assert.equal(last.body.next_page_endpoint, null);
    assert.equal(last.body.prev_page_endpoint, `/v1/petitions/${t.petitionId}/signatures?page=${first.total_pages - 1}&page_size=100&sort=time_asc`);
    const beyond = await list({ page: '1000', page_size: '100', sort: 'time_desc' });
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.body.signatures, []);
    assert.equal(beyond.body.next_page_endpoint, null);
  });

  test('recent: a plain array of the 10 newest, newest first', async () => {
    const { status, body } = await getJson(t, `${signaturesPath(t.petitionId)}/recent`);
    assert.equal(status, 200);
    assert.ok(Array.isArray(body));
    assert.equal(body.length, 10);
    const newest = (await list({ sort: 'time_desc' })).body.signatures;
    assert.deepEqual(body, newest);
  });
});

describe('an empty petition', () => {
  test('total_pages is 1, the page empty, recent empty', async () => {
    const { petition_id } = await t.admin.createPetition('Empty');
    const { body } = await getJson(t, signaturesPath(petition_id));
    assert.deepEqual(body, { signature_count: 0, prev_page_endpoint: null, next_page_endpoint: null, page: 1, total_pages: 1, signatures: [] });
    assert.deepEqual((await getJson(t, `${signaturesPath(petition_id)}/recent`)).body, []);
  });
});

describe('hidden signers', () => {
  test('counted in signature_count, never listed nor in recent; new public ones come after seeded history', async () => {
    const key = await grantedKey(t, source);
    const before = (await list()).body.signature_count as number;
    await submitSignature(t, source, key, signerFields({ first_name: 'Hidden', last_name: 'Person', hidden: 'true' }));
    await submitSignature(t, source, key, signerFields({ first_name: 'Public', last_name: 'Person', hidden: '0' }));
    const after = await eventually(() => list(), (r) => r.body.signature_count === before + 2, 1000);
    assert.equal(after.body.signature_count, before + 2);
    const recent = (await getJson(t, `${signaturesPath(t.petitionId)}/recent`)).body;
    assert.equal(recent[0].name, 'Public Person');
    assert.ok(!recent.some((s: any) => s.name === 'Hidden Person'));
    const { body: desc } = await list({ sort: 'time_desc', page_size: '100' });
    assert.ok(!desc.signatures.some((s: any) => s.name === 'Hidden Person'));
  });
});

describe('authentication and unknowns on GET', () => {
  test('missing or unknown api_key is 401', async () => {
    for (const query of ['', '?api_key=nope']) {
      const response = await fetch(urlOf(t, `${signaturesPath(t.petitionId)}${query}`));
      assert.equal(response.status, 401);
      assert.deepEqual(await response.json(), { result: 'failure', messages: ['api_key: missing or unknown'] });
    }
  });

  test('unknown petition is 404 "petition not found"; unknown path is 404 with the error body', async () => {
    assert.deepEqual((await getJson(t, signaturesPath(424242))).body, { result: 'failure', messages: ['petition not found'] });
    for (const path of ['/v1/petitions', '/v2/petitions/1/signatures', '/v1/petitions/1/signatures/oldest', '/']) {
      const { status, body } = await getJson(t, path);
      assert.equal(status, 404, path);
      assert.equal(body.result, 'failure');
    }
  });
});
