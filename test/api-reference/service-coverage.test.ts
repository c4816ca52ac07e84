// Every (operation, status) that docs/openapi/service.yaml lists, produced by a real service and
// checked against it (by the fetch check of validate-fetch.ts, or directly for bare-socket
// requests); and the document lists no answer these requests did not produce.
import './validate-fetch.js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Sqlite } from '../../src/sqlite.js';
import { BODY_LIMIT_BYTES } from '../../src/service/http/request-body.js';
import { startCallbackReceiver } from '../service/callback-receiver.js';
import {
  authKeysPath,
  grantedKey,
  keyRequestFields,
  postForm,
  signaturesPath,
  signedPost,
  signerFields,
  startTestService,
  submitSignature,
  urlOf,
  type TestService,
} from '../service/harness.js';
import { apiDocuments, OPERATION_METHODS, schemaValidator } from './api-documents.js';
import { assertDocumented, assertEveryAnswerProduced, rawRequest } from './coverage.js';

/** Answers no request here can produce on purpose: none. Add one only with the reason why. */
const EXEMPT = new Map<string, string>();

const service = apiDocuments().find((document) => document.name === 'service')!;

/** Every operation of the document as a method and a concrete path on a service. */
function operations(petitionId: number): { method: string; path: string }[] {
  return service.paths.flatMap(({ template, item }) =>
    OPERATION_METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path: `${service.basePath}${template.replace('{petition_id}', String(petitionId))}`,
    })),
  );
}

async function expect(response: Response | Promise<Response>, status: number): Promise<Response> {
  const answer = await response;
  assert.equal(answer.status, status, `${answer.url}: ${await answer.clone().text()}`);
  return answer;
}

describe('a service answering every documented status', () => {
  let t: TestService;
  let source = '';
  let authKey = '';
  const read = (path: string, query = '', apiKey?: string) => fetch(`${urlOf(t, path)}?api_key=${apiKey ?? t.consumer.api_key}${query}`);
  const unsigned = (path: string, fields: [string, string][]) =>
    postForm(t, path, new URLSearchParams([['api_key', t.consumer.api_key], ...fields]).toString());

  before(async () => {
    // Writes that wait on another process's lock give up after 100 ms (503) instead of 5 s.
    t = await startTestService({ busyTimeoutMs: 100 });
    await t.admin.updatePetition(t.petitionId, {
      overview: 'Keep Riverside Park green.',
      targets: ['The Mayor'],
      goal: '5000',
      end_at: '2099-12-31T23:59:59Z',
      url: 'https://www.example.org/save-the-park',
      image_url: 'https://www.example.org/park.jpg',
    });
    source = 'https://www.example.org/coverage';
    authKey = await grantedKey(t, source);
  });
  after(() => t.close());

  test('reads: 200, 400, 401, 404', async () => {
    const petition = `/v1/petitions/${t.petitionId}`;
    await expect(read('/v1/petitions/get_id', '&petition_url=https://WWW.example.org/save-the-park'), 200);
    await expect(read('/v1/petitions/get_id'), 400);
    await expect(read('/v1/petitions/get_id', '&petition_url=https://nowhere.example.org/', 'pk_unknown'), 401);
    await expect(read('/v1/petitions/get_id', '&petition_url=https://nowhere.example.org/'), 404);
    for (const path of [petition, signaturesPath(t.petitionId), `${petition}/signatures/recent`, `${petition}/signatures/breakdown`]) {
      await expect(read(path), 200);
      await expect(read(path, '', 'pk_unknown'), 401);
      await expect(read(path.replace(`/${t.petitionId}`, '/999999')), 404);
    }
    await expect(read(signaturesPath(t.petitionId), '&page_size=0&sort=newest'), 400);
  });

  test('signature submissions: 202, 400, 401, 403, 404, 409, 413, 415', async () => {
    const path = signaturesPath(t.petitionId);
    const fields = signerFields();
    await expect(submitSignature(t, source, authKey, fields), 202);
    await expect(submitSignature(t, source, authKey, fields), 409);
    await expect(postForm(t, path, ''), 400);
    await expect(submitSignature(t, source, 'f'.repeat(64), signerFields()), 401);
    const { petition_id: closed } = await t.admin.createPetition({ title: 'Closed', status: 'closed' });
    await expect(unsigned(signaturesPath(closed), signerFields()), 403);
    await expect(unsigned(signaturesPath(999999), signerFields()), 404);
    await expect(postForm(t, path, `reason=${'y'.repeat(BODY_LIMIT_BYTES)}`), 413);
    await expect(postForm(t, path, 'first_name=Ada', 'text/plain'), 415);
  });

  test('key requests: 200, 202, 400, 401, 404, 413, 415', async () => {
    const path = authKeysPath(t.petitionId);
    await expect(signedPost(t, path, keyRequestFields(source)), 200);
    await expect(signedPost(t, path, keyRequestFields('https://www.example.org/other')), 202);
    await expect(signedPost(t, path, [['source', 'https://www.example.org/third'], ['requester_email', 'nobody']]), 400);
    await expect(unsigned(path, keyRequestFields('https://www.example.org/unsigned')), 401);
    await expect(signedPost(t, authKeysPath(999999), keyRequestFields(source)), 404);
    await expect(postForm(t, path, `source=${'y'.repeat(BODY_LIMIT_BYTES)}`), 413);
    await expect(postForm(t, path, 'source=x', 'text/csv'), 415);
  });

  test('writes while another process holds the database: 503 with Retry-After', async () => {
    const holder = new Sqlite(t.dbPath);
    holder.exec('BEGIN IMMEDIATE');
    try {
      await expect(submitSignature(t, source, authKey, signerFields()), 503);
      await expect(signedPost(t, authKeysPath(t.petitionId), keyRequestFields('https://www.example.org/busy')), 503);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  test('anything unexpected (the petitions table gone): 500 on every operation that reads it', async () => {
    const vandal = new Sqlite(t.dbPath);
    vandal.exec('ALTER TABLE petitions RENAME TO petitions_gone');
    try {
      await expect(read('/v1/petitions/get_id', '&petition_url=https://www.example.org/save-the-park'), 500);
      for (const path of [`/v1/petitions/${t.petitionId}`, signaturesPath(t.petitionId), `/v1/petitions/${t.petitionId}/signatures/recent`, `/v1/petitions/${t.petitionId}/signatures/breakdown`]) {
        await expect(read(path), 500);
      }
      await expect(submitSignature(t, source, authKey, signerFields()), 500);
      await expect(signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source)), 500);
    } finally {
      vandal.exec('ALTER TABLE petitions_gone RENAME TO petitions');
      vandal.close();
    }
  });

  test('every method a path does not have: 405 with Allow (TRACE included, which fetch cannot send)', async () => {
    for (const { method, path } of operations(t.petitionId)) {
      const operation = service.paths.find((entry) => entry.pattern.test(path.slice(service.basePath.length)))!.item[method.toLowerCase()] as { responses: object };
      if (!('405' in operation.responses)) continue;
      assertDocumented(await rawRequest(t.service.port, method, path, ['Connection: close', 'Content-Length: 0'], ''), 405);
    }
  });

  test('the key-request outcome it posts is as the authKeyOutcome webhook says', async () => {
    const receiver = await startCallbackReceiver(t.consumer.secret);
    try {
      const hookSource = 'https://www.example.org/webhook';
      await expect(signedPost(t, authKeysPath(t.petitionId), keyRequestFields(hookSource, receiver.url)), 202);
      const request = (await t.admin.listAuthKeys()).find((row) => row.source === hookSource)!;
      await t.admin.grant(request.id);
      const deadline = Date.now() + 5000;
      while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      const [callback] = receiver.received;
      assert.ok(callback, 'the callback arrived');
      assert.equal(callback.verdict, 'valid', 'X-Petition-Timestamp and X-Petition-Signature as documented');
      assert.equal(callback.contentType, 'application/json');
      const validate = schemaValidator(service, '/components/schemas/AuthKeyOutcome');
      assert.ok(validate(callback.payload), JSON.stringify(validate.errors));
    } finally {
      await receiver.close();
    }
  });
});

test('from an address that spent its failed authentications: 429 with Retry-After on every operation', async () => {
  const t = await startTestService({ authFailuresPerMinute: 1 });
  try {
    await expect(fetch(`${urlOf(t, '/v1/petitions/1')}?api_key=pk_unknown`), 401);
    for (const { method, path } of operations(t.petitionId)) {
      assertDocumented(await rawRequest(t.service.port, method, path, ['Connection: close', 'Content-Length: 0'], ''), 429);
    }
  } finally {
    await t.close();
  }
});

test("what Node's parser refuses, on every operation: 400, 413 (headers) and 408, with the error body", async () => {
  const t = await startTestService({ connectionLimits: { headersTimeoutMs: 400, requestTimeoutMs: 800 } });
  try {
    const all = operations(t.petitionId);
    for (const { method, path } of all) {
      assertDocumented(await rawRequest(t.service.port, method, path, ['Content-Length: abc'], ''), 400);
      assertDocumented(await rawRequest(t.service.port, method, path, [`X-Padding: ${'a'.repeat(20_000)}`], ''), 413);
    }
    // The header deadline answers requests whose headers never end; all at once, to wait only once.
    const late = await Promise.all(all.map(({ method, path }) => rawRequest(t.service.port, method, path, ['X-Still-Typing: 1'], undefined)));
    for (const answer of late) assertDocumented(answer, 408);
  } finally {
    await t.close();
  }
});

test('service.yaml lists exactly the answers produced above', () => {
  assertEveryAnswerProduced('service', EXEMPT);
});
