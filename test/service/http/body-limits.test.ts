// The body limit admits every signature the schema accepts, in any script, once form-encoded,
// and refuses anything larger; a deeply nested JSON body is a 400 like any malformed body, before
// authentication, never a 500.
import { everyCountry } from '../../../src/shared/addresses/every-country.js';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BODY_LIMIT_BYTES } from '../../../src/service/http/request-body.js';
import { worstCaseSignedFormBytes } from '../../../src/shared/signed-body-limit.js';
import { OPT_INS_MAX } from '../../../src/shared/consent.js';
import { validateSigner } from '../../../src/shared/signature-schema.js';
import { signFormBody } from '../../../src/shared/signing.js';
import { authKeysPath, eventually, getJson, grantedKey, postForm, signaturesPath, signedPairs, startTestService, urlOf } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

const cjk = (length: number) => '中'.repeat(length);

test('the limit is computed from the schema: at least 16 KiB and above the worst case', () => {
  assert.ok(BODY_LIMIT_BYTES >= 16 * 1024);
  assert.ok(BODY_LIMIT_BYTES >= worstCaseSignedFormBytes());
  assert.equal(BODY_LIMIT_BYTES % 1024, 0);
});

test('a maximal valid signature in CJK script (every field at its limit) is accepted, not 413', async () => {
  const source = cjk(255);
  const key = await grantedKey(t, source);
  const signer: Record<string, string> = {
    first_name: cjk(255),
    last_name: cjk(255),
    email: `${'a'.repeat(64)}@${'b'.repeat(60)}.example.org`,
    address: cjk(255),
    city: cjk(255),
    state_province: cjk(255),
    postal_code: cjk(255),
    // Zimbabwe's addresses have no postal codes and no list of provinces: both are free text there.
    country_code: 'ZW',
    phone: cjk(255),
    reason: cjk(1000),
    hidden: 'false',
  };
  assert.ok(validateSigner(signer, everyCountry).success, 'the schema accepts it');
  const path = signaturesPath(t.petitionId);
  // Every opt-in a proxy may pass on, each id at its longest.
  const optIns = Array.from({ length: OPT_INS_MAX }, (_, i) => `${i}${'o'.repeat(63)}`).join(',');
  const pairs: Pairs = [['auth_key', key], ['source', source], ...Object.entries(signer), ['opt_ins', optIns]];
  const body = await signFormBody(signedPairs(t, path, pairs), t.consumer.secret, key);
  const bytes = Buffer.byteLength(body);
  assert.ok(bytes > 16 * 1024, `${bytes} bytes: beyond the old 16 KiB limit`);
  assert.ok(bytes <= BODY_LIMIT_BYTES);
  const response = await postForm(t, path, body);
  assert.equal(response.status, 202, await response.clone().text());
  const listed = await eventually(() => getJson(t, path), (r) => r.body.signatures.length === 1, 2000);
  assert.equal(listed.body.signatures[0].name, `${cjk(255)} ${cjk(255)}`);
});

test('one byte over the limit is 413, with Content-Length or chunked', async () => {
  const path = signaturesPath(t.petitionId);
  const over = `api_key=${t.consumer.api_key}&reason=${'y'.repeat(BODY_LIMIT_BYTES)}`.slice(0, BODY_LIMIT_BYTES + 1);
  assert.equal(Buffer.byteLength(over), BODY_LIMIT_BYTES + 1);
  const declared = await postForm(t, path, over);
  assert.equal(declared.status, 413);
  assert.deepEqual(await declared.json(), { result: 'failure', messages: [`body: larger than ${BODY_LIMIT_BYTES} bytes`] });
  const atLimit = await postForm(t, path, over.slice(0, BODY_LIMIT_BYTES));
  assert.notEqual(atLimit.status, 413, 'exactly the limit is read');
  const chunked = await fetch(urlOf(t, path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(over));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
  assert.equal(chunked.status, 413);
});

test('deeply nested JSON is 400 naming the parameter, before authentication, on both POST paths', async () => {
  const depth = 5000;
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  for (const path of [signaturesPath(t.petitionId), authKeysPath(t.petitionId)]) {
    for (const [body, message] of [
      [`{"first_name":${nested}}`, 'first_name: must be text, a number, true or false'],
      [`{"api_key":"${t.consumer.api_key}","rsig":${deepObject}}`, 'rsig: must be text, a number, true or false'],
      [nested, 'body: must be a JSON object of parameters'],
      [`{"api_key":${nested}}`, 'api_key: must be text, a number, true or false'],
    ] as const) {
      const response = await postForm(t, path, body, 'application/json');
      assert.equal(response.status, 400, `${path} ${body.slice(0, 20)}`);
      assert.deepEqual(await response.json(), { result: 'failure', messages: [message] });
    }
  }
  assert.ok(!t.logs.some((line) => line.includes('unexpected error')), t.logs.join('\n'));
});
