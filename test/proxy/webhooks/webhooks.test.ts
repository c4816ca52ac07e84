// Consent and attribution delivered to the campaign's CRM: the petition's opt-ins in the summary,
// checked on submission, and every accepted signature delivered, signed, to each endpoint
// configured, once, through an endpoint that is down for a while, and removed once delivered.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_WEBHOOK_TIMING, webhookRetryDelay } from '../../../src/proxy/webhooks/webhooks.js';
import { webhookDatabasePath } from '../../../src/proxy/webhooks/webhook-sqlite.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';
import { WebhookReceiver } from '../webhook-receiver.js';
import { builtCli } from '../../../support/built-cli.js';

const OPT_INS = [
  { id: 'campaign-news', label: { en: 'Email me about this campaign', es: 'Quiero recibir correos sobre esta campaña' }, version: '2026-11' },
  { id: 'sms', label: { en: 'Text me when we win' }, version: '1' },
];

describe('opt-ins and webhooks', () => {
  let stack: Stack;
  let crm: WebhookReceiver;
  let backup: WebhookReceiver;
  let petition: number;
  before(async () => {
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    backup = await new WebhookReceiver('backup-secret-0123456789').start();
    stack = await new Stack({
      petitionConfig: () => ({
        optIns: OPT_INS,
        webhooks: [
          { url: crm.url, secret: crm.secret },
          { url: backup.url, secret: backup.secret },
        ],
      }),
      proxy: { webhookTiming: { ...DEFAULT_WEBHOOK_TIMING, retryBaseMs: 50, retryMaxMs: 200 } },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    stack.secrets.push(crm.secret, backup.secret);
    petition = stack.petitionIds[0]!;
  });
  after(async () => {
    await stack.close();
    await crm.stop();
    await backup.stop();
  });

  test('the summary carries the opt-ins with their words in every language and their version', async () => {
    const summary = (await stack.call('GET', `/api/petitions/${petition}`)).json() as { opt_ins: unknown };
    assert.deepEqual(summary.opt_ins, OPT_INS);
  });

  test('an accepted signature reaches every endpoint, signed, with the exact words ticked and where the signer came from', async () => {
    const fields = signer(stack, { first_name: 'Lucía', last_name: 'Hooked' });
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: {
        ...fields,
        opt_ins: ['campaign-news'],
        attribution: { utm_source: 'newsletter', utm_campaign: 'spring', referrer: 'https://news.example.org/story?token=private#top' },
        language: 'es-MX',
      },
    });
    assert.equal(answer.status, 202);
    await eventually(() => crm.received.length >= 1 && backup.received.length >= 1, 5000, 'both endpoints');
    const [delivered] = crm.received;
    assert.equal(delivered!.verdict, 'valid');
    assert.equal(backup.received[0]!.verdict, 'valid', 'each endpoint with its own secret');
    assert.equal(delivered!.contentType, 'application/json');
    const body = delivered!.body as Record<string, unknown>;
    assert.match(String(body['id']), /^sig_[0-9a-f-]{36}$/);
    assert.equal(delivered!.idempotencyKey, body['id']);
    assert.equal(backup.received[0]!.body['id'], body['id'], 'one event id for every endpoint');
    assert.equal(body['type'], 'signature.accepted');
    assert.deepEqual(body['petition'], { id: petition, source: `https://www.example.org/petition-${petition}` });
    assert.deepEqual(body['signer'], { ...fields, first_name: 'Lucía' });
    assert.deepEqual(body['opt_ins'], [{ id: 'campaign-news', label: 'Quiero recibir correos sobre esta campaña', language: 'es', version: '2026-11' }]);
    assert.deepEqual(body['attribution'], { utm_source: 'newsletter', utm_campaign: 'spring', referrer: 'https://news.example.org/story' });
    assert.equal(body['language'], 'es-MX');
    // Delivered everywhere: nothing of the signer is left in the proxy's data folder.
    await eventually(async () => {
      const files = readdirSync(stack.config.dataDir).filter((name) => name.startsWith('webhooks.sqlite'));
      return files.every((name) => !readFileSync(join(stack.config.dataDir, name)).includes(fields.email));
    }, 5000, 'the delivered signer to be gone from the webhook database');
  });

  test('opt-ins the petition does not offer, and attribution beyond utm_* and the referrer, are refused', async () => {
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ opt_ins: ['other-campaign'] }, /^opt_ins: other-campaign is not an opt-in of this petition$/],
      [{ opt_ins: 'campaign-news' }, /^opt_ins: must be a list of opt-in ids$/],
      [{ attribution: { gclid: 'x' } }, /^attribution: gclid is not a utm_\* parameter or the referrer$/],
      [{ attribution: { utm_source: 'x'.repeat(201) } }, /^attribution: utm_source must be at most 200 characters$/],
      [{ attribution: { referrer: 'javascript:alert(1)' } }, /^attribution: referrer must be an http or https URL$/],
      [{ language: 'no language' }, /^language: /],
    ];
    const before = crm.received.length;
    for (const [extra, message] of refusals) {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...signer(stack), ...extra } });
      assert.equal(answer.status, 400, JSON.stringify(extra));
      assert.match((answer.json() as { messages: string[] }).messages[0]!, message);
    }
    // A signer who ticks nothing is a signer all the same: no opt-ins, still delivered.
    assert.equal((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) })).status, 202);
    await eventually(() => crm.received.length === before + 1, 5000, 'the plain signature');
    assert.deepEqual(crm.received.at(-1)!.body['opt_ins'], []);
    // The next test counts the other endpoint's deliveries: this one must have reached it too.
    await eventually(() => backup.received.length === crm.received.length, 5000, 'the plain signature at the other endpoint');
  });

  test('an endpoint that is down gets each signature once it is back, exactly once, and the others are not held up', async () => {
    await crm.stop();
    const before = { crm: crm.received.length, backup: backup.received.length };
    const fields = signer(stack, { first_name: 'Patient' });
    // By this signer, so a delivery of an earlier test arriving late cannot be mistaken for it.
    const ofThisSigner = (receiver: WebhookReceiver, from: number) =>
      receiver.received.slice(from).filter((r) => (r.body['signer'] as { email: string } | undefined)?.email === fields.email);
    assert.equal((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields })).status, 202);
    await eventually(() => ofThisSigner(backup, before.backup).length === 1, 5000, 'the endpoint that is up');
    await eventually(() => stack.logs.some((line) => /^webhook delivery \d+: attempt 2 failed \(unreachable\)/.test(line)), 5000, 'retries');
    crm.answerWith = 503;
    await crm.start();
    await eventually(() => stack.logs.some((line) => /attempt \d+ failed \(HTTP 503\)/.test(line)), 5000, 'a 503 to be retried too');
    crm.answerWith = 204;
    // Tries answered 503 arrived before this point (one or more, as the machine's load has it).
    const switchedAt = crm.received.length;
    await eventually(() => ofThisSigner(crm, switchedAt).length >= 1, 5000, 'delivered after the 503');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.ok(ofThisSigner(crm, before.crm).length > ofThisSigner(crm, switchedAt).length, 'the 503 answers were received too');
    // Then one 204: delivered once, not again after that.
    assert.equal(ofThisSigner(crm, switchedAt).length, 1);
    assert.equal(ofThisSigner(backup, before.backup).length, 1, 'the endpoint that was up got it once');
  });

  test('`proxy webhook test` sends each endpoint a signed sample, and says which did not take it', async () => {
    const configPath = join(stack.dir, 'webhook-test.config.json');
    writeFileSync(configPath, JSON.stringify(stack.config), { mode: 0o600 });
    // Asynchronously: the endpoints answer from this process.
    const run = () =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [builtCli(), 'proxy', 'webhook', 'test', '--config', configPath],
          { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8', timeout: 30_000 },
          (error, stdout, stderr) => resolve({ status: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
        );
      });
    const before = backup.received.length;
    const good = await run();
    assert.equal(good.status, 0, `${good.stdout}\n${good.stderr}`);
    assert.deepEqual(good.stdout.trim().split('\n'), [`petition ${petition}: ${crm.url} HTTP 204`, `petition ${petition}: ${backup.url} HTTP 204`]);
    const sample = backup.received[before]!;
    assert.equal(sample.verdict, 'valid');
    assert.equal(sample.body['type'], 'signature.test');
    assert.deepEqual((sample.body['opt_ins'] as Array<{ id: string }>).map((o) => o.id), ['campaign-news', 'sms']);
    backup.answerWith = 500;
    try {
      const refused = await run();
      assert.equal(refused.status, 1);
      assert.match(refused.stdout, new RegExp(`${backup.url} HTTP 500$`, 'm'));
    } finally {
      backup.answerWith = 204;
    }
    assert.ok(!good.stdout.includes(backup.secret) && !good.stderr.includes(backup.secret));
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

test('webhook retries: about 10 s first, doubling, never more than the cap, jitter included', () => {
  const timing = DEFAULT_WEBHOOK_TIMING;
  assert.equal(webhookRetryDelay(1, timing, () => 0.5), 10_000);
  assert.equal(webhookRetryDelay(2, timing, () => 0.5), 20_000);
  for (const attempts of [10, 20, 100, 1e6]) {
    assert.equal(webhookRetryDelay(attempts, timing, () => 0.999), timing.retryMaxMs, String(attempts));
  }
  assert.ok(timing.giveUpAfterMs >= 3 * 24 * 3_600_000, 'retried for days');
});

describe('webhook deliveries kept on disk', () => {
  let stack: Stack;
  let crm: WebhookReceiver;
  before(async () => {
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    stack = await new Stack({
      petitionConfig: () => ({ webhooks: [{ url: crm.url, secret: crm.secret }] }),
      proxy: { webhookTiming: { ...DEFAULT_WEBHOOK_TIMING, retryBaseMs: 50, retryMaxMs: 100, giveUpAfterMs: 1500 } },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    stack.secrets.push(crm.secret);
  });
  after(async () => {
    await stack.close();
    await crm.stop();
  });

  test('a proxy killed with a delivery pending: the next proxy on the same data folder delivers it', async () => {
    const petition = stack.petitionIds[0]!;
    await crm.stop();
    await stack.stopProxy();
    const child = await stack.spawnProxy();
    const fields = signer(stack, { first_name: 'Survivor' });
    try {
      assert.equal((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields })).status, 202);
    } finally {
      // No clean shutdown: whatever was not on disk when the signer was answered is gone.
      await child.kill();
    }
    await crm.start();
    await stack.startProxy();
    // The killed proxy (default timing) may have tried once already and set the next try up to
    // 12 s later; the next proxy keeps that schedule.
    await eventually(() => crm.received.some((r) => (r.body['signer'] as { email: string }).email === fields.email), 15_000, 'the delivery the killed proxy owed');
  });

  test('a delivery an endpoint never takes is given up after its time, logged without the signer', async () => {
    const petition = stack.petitionIds[0]!;
    crm.answerWith = 500;
    const fields = signer(stack, { first_name: 'Abandoned' });
    assert.equal((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields })).status, 202);
    await eventually(() => stack.logs.some((line) => /^webhook delivery \d+ given up after \d+ attempts \(HTTP 500\)$/.test(line)), 5000, 'the delivery to be given up');
    const database = readFileSync(webhookDatabasePath(stack.config.dataDir));
    assert.equal(database.includes(fields.email), false, 'the signer is not kept after giving up');
    crm.answerWith = 204;
    assert.deepEqual(stack.leaks(), []);
  });
});
