// A store that held a signer's data deletes its bytes, not only its rows: once the outbox has
// delivered its queue (and the webhooks theirs), no signer's email or street address is left
// anywhere in the proxy's data folder, the SQLite files and their -wal read as raw bytes.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_WEBHOOK_TIMING } from '../../../src/proxy/webhooks/webhooks.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';
import { WebhookReceiver } from '../webhook-receiver.js';

const QUEUED = 25;

/** Every file of the data folder (the databases, their -wal and -shm, the key file) whose raw bytes hold `text`. */
function filesHolding(dataDir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return readdirSync(dataDir).filter((name) => readFileSync(join(dataDir, name)).includes(needle));
}

describe('signers queued through an outage, then delivered', () => {
  let stack: Stack;
  let crm: WebhookReceiver;
  const signers: Array<{ email: string; address: string }> = [];
  before(async () => {
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    stack = await new Stack({
      petitionConfig: () => ({ webhooks: [{ url: crm.url, secret: crm.secret }] }),
      proxy: { webhookTiming: { ...DEFAULT_WEBHOOK_TIMING, retryBaseMs: 50, retryMaxMs: 200 } },
    }).start();
    await keysDecided(stack.proxy!);
  });
  after(async () => {
    await stack.close();
    await crm.stop();
  });

  test(`while queued, the outbox holds them; once ${QUEUED} are delivered, neither outbox.sqlite nor its -wal nor any other file does`, async () => {
    const petition = stack.petitionIds[0]!;
    await stack.stopService();
    for (let i = 0; i < QUEUED; i++) {
      const fields = signer(stack, { email: `erase.me.${i}.${Date.now()}@example.net`, address: `${1000 + i} Forgotten Avenue` });
      signers.push({ email: fields.email as string, address: fields.address as string });
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
      assert.equal(answer.status, 202);
    }
    const dataDir = stack.config.dataDir;
    assert.ok(existsSync(join(dataDir, 'outbox.sqlite-wal')));
    assert.deepEqual(filesHolding(dataDir, signers[0]!.email).filter((name) => name.startsWith('outbox')), ['outbox.sqlite-wal'], 'queued: on disk before the answer');

    await stack.startService();
    await eventually(() => crm.received.length >= QUEUED, 15_000, 'every webhook delivered');
    const listed = async () => {
      const answer = await fetch(`${stack.service!.baseUrl}/petitions/${petition}?api_key=${stack.credentials.api_key}`);
      return ((await answer.json()) as { signature_count: number }).signature_count === QUEUED;
    };
    await eventually(listed, 15_000, 'the outbox delivered to the service');
    // The service's 202 comes before the outbox deletes the entry.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { email, address } of signers) {
      assert.deepEqual(filesHolding(dataDir, email), [], email);
      assert.deepEqual(filesHolding(dataDir, address), [], address);
    }
  });
});
