// Conformance of POST petitions/:id/signatures over real HTTP, its signing (docs/api.md "Signing a
// request"): rsig, timestamp, endpoint, api_key and auth_key, and the listing that follows. Signer
// data, duplicates and bodies: submission.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeRsig, formEncode, jsonRequestString, signFormBody, signingTimestamp } from '../../../src/shared/signing.js';
import {
  eventually,
  failureMessages,
  getJson,
  grantedKey,
  postForm,
  signaturesPath,
  signedPairs,
  signerFields,
  startTestService,
  submitSignature,
} from '../harness.js';
import type { Pairs, TestService } from '../harness.js';

let t: TestService;
let key: string;
const source = 'https://www.example.org/save-the-park';

before(async () => {
  t = await startTestService();
  key = await grantedKey(t, source);
});
after(() => t.close());

function listed(): Promise<{ status: number; body: any }> {
  return getJson(t, signaturesPath(t.petitionId), { page_size: '100', sort: 'time_desc' });
}

describe('signed submission', () => {
  test('a good signature without auth_key in the body is 202 and listed within a second', async () => {
    const fields = signerFields({ first_name: 'Grace', last_name: 'Hopper' });
    const response = await submitSignature(t, source, key, fields);
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { result: 'success' });
    const page = await eventually(listed, (r) => r.body.signatures.some((s: any) => s.name === 'Grace Hopper'), 1000);
    const signature = page.body.signatures.find((s: any) => s.name === 'Grace Hopper');
    assert.deepEqual(Object.keys(signature).sort(), ['city', 'country_code', 'country_name', 'name', 'signed_on', 'state_province']);
    assert.equal(signature.country_name, 'United Kingdom');
    assert.match(signature.signed_on, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  test('a form post (answered ahead of the app), a JSON post and a form post with ?api_key are answered alike', async () => {
    const path = signaturesPath(t.petitionId);
    const ways = {
      form: async (target: string, pairs: Pairs, sign = key) =>
        postForm(t, target, await signFormBody(signedPairs(t, target, pairs), t.consumer.secret, sign)),
      json: async (target: string, pairs: Pairs, sign = key) => {
        const body: Record<string, unknown> = Object.fromEntries(signedPairs(t, target, pairs));
        body['rsig'] = await computeRsig(jsonRequestString(body), t.consumer.secret, sign);
        return postForm(t, target, JSON.stringify(body), 'application/json');
      },
      query: async (target: string, pairs: Pairs, sign = key) => {
        const [, ...rest] = signedPairs(t, target, pairs);
        const body = await signFormBody(rest, t.consumer.secret, sign);
        return postForm(t, `${target}?api_key=${t.consumer.api_key}`, body);
      },
    };
    const seen = (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      nosniff: response.headers.get('x-content-type-options'),
      cache: response.headers.get('cache-control'),
    });
    for (const [name, send] of Object.entries(ways)) {
      const fields = signerFields();
      const cases: Array<[string, Promise<Response>, number]> = [
        ['accepted', send(path, [['source', source], ...fields]), 202],
        ['wrong rsig', send(path, [['source', source], ...signerFields()], 'another key'), 401],
        ['unknown petition', send(signaturesPath(987654), [['source', source], ...signerFields()]), 404],
      ];
      for (const [what, answer, status] of cases) {
        const response = await answer;
        assert.deepEqual(seen(response), { status, type: 'application/json', nosniff: 'nosniff', cache: 'no-store' }, `${name}: ${what}`);
        await response.arrayBuffer();
      }
      const again = await send(path, [['source', source], ...fields]);
      assert.deepEqual(seen(again), { status: 409, type: 'application/json', nosniff: 'nosniff', cache: 'no-store' }, `${name}: duplicate`);
      assert.deepEqual(await again.json(), { result: 'failure', messages: ['email: This email address has already signed this petition'] });
    }
  });

  test('auth_key in the body is accepted too', async () => {
    assert.equal((await submitSignature(t, source, key, signerFields(), true)).status, 202);
  });

  test('a JSON body signs its fields form-encoded in order', async () => {
    const path = signaturesPath(t.petitionId);
    const body: Record<string, unknown> = Object.fromEntries(signedPairs(t, path, [['source', source], ...signerFields()]));
    body['hidden'] = false;
    body['rsig'] = await computeRsig(jsonRequestString(body), t.consumer.secret, key);
    const response = await postForm(t, path, JSON.stringify(body), 'application/json');
    assert.equal(response.status, 202);
  });

  test('a wrong rsig is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...signerFields()]), t.consumer.secret, 'not-the-key');
    assert.match((await failureMessages(await postForm(t, path, body), 401))[0]!, /^rsig: /);
  });

  test('a missing rsig is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const body = formEncode(signedPairs(t, path, [['source', source], ...signerFields()]));
    assert.match((await failureMessages(await postForm(t, path, body), 401))[0]!, /^rsig: /);
  });

  test('a body changed after signing is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...signerFields()]), t.consumer.secret, key);
    const tampered = body.replace('first_name=Ada', 'first_name=Eve');
    assert.match((await failureMessages(await postForm(t, path, tampered), 401))[0]!, /^rsig: /);
  });

  test('a timestamp more than five minutes off is 401, either way', async () => {
    for (const offset of [-6 * 60_000, 6 * 60_000]) {
      const response = await submitSignatureAt(new Date(Date.now() + offset));
      assert.match((await failureMessages(response, 401))[0]!, /^timestamp: more than 5 minutes/);
    }
  });

  test('a timestamp four minutes old is fine', async () => {
    assert.equal((await submitSignatureAt(new Date(Date.now() - 4 * 60_000))).status, 202);
  });

  test('a malformed timestamp is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const pairs: Pairs = [['api_key', t.consumer.api_key], ['source', source], ...signerFields(), ['timestamp', 'yesterday'], ['endpoint', path]];
    const response = await postForm(t, path, await signFormBody(pairs, t.consumer.secret, key));
    assert.match((await failureMessages(response, 401))[0]!, /^timestamp: /);
  });

  test('an endpoint other than the path requested is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const pairs: Pairs = [['api_key', t.consumer.api_key], ['source', source], ...signerFields(), ['timestamp', signingTimestamp()], ['endpoint', '/v1/petitions/999/signatures']];
    const response = await postForm(t, path, await signFormBody(pairs, t.consumer.secret, key));
    assert.match((await failureMessages(response, 401))[0]!, /^endpoint: /);
  });

  test('the same signed request sent again (same body, same whole-second timestamp) is a duplicate: 409, never 401', async () => {
    const path = signaturesPath(t.petitionId);
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...signerFields()], new Date(Math.floor(Date.now() / 1000) * 1000)), t.consumer.secret, key);
    assert.equal((await postForm(t, path, body)).status, 202);
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(await failureMessages(await postForm(t, path, body), 409), ['email: This email address has already signed this petition']);
    }
  });

  test('an unknown or missing api_key is 401', async () => {
    const path = signaturesPath(t.petitionId);
    const pairs: Pairs = [['api_key', 'pk_unknown'], ['source', source], ...signerFields()];
    assert.deepEqual(await failureMessages(await postForm(t, path, formEncode(pairs)), 401), ['api_key: missing or unknown']);
    assert.deepEqual(await failureMessages(await postForm(t, path, formEncode(signerFields())), 401), ['api_key: missing or unknown']);
  });

  test('a wrong auth_key in the body, or a source with no key, is 401', async () => {
    assert.match((await failureMessages(await submitSignature(t, source, 'f'.repeat(64), signerFields(), true), 401))[0]!, /^auth_key: /);
    assert.match((await failureMessages(await submitSignature(t, 'https://elsewhere.example', key, signerFields()), 401))[0]!, /^auth_key: /);
  });

  test('an unknown petition is 404, and so is an id that is not a positive integer', async () => {
    const response = await postForm(t, '/v1/petitions/999/signatures', formEncode([['api_key', t.consumer.api_key], ...signerFields()]));
    assert.deepEqual(await failureMessages(response, 404), ['petition not found']);
    const malformed = await postForm(t, '/v1/petitions/abc/signatures', formEncode([['api_key', t.consumer.api_key], ...signerFields()]));
    assert.deepEqual(await failureMessages(malformed, 404), ['petition not found']);
  });

  async function submitSignatureAt(when: Date): Promise<Response> {
    const path = signaturesPath(t.petitionId);
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...signerFields()], when), t.consumer.secret, key);
    return postForm(t, path, body);
  }
});
