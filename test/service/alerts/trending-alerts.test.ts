// Trending alerts through the running service: signatures submitted over the API with their
// origin, evaluated by the background loop, posted to a real webhook receiver on loopback
// (signed as callbacks: its own check verifies it), retried after a 500, shown in the console and
// dismissed there, audited.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCallbackReceiver } from '../callback-receiver.js';
import type { CallbackReceiver } from '../callback-receiver.js';
import { apiDocuments, schemaValidator } from '../../api-reference/api-documents.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';

const SECRET = 'an alert secret of at least thirty-two characters';
const EVALUATE_EVERY_MS = 100;
const source = 'https://www.example.org/trend';

let receiver: CallbackReceiver;
let f: ConsoleFixture;
let t: TestService;
let key: string;
let signer = 0;

before(async () => {
  receiver = await startCallbackReceiver(SECRET);
  f = await startConsoleFixture({
    alertWebhook: { url: receiver.url, secret: SECRET },
    trend: { everyMs: EVALUATE_EVERY_MS, minSignatures: 5, minSharePercent: 20 },
    retryBaseMs: 200,
    // Its gauge of the last evaluation says when one has seen what came before it.
    metrics: { host: '127.0.0.1', port: 0 },
  });
  t = f.t;
  key = await grantedKey(t, source);
});
after(async () => {
  await f?.close();
  await receiver?.close();
});

/** A signature from `address`, each signer with a mail domain of their own. */
async function sign(address: string): Promise<void> {
  signer++;
  const fields = signerFields({ email: `signer${signer}@mail${signer}.example.org` });
  const response = await submitSignature(t, source, key, [...fields, ['client_address', address]]);
  assert.equal(response.status, 202);
}

const alertRows = () =>
  readDatabase(t, (db) => db.prepare<[], { id: number; kind: string; group_key: string; count: number }>('SELECT id, kind, group_key, count FROM trending_alerts ORDER BY id').all());
const deliveryRows = () =>
  readDatabase(t, (db) => db.prepare<[], { state: string; attempts: number; last_outcome: string | null }>('SELECT state, attempts, last_outcome FROM alert_deliveries ORDER BY id').all());
/** When the last evaluation began, from /metrics (petition_service_trends_evaluated_timestamp_seconds), in ms. */
async function lastEvaluation(): Promise<number> {
  const text = await (await fetch(t.service.metricsUrl!)).text();
  return Number(/^petition_service_trends_evaluated_timestamp_seconds (\S+)$/m.exec(text)?.[1] ?? 0) * 1000;
}
/** Waits for `n` evaluations begun after this call, each of which has seen every signature answered before it. */
async function evaluations(n = 2): Promise<void> {
  for (let i = 0; i < n; i++) {
    const since = Date.now();
    const at = await eventually(lastEvaluation, (began) => began > since, 5000);
    assert.ok(at > since, `evaluation ${i + 1} of ${n}: the last began at ${at}, not after ${since}`);
  }
}

describe('trending alerts in the running service', () => {
  test('N-1 signatures from one /24 raise nothing; the Nth raises one alert, posted once, signed, retried after a 500', async () => {
    for (const host of [1, 2, 3]) await sign(`192.0.2.${host}`);
    for (const host of [7, 8, 9, 10]) await sign(`203.0.113.${host}`);
    await sign('203.0.114.1');
    await evaluations();
    assert.deepEqual(await alertRows(), [], 'four of the /24 (and one of the next) is under the threshold of five');

    receiver.answerWith = 500;
    await sign('203.0.113.200');
    await eventually(() => receiver.attempts, (attempts) => attempts >= 1, 5000);
    const alerts = await alertRows();
    assert.deepEqual(alerts.map(({ kind, group_key, count }) => [kind, group_key, count]), [['range', '203.0.113.0/24', 5]]);
    const failed = await eventually(deliveryRows, (rows) => rows[0]?.last_outcome === 'HTTP 500');
    assert.equal(failed[0]!.state, 'pending', 'a 500 is a failed attempt, retried');

    receiver.answerWith = 204;
    await eventually(() => receiver.received.length, (n) => n >= 1, 5000);
    await evaluations();
    assert.equal(receiver.received.length, 1, 'one post for the alert, not one per evaluation');
    assert.equal((await alertRows()).length, 1);
    assert.deepEqual((await deliveryRows()).map((row) => row.state), ['delivered']);
    const [post] = receiver.received;
    assert.equal(post!.verdict, 'valid', 'the receiver verifies the signature with the alert secret');
    assert.equal(post!.contentType, 'application/json');
    const payload = post!.payload as Record<string, any>;
    assert.deepEqual(
      { event: payload['event'], petition: payload['petition_id'], kind: payload['kind'], group: payload['group'], count: payload['count'], total: payload['window_total'] },
      { event: 'trending_alert', petition: t.petitionId, kind: 'range', group: '203.0.113.0/24', count: 5, total: 9 },
    );
    assert.equal(payload['share_percent'], 55.6);
    // As docs/openapi/service.yaml's trendingAlert webhook says, field for field (no other field).
    const validate = schemaValidator(apiDocuments().find((document) => document.name === 'service')!, '/components/schemas/TrendingAlert');
    assert.ok(validate(payload), JSON.stringify(validate.errors));
    assert.equal(payload['console_url'], `${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}`);
    assert.equal(Date.parse(payload['window']['to']) - Date.parse(payload['window']['from']), 60 * 60_000);
    // No signer's data: no email, no whole address.
    const text = JSON.stringify(payload);
    assert.doesNotMatch(text, /@|203\.0\.113\.(7|8|9|10|200)\b|Lovelace/);
  });

  test('the console lists it, on the petition too, and dismissing it is audited and done once', async () => {
    const [alert] = await alertRows();
    const list = pageText((await f.client.get('/admin/alerts')).body);
    assert.match(list, /Address range: 203\.0\.113\.0\/24/);
    assert.match(list, /5 of 9 \(55\.6 %\)/);
    assert.match(list, /Ongoing/);
    const petitionPage = await f.client.get(`/admin/petitions/${t.petitionId}`);
    assert.match(pageText(petitionPage.body), /Trending alerts[\s\S]*Address range: 203\.0\.113\.0\/24/);
    const link = new RegExp(`href="(/admin/petitions/${t.petitionId}/bulk-invalidation\\?range=203\\.0\\.113\\.0%2F24&amp;from=[^"]+)"`).exec(petitionPage.body);
    assert.ok(link, 'the alert links to the bulk invalidation form of its group');
    // The link fills the form in with the group and the window's start; nothing is invalidated until
    // the operator previews and confirms.
    const form = (await f.client.get(link[1]!.replaceAll('&amp;', '&'))).body;
    assert.match(form, /name="range"[^>]*value="203\.0\.113\.0\/24"|value="203\.0\.113\.0\/24"[^>]*name="range"/);
    assert.match(form, /name="from"[^>]*value="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"|value="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"[^>]*name="from"/);

    const forged = await f.client.post(`/admin/alerts/${alert!.id}/dismiss`, { from: 'petition', csrf: 'forged' });
    assert.equal(forged.status, 403);
    const dismissed = await f.client.post(`/admin/alerts/${alert!.id}/dismiss`, { from: 'petition' });
    assert.equal(dismissed.status, 303);
    assert.equal(dismissed.location, `/admin/petitions/${t.petitionId}?done=alert-dismissed`);
    const after = pageText((await f.client.get(dismissed.location!)).body);
    assert.match(after, /The alert is dismissed/);
    assert.match(after, /Dismissed by operator@example\.org/);
    assert.equal((await f.client.post(`/admin/alerts/${alert!.id}/dismiss`, { from: 'list' })).status, 409, 'already dismissed');
    assert.equal((await f.client.post('/admin/alerts/999999/dismiss', {})).status, 404);
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.equal(audit.match(/trending alert dismissed/g)?.length, 1);
    assert.match(audit, new RegExp(`operator@example\\.org trending alert dismissed alert ${alert!.id} petition ${t.petitionId}, range`));

    // Still trending: dismissed, not raised again.
    await sign('203.0.113.201');
    await evaluations();
    assert.equal((await alertRows()).length, 1);
    assert.equal(receiver.received.length, 1);
  });
});
