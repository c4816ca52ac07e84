// The authorization key lifecycle over real HTTP (docs/api.md "Authorization keys",
// "Callback delivery"): 202 then a signed callback, 200 with the payload afterwards, operator
// grant / deny / revoke, auto-grant, and retries after the receiver was down.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formEncode, signFormBody } from '../../../src/shared/signing.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import type { CallbackReceiver } from '../callback-receiver.js';
import {
  authKeysPath,
  eventually,
  keyRequestFields,
  postForm,
  signedPairs,
  signedPost,
  signerFields,
  startTestService,
  submitSignature,
} from '../harness.js';
import type { TestService } from '../harness.js';

async function requestKey(t: TestService, source: string, callback: string): Promise<{ status: number; body: any }> {
  const response = await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source, callback));
  return { status: response.status, body: await response.json() };
}

const requestId = async (t: TestService, source: string) => (await t.admin.listAuthKeys()).find((row) => row.source === source)!.id;

describe('operator decisions', () => {
  let t: TestService;
  let receiver: CallbackReceiver;
  before(async () => {
    t = await startTestService({ retryBaseMs: 100 });
    receiver = await startCallbackReceiver(t.consumer.secret);
  });
  after(async () => {
    await t.close();
    await receiver.close();
  });

  test('pending: 202, again 202, no callback; grant: one signed callback; then 200 with the payload', async () => {
    const source = 'https://grant.example.org/';
    assert.deepEqual(await requestKey(t, source, receiver.url), { status: 202, body: { result: 'success' } });
    assert.deepEqual(await requestKey(t, source, receiver.url), { status: 202, body: { result: 'success' } });
    const [row] = (await t.admin.listAuthKeys()).filter((r) => r.source === source);
    assert.equal(row!.status, 'pending');
    assert.equal('auth_key' in row!, false, 'the admin listing never shows the key');

    const granted = await t.admin.grant(row!.id);
    assert.equal(granted.status, 'granted');
    await eventually(() => receiver.received.length, (n) => n >= 1, 2000);
    assert.equal(receiver.received.length, 1);
    const callback = receiver.received[0]!;
    assert.equal(callback.verdict, 'valid');
    assert.equal(callback.contentType, 'application/json');
    assert.match(String(callback.payload['auth_key']), /^[0-9a-f]{64}$/);
    assert.deepEqual({ ...callback.payload, auth_key: undefined }, {
      status: 'granted',
      petition_id: t.petitionId,
      source_description: 'campaign website',
      source,
      requester_email: 'team@example.org',
      auth_key: undefined,
    });
    const again = await requestKey(t, source, receiver.url);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, callback.payload);

    const key = String(callback.payload['auth_key']);
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);

    await t.admin.revoke(row!.id);
    await eventually(() => receiver.received.length, (n) => n >= 2, 2000);
    assert.deepEqual(receiver.received[1]!.payload, { ...callback.payload, status: 'revoked' });
    assert.deepEqual((await requestKey(t, source, receiver.url)).body, { ...callback.payload, status: 'revoked' });
    const refused = await submitSignature(t, source, key, signerFields());
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), { result: 'failure', messages: ['auth_key: this authorization key has been revoked'] });
  });

  test('deny: a callback without auth_key, 200 denial afterwards, and submissions 401', async () => {
    const source = 'https://deny.example.org/';
    const before = receiver.received.length;
    assert.equal((await requestKey(t, source, receiver.url)).status, 202);
    await t.admin.deny(await requestId(t, source));
    await eventually(() => receiver.received.length, (n) => n > before, 2000);
    const payload = receiver.received[before]!.payload;
    assert.equal(payload['status'], 'denied');
    assert.equal('auth_key' in payload, false);
    assert.deepEqual((await requestKey(t, source, receiver.url)).body, payload);
    assert.equal((await submitSignature(t, source, 'a'.repeat(64), signerFields())).status, 401);
  });

  test('a transition that does not apply is refused with a reason', async () => {
    const id = await requestId(t, 'https://deny.example.org/');
    await assert.rejects(t.admin.revoke(id), /only granted requests can be revoked/);
    await assert.rejects(t.admin.grant(99999), /no authorization key request with id 99999/);
  });

  test('the key request is signed: unsigned 401; and its fields are checked: 400 per field', async () => {
    const unsigned = await postForm(t, authKeysPath(t.petitionId), formEncode([['api_key', t.consumer.api_key], ...keyRequestFields('x')]));
    assert.equal(unsigned.status, 401);
    const response = await signedPost(t, authKeysPath(t.petitionId), [
      ['source_description', ''],
      ['source', 'https://bad.example.org/'],
      ['requester_email', 'nobody'],
      ['callback_endpoint', 'ftp://example.org/cb'],
    ]);
    assert.equal(response.status, 400);
    assert.deepEqual((await response.json()).messages, [
      'source_description: is required',
      'requester_email: must be an email address, like name@example.com',
      'callback_endpoint: must be an http or https URL',
    ]);
  });

  test('key request limits: text up to 255 characters, callback_endpoint up to 2048; a field left out is required', async () => {
    const path = authKeysPath(t.petitionId);
    const longUrl = `https://limits.example.org/${'c'.repeat(2048)}`;
    const tooLong = await signedPost(t, path, [
      ['source_description', 'd'.repeat(256)],
      ['source', `https://limits.example.org/${'s'.repeat(230)}`],
      ['requester_email', 'team@example.org'],
      ['callback_endpoint', longUrl],
    ]);
    assert.equal(tooLong.status, 400);
    assert.deepEqual((await tooLong.json()).messages, [
      'source_description: must be 255 characters or fewer',
      'source: must be 255 characters or fewer',
      'callback_endpoint: must be 2048 characters or fewer',
    ]);
    const atLimit = await signedPost(t, path, [
      ['source_description', 'd'.repeat(255)],
      ['source', `https://limits.example.org/${'s'.repeat(255 - 27)}`],
      ['requester_email', 'team@example.org'],
      ['callback_endpoint', longUrl.slice(0, 2048)],
    ]);
    assert.equal(atLimit.status, 202);
    const missing = await signedPost(t, path, [['source', 'https://missing.example.org/']]);
    assert.deepEqual((await missing.json()).messages, [
      'source_description: is required',
      'requester_email: is required',
      'callback_endpoint: is required',
    ]);
  });

  test('the key request is signed as decided: stale, wrong endpoint, salted with a key: all 401', async () => {
    const path = authKeysPath(t.petitionId);
    const fields = () => keyRequestFields(`https://signing.example.org/${Math.random()}`, receiver.url);
    const messageOf = async (response: Response) => {
      assert.equal(response.status, 401);
      const body = (await response.json()) as { result: string; messages: string[] };
      assert.equal(body.result, 'failure');
      return body.messages[0]!;
    };
    assert.match(await messageOf(await signedPost(t, path, fields(), '', new Date(Date.now() - 6 * 60_000))), /^timestamp: more than 5 minutes/);
    const elsewhere = authKeysPath(t.petitionId + 1);
    const pairs = [['api_key', t.consumer.api_key], ...fields(), ['timestamp', new Date().toISOString()], ['endpoint', elsewhere]] as [string, string][];
    assert.match(await messageOf(await postForm(t, path, await signFormBody(pairs, t.consumer.secret))), /^endpoint: /);
    assert.match(await messageOf(await signedPost(t, path, fields(), 'a-key')), /^rsig: does not match/, 'AUTH_KEY is empty for key requests');
  });

  test('an identical key request sent again (same whole-second timestamp) is answered as the first: 202 while pending, 200 once decided', async () => {
    const path = authKeysPath(t.petitionId);
    const source = 'https://resent.example.org/';
    const body = await signFormBody(signedPairs(t, path, keyRequestFields(source, receiver.url), new Date(Math.floor(Date.now() / 1000) * 1000)), t.consumer.secret);
    for (let i = 0; i < 3; i++) assert.deepEqual([(await postForm(t, path, body)).status], [202]);
    const request = (await t.admin.listAuthKeys()).find((row) => row.source === source)!;
    assert.equal(request.deliveries.length, 0, 'no callback is queued for a request still pending');
    await t.admin.grant(request.id);
    const decided = await postForm(t, path, body);
    assert.equal(decided.status, 200);
    const payload = (await decided.json()) as { status: string; auth_key: string };
    assert.equal(payload.status, 'granted');
    assert.match(payload.auth_key, /^[0-9a-f]{64}$/);
    assert.equal((await t.admin.listAuthKeys()).find((row) => row.source === source)!.deliveries.length, 1, 'one delivery for one grant');
  });

  test('api_key may come in the query string of a POST', async () => {
    const path = authKeysPath(t.petitionId);
    const pairs = [...keyRequestFields('https://query-key.example.org/', receiver.url), ['timestamp', new Date().toISOString()], ['endpoint', path]] as [string, string][];
    const response = await postForm(t, `${path}?api_key=${t.consumer.api_key}`, await signFormBody(pairs, t.consumer.secret));
    assert.equal(response.status, 202);
  });

  test('the same source from another API consumer is another request', async () => {
    const source = 'https://grant.example.org/';
    const other = await t.admin.createConsumer('another consumer');
    const asOther = { ...t, consumer: other };
    assert.equal((await signedPost(asOther, authKeysPath(t.petitionId), keyRequestFields(source, receiver.url))).status, 202);
    const rows = (await t.admin.listAuthKeys()).filter((row) => row.source === source && row.petition_id === t.petitionId);
    assert.deepEqual(rows.map((row) => row.status).sort(), ['pending', 'revoked']);
  });

  test('fields are kept and echoed as sent: a source with spaces around it is that source', async () => {
    const source = '  https://spaced.example.org/ ';
    assert.equal((await requestKey(t, source, receiver.url)).status, 202);
    await t.admin.grant(await requestId(t, source));
    const { status, body } = await requestKey(t, source, receiver.url);
    assert.equal(status, 200);
    assert.equal(body.source, source);
    assert.equal((await submitSignature(t, source, body.auth_key, signerFields())).status, 202);
    assert.equal((await submitSignature(t, source.trim(), body.auth_key, signerFields())).status, 401);
  });

  test('the same source on another petition is another request', async () => {
    const { petition_id } = await t.admin.createPetition('Another');
    const response = await signedPost(t, authKeysPath(petition_id), keyRequestFields('https://grant.example.org/', receiver.url));
    assert.equal(response.status, 202);
  });
});

describe('auto-grant and retries', () => {
  test('auto-grant: the callback arrives at once; a receiver that was down gets it on retry', async () => {
    const t = await startTestService({ autoGrant: true, retryBaseMs: 100 });
    const receiver = await startCallbackReceiver(t.consumer.secret);
    try {
      receiver.answerWith = 503;
      const source = 'https://auto.example.org/';
      assert.equal((await requestKey(t, source, receiver.url)).status, 202);
      const failing = await eventually(
        async () => (await t.admin.listAuthKeys()).find((r) => r.source === source)!.deliveries[0]!,
        (d) => d.attempts >= 2,
        3000,
      );
      assert.equal(failing.state, 'pending');
      assert.ok(t.logs.some((line) => /callback delivery \d+: attempt \d+ failed \(HTTP 503\)/.test(line)));
      assert.ok(!t.logs.some((line) => line.includes(t.consumer.secret) || line.includes(receiver.url)));
      receiver.answerWith = 200;
      await eventually(() => receiver.received.length, (n) => n >= 1, 5000);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]!.verdict, 'valid');
      assert.equal(receiver.received[0]!.payload['status'], 'granted');
      // The receiver records the callback before it answers: the service marks it right after.
      const delivered = await eventually(async () => (await t.admin.listAuthKeys()).find((r) => r.source === source)!.deliveries[0]!, (d) => d.state === 'delivered', 2000);
      assert.equal(delivered.state, 'delivered');
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
