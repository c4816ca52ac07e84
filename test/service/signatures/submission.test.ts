// Conformance of POST petitions/:id/signatures over real HTTP: validation, duplicates, bodies, and
// the listing that follows. Signing: submission-signing.test.ts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formEncode } from '../../../src/shared/signing.js';
import { BODY_LIMIT_BYTES } from '../../../src/service/http/request-body.js';
import {
  eventually,
  failureMessages,
  getJson,
  grantedKey,
  postForm,
  signaturesPath,
  signerFields,
  startTestService,
  submitSignature,
} from '../harness.js';
import type { TestService } from '../harness.js';

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

describe('signer data', () => {
  test('an empty POST is 400 "No signature data received."', async () => {
    assert.deepEqual(await failureMessages(await postForm(t, signaturesPath(t.petitionId), ''), 400), ['No signature data received.']);
  });

  test('a signed POST with no signer fields is 400 "No signature data received."', async () => {
    assert.deepEqual(await failureMessages(await submitSignature(t, source, key, []), 400), ['No signature data received.']);
  });

  test('so is an unsigned POST with no signer fields, form or JSON: no signature data, whatever else', async () => {
    const path = signaturesPath(t.petitionId);
    for (const [body, type] of [
      [formEncode([['api_key', t.consumer.api_key]]), 'application/x-www-form-urlencoded'],
      [formEncode([['api_key', t.consumer.api_key], ['source', source], ['first_name', ' ']]), 'application/x-www-form-urlencoded'],
      [JSON.stringify({ api_key: t.consumer.api_key, timestamp: new Date().toISOString() }), 'application/json'],
    ]) {
      assert.deepEqual(await failureMessages(await postForm(t, path, body!, type), 400), ['No signature data received.'], body);
    }
  });

  test('each invalid field gets one message naming it, in form order', async () => {
    const fields = signerFields({ first_name: ' ', email: 'not-an-email', country_code: 'XX', reason: 'r'.repeat(1001) });
    const messages = await failureMessages(await submitSignature(t, source, key, fields), 400);
    assert.deepEqual(messages, [
      'first_name: Enter your first name',
      'email: Enter an email address in the correct format, like name@example.com',
      'country_code: Select your country from the list',
      'reason: Reason for signing must be 1000 characters or fewer',
    ]);
  });

  test('hidden must be true/false/1/0', async () => {
    const messages = await failureMessages(await submitSignature(t, source, key, signerFields({ hidden: 'maybe' })), 400);
    assert.match(messages[0]!, /^hidden: /);
  });

  test('state_province is required where the country needs it', async () => {
    const fields = signerFields({ country_code: 'US', state_province: '', city: 'Boston', postal_code: '02108' });
    assert.deepEqual(await failureMessages(await submitSignature(t, source, key, fields), 400), ['state_province: Enter your state or province']);
  });

  test('postal codes and subdivisions are checked against the country\'s address data', async () => {
    const refused = async (fields: Record<string, string>) => failureMessages(await submitSignature(t, source, key, signerFields(fields)), 400);
    assert.deepEqual(await refused({ country_code: 'US', state_province: 'XX', postal_code: 'ABCDE' }), [
      'state_province: State or province: select one from the list',
      'postal_code: Enter a postal code like 95014',
    ]);
    assert.deepEqual(await refused({ country_code: 'ES', state_province: 'Madrid', postal_code: '280' }), ['postal_code: Enter a postal code like 28039']);
    assert.deepEqual(await refused({ country_code: 'AE', state_province: 'OR', postal_code: '97201' }), ['state_province: State or province: select one from the list']);
    for (const fields of [
      { country_code: 'US', state_province: 'CA', postal_code: '95014-2083' },
      { country_code: 'GB', state_province: '', postal_code: 'sw1a1aa' },
      { country_code: 'CA', state_province: 'ON', postal_code: 'K1A 0B1' },
      { country_code: 'IE', state_province: 'Co. Dublin', postal_code: 'D02 X285' },
      { country_code: 'AE', state_province: 'Dubai', postal_code: '' },
    ]) {
      assert.equal((await submitSignature(t, source, key, signerFields(fields))).status, 202, JSON.stringify(fields));
    }
  });

  test('SQL- and script-looking text is stored and returned verbatim as data', async () => {
    const first = "Robert'); DROP TABLE signatures;--";
    const last = '<script>alert(1)</script>';
    assert.equal((await submitSignature(t, source, key, signerFields({ first_name: first, last_name: last }))).status, 202);
    const page = await eventually(listed, (r) => r.body.signatures.some((s: any) => s.name === `${first} ${last}`), 1000);
    assert.ok(page.body.signatures.some((s: any) => s.name === `${first} ${last}`));
  });
});

describe('duplicates', () => {
  test('the same email again is 409 naming the email field, queued or already listed', async () => {
    const email = `dup.${process.pid}@example.org`;
    assert.equal((await submitSignature(t, source, key, signerFields({ email }))).status, 202);
    const queued = await failureMessages(await submitSignature(t, source, key, signerFields({ email })), 409);
    assert.deepEqual(queued, ['email: This email address has already signed this petition']);
    await eventually(listed, (r) => r.body.signatures.length > 0, 1000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal((await submitSignature(t, source, key, signerFields({ email: email.toUpperCase() }))).status, 409);
  });

  test('Gmail dots, +tags and googlemail.com count as the same address', async () => {
    assert.equal((await submitSignature(t, source, key, signerFields({ email: `jane.doe${process.pid}@gmail.com` }))).status, 202);
    for (const variant of [`janedoe${process.pid}+petition@gmail.com`, `Jane.Doe${process.pid}@googlemail.com`]) {
      assert.equal((await submitSignature(t, source, key, signerFields({ email: variant }))).status, 409);
    }
  });

  test('two submissions of one email at the same moment: one 202, one 409', async () => {
    const email = `race.${process.pid}@example.org`;
    const answers = await Promise.all([1, 2, 3].map(() => submitSignature(t, source, key, signerFields({ email }))));
    assert.deepEqual(answers.map((r) => r.status).sort(), [202, 409, 409]);
  });
});

describe('bodies', () => {
  test('other content types are 415', async () => {
    const response = await postForm(t, signaturesPath(t.petitionId), 'first_name=Ada', 'text/plain');
    assert.match((await failureMessages(response, 415))[0]!, /^Content-Type: /);
  });

  test('a body over the limit is 413', async () => {
    const response = await postForm(t, signaturesPath(t.petitionId), `reason=${'x'.repeat(BODY_LIMIT_BYTES)}`);
    assert.match((await failureMessages(response, 413))[0]!, /^body: /);
  });

  test('malformed JSON is 400, and so is JSON that is not an object', async () => {
    assert.match((await failureMessages(await postForm(t, signaturesPath(t.petitionId), '{"a":', 'application/json'), 400))[0]!, /^body: /);
    assert.match((await failureMessages(await postForm(t, signaturesPath(t.petitionId), '[1,2]', 'application/json'), 400))[0]!, /^body: /);
  });
});
