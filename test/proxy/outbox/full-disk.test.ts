// The proxy's data folder on a full file system of the test's own (a small tmpfs): a signature
// that cannot be stored is answered 503 with Retry-After, never 202 and never 500, and every
// signature answered 202 reaches the service exactly once. The first case lost every signature
// queued on a full disk while answering 202 (an INSERT … RETURNING whose commit failed unseen).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../../support/tmpfs.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';
import { WebhookReceiver } from '../webhook-receiver.js';
import { proofFor } from '../proof/solve.js';

const noTmpfs = tmpfsUnavailable();
const STORAGE_REFUSAL = 'This website cannot store signatures at the moment. Your signature was not received: try again in a minute.';

/** A 503 for a signature not stored: its Retry-After, the spec's body, nothing else. */
function assertNotStored(answer: { status: number; headers: Record<string, string>; body: string }): void {
  assert.equal(answer.status, 503, answer.body);
  assert.equal(answer.headers['retry-after'], '30');
  assert.deepEqual(JSON.parse(answer.body), { result: 'failure', messages: [STORAGE_REFUSAL] });
}

describe('the data folder full while the service is down', { skip: noTmpfs ?? false }, () => {
  let tmpfs: Tmpfs;
  let stack: Stack;
  let petition: number;
  before(async () => {
    tmpfs = mountTmpfs(2048);
    stack = await new Stack({ config: { dataDir: join(tmpfs.dir, 'proxy') } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(async () => {
    await stack.close();
    tmpfs.close();
  });

  test('every 202 is delivered exactly once; what could not be stored is 503 with Retry-After, then taken on retry', async () => {
    await stack.stopService();
    const path = `/api/petitions/${petition}/signatures`;
    const answered: string[] = [];
    const refused: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 3; i++) {
      const fields = signer(stack);
      assert.equal((await stack.call('POST', path, { json: fields })).status, 202);
      answered.push(fields.email);
    }

    const filler = tmpfs.fill();
    for (let i = 0; i < 40; i++) {
      const fields = signer(stack);
      const answer = await stack.call('POST', path, { json: fields });
      if (answer.status === 202) answered.push(fields.email);
      else {
        assertNotStored(answer);
        refused.push(fields);
      }
    }
    assert.ok(refused.length > 0, 'a full disk refused no signature');
    const health = await stack.call('GET', '/healthz');
    assert.equal(health.status, 503);
    assert.match(health.body, /disk full, SQLITE_FULL/);
    assert.equal(stack.logs.filter((line) => line.startsWith('data folder cannot be written')).length, 1, stack.logs.join('\n'));

    rmSync(filler);
    // The signers try again, as their 503 says.
    for (const fields of refused) {
      const answer = await stack.call('POST', path, { json: fields });
      assert.equal(answer.status, 202, answer.body);
      answered.push(fields.email as string);
    }
    assert.equal((await stack.call('GET', '/healthz')).status, 200);
    assert.ok(stack.logs.some((line) => /^data folder writable again after \d+ s$/.test(line)), stack.logs.join('\n'));

    await stack.startService();
    const expected = [...answered].sort();
    await eventually(() => stack.serviceEmails(petition).length >= expected.length, 20_000, `${expected.length} signatures at the service`);
    // Exactly once: nothing missing, nothing twice, nothing more arriving from a stray entry.
    await eventually(async () => !(await stack.call('GET', '/healthz')).body.includes('failure'), 5000, 'a healthy proxy');
    assert.deepEqual(stack.serviceEmails(petition).sort(), expected);
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('the data folder full while the service is up', { skip: noTmpfs ?? false }, () => {
  let tmpfs: Tmpfs;
  let stack: Stack;
  let crm: WebhookReceiver;
  before(async () => {
    tmpfs = mountTmpfs(2048);
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    // Petition 1 asks for a proof of work (spending it is a write); petition 2 has a webhook.
    stack = await new Stack({
      petitionCount: 2,
      petitionConfig: (id) => (id === 1 ? { proofOfWork: 1000 } : { webhooks: [{ url: crm.url, secret: crm.secret }] }),
      config: { dataDir: join(tmpfs.dir, 'proxy') },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(async () => {
    await stack.close();
    await crm.stop();
    tmpfs.close();
  });

  test('a proof that cannot be spent is 503, and the signature never reached the service', async () => {
    const [withProof] = stack.petitionIds as [number];
    const proof = await proofFor(stack, withProof);
    const fields = signer(stack);
    const filler = tmpfs.fill();
    try {
      assertNotStored(await stack.call('POST', `/api/petitions/${withProof}/signatures`, { json: { ...fields, proof } }));
    } finally {
      rmSync(filler);
    }
    assert.deepEqual(stack.serviceEmails(withProof), []);
    // The proof was not spent: the signer's retry with it goes through.
    assert.equal((await stack.call('POST', `/api/petitions/${withProof}/signatures`, { json: { ...fields, proof } })).status, 202);
    assert.deepEqual(stack.serviceEmails(withProof), [fields.email]);
  });

  test('a signature the service took is 202 even when its webhook deliveries cannot be stored, and the log says so', async () => {
    const withWebhook = stack.petitionIds[1]!;
    const fields = signer(stack);
    const filler = tmpfs.fill();
    try {
      const answer = await stack.call('POST', `/api/petitions/${withWebhook}/signatures`, { json: fields });
      assert.equal(answer.status, 202, answer.body);
    } finally {
      rmSync(filler);
    }
    assert.deepEqual(stack.serviceEmails(withWebhook), [fields.email]);
    assert.ok(
      stack.logs.some((line) => line === `webhooks: a signature for petition ${withWebhook} was received but its deliveries could not be stored (SQLITE_FULL): its endpoints will not hear of it`),
      stack.logs.join('\n'),
    );
    assert.deepEqual(stack.leaks(), []);
  });
});
