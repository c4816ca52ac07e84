// An outage of the service, as the Worker lives through it (the Node proxy's in
// test/proxy/outbox/outbox.test.ts and test/proxy/reads/outage.test.ts): a signature is answered
// "queued" and delivered once the service is back, by the Durable Object's alarm alone, exactly
// once; reads are answered from the last good answers, also after the Worker restarts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { eventually, signer } from '../stack.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

describe('the Worker across an outage of the service', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  let path: string;
  before(async () => {
    // Reads are cached for no time here, so each one asks the service (or its last good answer).
    stack = await new WorkerStack({ config: { cacheSeconds: 0 }, timing: { readPauseMs: 50 } }).start();
    path = `/api/petitions/${stack.petitionIds[0]}`;
    await eventually(async () => ((await (await stack.call('GET', path)).json()) as { key_status: string }).key_status === 'granted', 10_000, 'the key');
  });
  after(() => stack?.close());

  test('a signature sent while the service is down is answered 202 "queued" and delivered once after it, by the alarm', async () => {
    await stack.stopService();
    const fields = signer(stack);
    const answer = await stack.call('POST', `${path}/signatures`, { json: fields });
    assert.equal(answer.status, 202);
    assert.deepEqual(((await answer.json()) as { messages: string[] }).messages, [QUEUED_MESSAGE]);
    // Retries fail on while the service is away (the relay drops each connection).
    const tries = () => stack.relay.counts.get(`POST /v1/petitions/${stack.petitionIds[0]}/signatures`) ?? 0;
    await eventually(() => tries() >= 2, 5000, 'a retry during the outage');

    // No request reaches the Worker from here on: only its alarm can deliver the signature.
    await stack.startService();
    await eventually(() => stack.serviceEmails().includes(fields.email), 10_000, 'the queued signature at the service');
    const sent = tries();
    // A few more retry periods (retryMaxMs 400): a second send would have happened by now. The
    // service would refuse a second copy (409), so the sends are counted too, not only rows.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(stack.serviceEmails(), [fields.email]);
    assert.equal(tries(), sent, 'nothing sent after the delivery');
  });

  test('a signature queued before a restart of the Worker is delivered after it, by the alarm kept in storage', async () => {
    await stack.stopService();
    const fields = signer(stack);
    assert.equal((await stack.call('POST', `${path}/signatures`, { json: fields })).status, 202);
    // Every isolate and the object's memory go; only its storage (the outbox row, the stored
    // wake and the alarm) is left to bring the signature to the service.
    await stack.restartWorker();
    await stack.startService();
    await eventually(() => stack.serviceEmails().includes(fields.email), 10_000, 'the signature queued before the restart');
    assert.equal(stack.serviceEmails().filter((email) => email === fields.email).length, 1);
  });

  test('reads are answered from the last good answers while the service is down, also after a restart of the Worker', async () => {
    const fresh = await stack.call('GET', `${path}/signatures/recent`);
    assert.equal(fresh.status, 200);
    assert.equal(fresh.headers.get('x-petition-stale'), null);
    const freshBody = await fresh.json();

    await stack.stopService();
    await stack.restartWorker();
    const stale = await stack.call('GET', `${path}/signatures/recent`);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('x-petition-stale'), '1');
    assert.deepEqual(await stale.json(), freshBody);
    await stack.startService();
  });
});
