// The Worker gets its authorization key through the signed callback, like the Node proxy
// (test/proxy/keys/keys.test.ts), and refuses a forged one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { callbackSignature } from '../../../src/shared/signing.js';
import { eventually } from '../stack.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

describe('the Worker\'s key, through the callback', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  let petition: number;
  before(async () => {
    stack = await new WorkerStack().start();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack?.close());

  const keyStatus = async () => ((await (await stack.call('GET', `/api/petitions/${petition}`)).json()) as { key_status: string }).key_status;

  test('the key requested at start is granted by the service\'s signed callback', async () => {
    // Polling is a minute apart (worker-stack.ts): only the callback can grant it this soon.
    await eventually(async () => (await keyStatus()) === 'granted', 10_000, 'the key to be granted');
    assert.equal(stack.relay.counts.get(`POST /v1/petitions/${petition}/auth_keys`), 1);
  });

  test('a forged callback is refused with 401 and changes nothing', async () => {
    const body = JSON.stringify({
      status: 'revoked',
      petition_id: petition,
      source_description: 'campaign website',
      source: `https://www.example.org/petition-${petition}`,
      requester_email: 'team@example.org',
    });
    const now = String(Math.floor(Date.now() / 1000));
    const forged = await stack.call('POST', '/callbacks/auth-keys', {
      headers: { 'content-type': 'application/json', 'x-petition-timestamp': now, 'x-petition-signature': await callbackSignature('not-the-secret', now, body) },
      body,
    });
    assert.equal(forged.status, 401);
    assert.equal(((await forged.json()) as { result: string }).result, 'failure');
    assert.equal(await keyStatus(), 'granted');
  });
});

describe('a fresh Worker whose first request ends at once', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  before(async () => {
    stack = await new WorkerStack().start();
  });
  after(() => stack?.close());

  test('a refused callback as the very first request leaves the next ones answered (no shared start hangs)', async () => {
    // The trial port's hang: a first request that ended before the start it had begun.
    const refused = await stack.call('POST', '/callbacks/auth-keys', { headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(refused.status, 401);
    const summary = await fetch(`${stack.url}/api/petitions/${stack.petitionIds[0]}`, { signal: AbortSignal.timeout(5000) });
    assert.equal(summary.status, 200);
    const script = await fetch(`${stack.url}/petition-embed.js`, { signal: AbortSignal.timeout(5000) });
    assert.equal(script.status, 200);
  });
});
