// Attacks on the key callback, reproduced against a real service and proxy: a recorded callback
// sent again within its 5-minute window is refused, also after a restart; a recorded older
// decision ("denied" before the grant) cannot flip the key back; two decisions from the same
// second make the proxy ask the service; and a flood of forged callbacks writes one log line a
// window, not one each.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { callbackSignature } from '../../../src/shared/signing.js';
import { judgeOutcome } from '../../../src/proxy/keys/key-decision-order.js';
import type { KeyRecord } from '../../../src/proxy/keys/key-store.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';

const record = (status: KeyRecord['status'], decided_at?: number, auth_key?: string): KeyRecord => ({
  petition_id: 1,
  source: 's',
  status,
  updated_at: '2026-11-22T10:00:00.000Z',
  ...(auth_key ? { auth_key } : {}),
  ...(decided_at !== undefined ? { decided_at } : {}),
});

test('decisions are ordered by the service\'s clock: older ignored, the same second in doubt for a callback', () => {
  const granted = record('granted', 1000, 'k1');
  assert.equal(judgeOutcome(undefined, { status: 'denied' }, { kind: 'callback', at: 1 }), 'apply');
  assert.equal(judgeOutcome(record('pending'), { status: 'granted', auth_key: 'k1' }, { kind: 'callback', at: 1 }), 'apply');
  assert.equal(judgeOutcome(granted, { status: 'denied' }, { kind: 'callback', at: 999 }), 'older');
  assert.equal(judgeOutcome(granted, { status: 'revoked' }, { kind: 'callback', at: 1001 }), 'apply');
  assert.equal(judgeOutcome(granted, { status: 'granted', auth_key: 'k1' }, { kind: 'callback', at: 1000 }), 'unchanged');
  assert.equal(judgeOutcome(granted, { status: 'revoked' }, { kind: 'callback', at: 1000 }), 'in doubt');
  assert.equal(judgeOutcome(granted, { status: 'granted', auth_key: 'k2' }, { kind: 'callback', at: 1000 }), 'in doubt');
  // The service's answer to our own request cannot be replayed: the same second is enough for it.
  assert.equal(judgeOutcome(granted, { status: 'revoked' }, { kind: 'answer', at: 1000 }), 'apply');
  assert.equal(judgeOutcome(granted, { status: 'revoked' }, { kind: 'answer', at: 999 }), 'older');
  assert.equal(judgeOutcome(granted, { status: 'revoked' }, { kind: 'answer', at: undefined }), 'apply');
});

describe('callbacks against a real service and proxy', () => {
  let stack: Stack;
  let petition: number;
  let authKey: string;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    authKey = stack.storedKeys()[0]!.auth_key!;
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  /** A callback as the service signs one, stamped `timestamp` (Unix seconds). */
  async function signed(status: 'granted' | 'denied' | 'revoked', timestamp: number, secret = stack.credentials.secret) {
    const body = JSON.stringify({
      status,
      petition_id: petition,
      source_description: 'campaign website',
      source: stack.config.petitions[0]!.source,
      requester_email: 'team@example.org',
      ...(status === 'denied' ? {} : { auth_key: authKey }),
    });
    const headers = {
      'content-type': 'application/json',
      'x-petition-timestamp': String(timestamp),
      'x-petition-signature': await callbackSignature(secret, String(timestamp), body),
    };
    return () => stack.call('POST', '/callbacks/auth-keys', { headers, body });
  }

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const keyStatus = () => stack.storedKeys()[0]?.status;
  const submit = async () => (await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) })).status;

  test('a recorded "denied" from before the grant is acknowledged and ignored: the key stays granted', async () => {
    const decidedAt = stack.storedKeys()[0] as unknown as { decided_at?: number };
    assert.ok(decidedAt.decided_at! > 0, 'the grant is dated by the service\'s callback');
    const recordedDenial = await signed('denied', decidedAt.decided_at! - 60);
    const answer = await recordedDenial();
    assert.equal(answer.status, 200);
    assert.equal(keyStatus(), 'granted');
    assert.equal(await submit(), 202);
    assert.ok(stack.logs.some((line) => line.includes('an older decision (denied) ignored')), stack.logs.join('\n'));
  });

  test('the same callback sent twice within its window is refused the second time, also after a restart', async () => {
    const revocation = await signed('revoked', nowSeconds() + 1);
    assert.equal((await revocation()).status, 200);
    assert.equal(keyStatus(), 'revoked');
    const replayed = await revocation();
    assert.equal(replayed.status, 401);
    assert.deepEqual(replayed.json(), { result: 'failure', messages: ['X-Petition-Signature: this callback was received before'] });

    // A newer grant, then the grant's recording replayed after a restart of the proxy.
    const grant = await signed('granted', nowSeconds() + 2);
    assert.equal((await grant()).status, 200);
    assert.equal(keyStatus(), 'granted');
    await stack.stopProxy();
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    assert.equal((await revocation()).status, 401, 'the revocation\'s recording, replayed after the restart');
    assert.equal((await grant()).status, 401);
    assert.equal(keyStatus(), 'granted');
    assert.equal(await submit(), 202);
  });

  test('another decision from the same second: not acknowledged (503), and the service is asked', async () => {
    const decidedAt = (stack.storedKeys()[0] as unknown as { decided_at: number }).decided_at;
    stack.relay.reset();
    const tie = await signed('denied', decidedAt);
    const answer = await tie();
    assert.equal(answer.status, 503);
    assert.ok(Number(answer.headers['retry-after']) > 0);
    await eventually(() => stack.relay.count(`POST /v1/petitions/${petition}/auth_keys`) >= 1, 5000, 'the proxy to ask the service');
    // The service says granted (its answer is dated now, later than the tie).
    await eventually(() => stack.logs.some((line) => line.includes('asking the service')), 5000, 'the log line');
    assert.equal(keyStatus(), 'granted');
    assert.equal(await submit(), 202);
  });

  test('no secret, key or personal data in any response or log line', () => {
    stack.storedKeys();
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a flood of forged callbacks', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ proxy: { logSummaryMs: 3000 } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('401 each, one log line at once, then one line per window with the count', async () => {
    const body = JSON.stringify({ status: 'revoked', petition_id: stack.petitionIds[0], source_description: 'x', source: 'y', requester_email: 'a@example.org' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', 'x-petition-timestamp': timestamp, 'x-petition-signature': await callbackSignature('not-the-secret', timestamp, body) };
    const refusals = () => stack.logs.filter((line) => line.startsWith('callbacks refused'));
    const started = Date.now();
    for (let i = 0; i < 50; i++) assert.equal((await stack.call('POST', '/callbacks/auth-keys', { headers, body })).status, 401);
    assert.ok(Date.now() - started < 3000, 'the flood fits in one window');
    assert.equal(refusals().length, 1, refusals().join('\n'));
    await eventually(() => refusals().length === 2, 8000, 'the window\'s summary');
    assert.match(refusals()[1]!, /^callbacks refused: 49 more in the last 3 s \(49 forged signature\)$/);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    assert.equal(refusals().length, 2, 'nothing more once the flood stopped');
    assert.equal(stack.storedKeys()[0]?.status, 'granted');
    assert.deepEqual(stack.leaks(), []);
  });
});
