// Webhooks from the Worker (the Node proxy's in test/proxy/webhooks/webhooks.test.ts): an accepted
// signature goes, signed with the secret set as a Worker secret (named by "secretName"), to the
// campaign's endpoint, and again, by the Durable Object's alarm, after the endpoint failed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually, signer } from '../stack.js';
import { WebhookReceiver } from '../webhook-receiver.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

describe('webhooks from the Worker', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  let crm: WebhookReceiver;
  before(async () => {
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    stack = await new WorkerStack({
      petitionConfig: () => ({ webhooks: [{ url: crm.url, secretName: 'CRM_WEBHOOK_SECRET' }] }),
      secrets: { CRM_WEBHOOK_SECRET: crm.secret },
      timing: { webhookRetryBaseMs: 100, webhookRetryMaxMs: 300 },
    }).start();
    await eventually(async () => ((await (await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`)).json()) as { key_status: string }).key_status === 'granted', 10_000, 'the key');
  });
  after(async () => {
    await stack?.close();
    await crm?.stop();
  });

  test('an accepted signature is delivered to the endpoint, signed, and again after a failure', async () => {
    crm.answerWith = 500;
    const fields = signer(stack);
    assert.equal((await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { json: fields })).status, 202);
    await eventually(() => crm.received.length >= 1, 5000, 'the first attempt');

    // No request reaches the Worker from here on: the retry comes from the alarm.
    crm.answerWith = 204;
    await eventually(() => crm.received.length >= 2, 5000, 'the retry');
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(crm.received.length, 2, 'delivered, then no more');
    const [failed, delivered] = crm.received;
    assert.equal(delivered!.verdict, 'valid');
    assert.equal((delivered!.body['signer'] as { email: string }).email, fields.email);
    assert.equal(delivered!.idempotencyKey, failed!.idempotencyKey, 'the same event, retried');
  });
});
