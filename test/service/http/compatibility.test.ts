// What clients written for API v1 did, answered as they expect: ids that are not positive
// integers, POSTs without Content-Type, timestamps with offsets, pages beyond any real count,
// methods a path does not have.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { signFormBody } from '../../../src/shared/signing.js';
import {
  authKeysPath,
  eventually,
  getJson,
  grantedKey,
  postForm,
  signaturesPath,
  signerFields,
  startTestService,
  urlOf,
  failureMessages,
} from '../harness.js';
import type { Pairs, TestService } from '../harness.js';

let t: TestService;
let key: string;
const source = 'https://compatible.example.org/';

before(async () => {
  t = await startTestService({ rateLimitPerMinute: 100_000 });
  key = await grantedKey(t, source);
  await t.admin.seed(t.petitionId, 25);
});
after(() => t.close());

function signedSubmission(timestamp: string, path = signaturesPath(t.petitionId)): Promise<string> {
  const pairs: Pairs = [['api_key', t.consumer.api_key], ['source', source], ...signerFields(), ['timestamp', timestamp], ['endpoint', path]];
  return signFormBody(pairs, t.consumer.secret, key);
}

describe('petition ids that are not positive integers', () => {
  const badIds = ['wrongid', '0', '00', '-1', '1.5', '1e3', '0x1', '%20', '99999999999999999999'];

  test('every path answers 404 petition not found, as for an unknown petition', async () => {
    for (const id of badIds) {
      for (const path of [`/v1/petitions/${id}`, `/v1/petitions/${id}/signatures`, `/v1/petitions/${id}/signatures/recent`]) {
        const response = await fetch(`${urlOf(t, path)}?api_key=${t.consumer.api_key}`);
        assert.deepEqual(await failureMessages(response, 404), ['petition not found'], path);
      }
      for (const path of [`/v1/petitions/${id}/signatures`, `/v1/petitions/${id}/auth_keys`]) {
        const response = await postForm(t, path, `api_key=${t.consumer.api_key}&first_name=Ada`);
        assert.deepEqual(await failureMessages(response, 404), ['petition not found'], path);
      }
    }
    assert.deepEqual(await failureMessages(await fetch(`${urlOf(t, '/v1/petitions/987654/signatures')}?api_key=${t.consumer.api_key}`), 404), ['petition not found']);
  });
});

describe('request formats', () => {
  test('a POST without Content-Type is read as a form', async () => {
    const body = await signedSubmission(new Date().toISOString());
    const response = await fetch(urlOf(t, signaturesPath(t.petitionId)), { method: 'POST', body: new TextEncoder().encode(body) });
    assert.equal(response.status, 202, await response.clone().text());
  });

  test('timestamps with any UTC offset are accepted; their instant is what the window judges', async () => {
    const now = Date.now();
    const offset = (minutes: number, style: 'colon' | 'basic' = 'colon') => {
      const local = new Date(now + minutes * 60_000).toISOString().slice(0, 19);
      const sign = minutes < 0 ? '-' : '+';
      const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
      const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
      return `${local}${sign}${hh}${style === 'colon' ? ':' : ''}${mm}`;
    };
    for (const timestamp of [offset(-420), offset(0), offset(330), offset(0, 'basic'), offset(-600, 'basic'), new Date(now).toISOString()]) {
      assert.equal((await postForm(t, signaturesPath(t.petitionId), await signedSubmission(timestamp))).status, 202, timestamp);
    }
    // The same wall time with the wrong offset is hours away: outside the window.
    const wrongOffset = `${new Date(now).toISOString().slice(0, 19)}-07:00`;
    assert.match((await failureMessages(await postForm(t, signaturesPath(t.petitionId), await signedSubmission(wrongOffset)), 401))[0]!, /^timestamp: more than 5 minutes/);
    for (const malformed of ['2026-11-22 08:00:00Z', '2026-11-22T08:00:00', '2026-11-22T08:00Z', '2026-11-22T08:00:00+7', 'yesterday']) {
      assert.match((await failureMessages(await postForm(t, signaturesPath(t.petitionId), await signedSubmission(malformed)), 401))[0]!, /^timestamp: missing or not ISO 8601/, malformed);
    }
  });

  test('a page beyond any real page count, however many digits, is 200 with an empty page', async () => {
    const lastPage = (await getJson(t, signaturesPath(t.petitionId))).body.total_pages as number;
    for (const page of [String(lastPage + 1), '9007199254740993', '99999999999999999999', '1'.repeat(400)]) {
      const { status, body } = await getJson(t, signaturesPath(t.petitionId), { page });
      assert.equal(status, 200, page);
      assert.deepEqual(body.signatures, []);
      assert.equal(body.next_page_endpoint, null);
      assert.equal(body.total_pages, lastPage);
      assert.equal(body.prev_page_endpoint, `/v1/petitions/${t.petitionId}/signatures?page=${lastPage}&page_size=10&sort=time_asc`, 'back to the last page');
      assert.ok(Number.isSafeInteger(body.page) && body.page > lastPage);
    }
  });
});

describe('methods a path does not have', () => {
  test('405 with Allow and the error body; HEAD is GET without a body', async () => {
    const paths: [string, string][] = [
      [`/v1/petitions/${t.petitionId}`, 'GET, HEAD'],
      ['/v1/petitions/get_id', 'GET, HEAD'],
      [signaturesPath(t.petitionId), 'GET, HEAD, POST'],
      [`/v1/petitions/${t.petitionId}/signatures/recent`, 'GET, HEAD'],
      [authKeysPath(t.petitionId), 'POST'],
    ];
    for (const [path, allow] of paths) {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', ...(allow.includes('POST') ? [] : ['POST'])]) {
        const response = await fetch(`${urlOf(t, path)}?api_key=${t.consumer.api_key}`, { method, body: method === 'OPTIONS' ? undefined : 'x=1' });
        assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
        assert.match((await failureMessages(response, 405))[0]!, /^method not allowed/);
      }
    }
    const head = await fetch(`${urlOf(t, signaturesPath(t.petitionId))}?api_key=${t.consumer.api_key}`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    const postOnly = await fetch(`${urlOf(t, authKeysPath(t.petitionId))}?api_key=${t.consumer.api_key}`, { method: 'HEAD' });
    assert.equal(postOnly.status, 405);
    assert.equal(postOnly.headers.get('allow'), 'POST');
  });

  test('an unknown path under /v1 is still 404', async () => {
    assert.match((await failureMessages(await fetch(urlOf(t, '/v1/petitions/1/comments')), 404))[0]!, /^not found/);
    assert.match((await failureMessages(await fetch(urlOf(t, '/v2/petitions/1')), 404))[0]!, /^not found/);
  });
});

describe('listing stays right after compatibility answers', () => {
  test('what was accepted above is listed', async () => {
    const page = await eventually(() => getJson(t, signaturesPath(t.petitionId)), (r) => r.body.signature_count >= 25 + 7, 2000);
    assert.ok(page.body.signature_count >= 25 + 7);
  });
});
