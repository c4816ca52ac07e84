// The proxy's /metrics and logs as an operator sees them: a real service behind the counting relay,
// the proxy with --metrics and a JSON logger, signatures of every outcome (forwarded, queued and
// retried, honeypot, refused), reads from the cache, the service and the last good answer, a
// webhook; then every family named in issue 29 has moved, /metrics is not on the public port, no
// label or line holds a signer's data or a secret, and the request id reaches the service.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../../../src/shared/observability/logger.js';
import { REQUEST_IDS_FOLLOW_REQUESTS } from '../../../src/proxy/http/request-ids.js';
import { DEFAULT_WEBHOOK_TIMING } from '../../../src/proxy/webhooks/webhooks.js';
import { eventually, keysDecided, signer, Stack } from '../stack.js';
import { WebhookReceiver } from '../webhook-receiver.js';

/** Every family the proxy exports, named in issue 29. */
const FAMILIES = [
  'petition_proxy_submissions_total',
  'petition_proxy_outbox_entries',
  'petition_proxy_outbox_oldest_age_seconds',
  'petition_proxy_delivery_retries_total',
  'petition_proxy_auth_key_state',
  'petition_proxy_read_cache_total',
  'petition_proxy_read_budget_refusals_total',
  'petition_proxy_proofs_total',
  'petition_proxy_webhook_deliveries_total',
  'http_server_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
];

/** The value of one sample whose labels include all of `labels` (any order); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => present.split(',').includes(`${key}="${value}"`))) return Number(match[3]);
  }
  return undefined;
}

describe('proxy metrics and logs', () => {
  let stack: Stack;
  let crm: WebhookReceiver;
  const lines: string[] = [];
  let petition = 0;
  let signatures = '';
  let recent = '';
  let metricsUrl = '';
  const scrape = async () => (await fetch(metricsUrl)).text();

  before(async () => {
    crm = await new WebhookReceiver('crm-secret-0123456789').start();
    stack = await new Stack({
      config: { rateLimit: { signaturesPerIpPerMinute: 6, uncachedReadsPerIpPerMinute: 8 } },
      petitionConfig: () => ({ webhooks: [{ url: crm.url, secret: crm.secret }] }),
      proxy: {
        metrics: { host: '127.0.0.1', port: 0 },
        logger: createLogger({ format: 'json', level: 'info', destination: (line) => lines.push(line) }),
        readPauseMs: 20,
        // On by default from Node 24 only (request-ids.ts says why); the behaviour is the same on 20.
        requestIdsFollowRequests: true,
        webhookTiming: { ...DEFAULT_WEBHOOK_TIMING, retryBaseMs: 30, retryMaxMs: 100 },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    stack.secrets.push(crm.secret);
    petition = stack.petitionIds[0]!;
    signatures = `/api/petitions/${petition}/signatures`;
    recent = `${signatures}/recent`;
    metricsUrl = stack.proxy!.metricsUrl!;
  });

  after(async () => {
    await stack?.close();
    await crm?.stop();
  });

  it('counts every outcome, and every family named in the issue has moved', async () => {
    const upstreamRecent = `GET /v1/petitions/${petition}/signatures/recent`;
    const upstreamPost = `POST /v1/petitions/${petition}/signatures`;
    // The campaign's endpoint fails the first signature's delivery, then takes it.
    crm.answerWith = 500;
    assert.equal((await stack.call('GET', recent)).status, 200, 'a miss');
    assert.equal((await stack.call('GET', recent)).status, 200, 'a hit');
    const forwarded = await stack.call('POST', signatures, { json: signer(stack), headers: { 'x-request-id': 'metrics-forwarded-1' } });
    assert.equal(forwarded.status, 202);
    await eventually(async () => (sample(await scrape(), 'petition_proxy_webhook_deliveries_total', { result: 'failed' }) ?? 0) >= 2, 5000, 'two failed webhook attempts');
    crm.answerWith = 204;
    // The signature dropped the cached reads: the next one asks a service that fails, and gets the last good answer.
    stack.relay.answers.set(upstreamRecent, { status: 503, body: '{"result":"failure","messages":["down"]}' });
    const stale = await stack.call('GET', recent);
    assert.equal(stale.headers['x-petition-stale'], '1');
    stack.relay.answers.delete(upstreamRecent);
    assert.equal((await stack.call('POST', signatures, { json: { ...signer(stack), website: 'https://spam.example' } })).status, 202, 'the honeypot');
    assert.equal((await stack.call('POST', signatures, { json: signer(stack, { email: 'not an address' }) })).status, 400);

    stack.relay.answers.set(upstreamPost, { status: 503, body: '{"result":"failure","messages":["down"]}' });
    const queued = await stack.call('POST', signatures, { json: signer(stack), headers: { 'x-request-id': 'metrics-queued-1' } });
    assert.equal(queued.status, 202);
    const whileQueued = await eventually(async () => {
      const text = await scrape();
      return (sample(text, 'petition_proxy_delivery_retries_total') ?? 0) >= 1 ? text : undefined;
    }, 5000, 'a retry of the queued signature') as string;
    assert.equal(sample(whileQueued, 'petition_proxy_outbox_entries'), 1);
    assert.ok(sample(whileQueued, 'petition_proxy_outbox_oldest_age_seconds')! > 0);
    stack.relay.answers.delete(upstreamPost);
    await eventually(async () => sample(await scrape(), 'petition_proxy_outbox_entries') === 0, 5000, 'the outbox delivered');

    // Refusals the service gives: passed on (a 400), or a closed petition (403).
    stack.relay.answers.set(upstreamPost, { status: 400, body: '{"result":"failure","messages":["first_name: not accepted"]}' });
    assert.equal((await stack.call('POST', signatures, { json: signer(stack) })).status, 400);
    stack.relay.answers.set(upstreamPost, { status: 403, body: '{"result":"failure","messages":["petition is closed"]}' });
    assert.equal((await stack.call('POST', signatures, { json: signer(stack) })).status, 403);
    stack.relay.answers.delete(upstreamPost);

    // The signatures' limit is 6 a minute: four taken so far, two more, then two refusals.
    for (const expected of [202, 202, 429, 429]) assert.equal((await stack.call('POST', signatures, { json: signer(stack) })).status, expected);
    // Uncached reads: 8 a minute for this network; distinct pages spend them until one is refused.
    for (let page = 1; page <= 10; page++) await stack.call('GET', `${signatures}?page=${page}`);
    await eventually(() => crm.received.length > 0, 5000, 'a webhook delivery');

    const text = await eventually(async () => {
      const scraped = await scrape();
      return (sample(scraped, 'petition_proxy_webhook_deliveries_total', { result: 'delivered' }) ?? 0) >= 1 ? scraped : undefined;
    }) as string;
    for (const family of FAMILIES) assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), family);
    const outcome = (name: string) => sample(text, 'petition_proxy_submissions_total', { outcome: name });
    assert.equal(outcome('forwarded'), 3, 'the first, then two after the queued one');
    assert.equal(outcome('queued'), 1);
    assert.equal(outcome('honeypot'), 1);
    assert.equal(outcome('refused_validation'), 1);
    assert.equal(outcome('refused_rate_limit'), 2);
    assert.equal(outcome('refused_service'), 1);
    assert.equal(outcome('refused_forbidden'), 1);
    assert.ok(sample(text, 'petition_proxy_delivery_retries_total')! >= 1);
    assert.equal(sample(text, 'petition_proxy_auth_key_state', { petition_id: String(petition), state: 'granted' }), 1);
    assert.equal(sample(text, 'petition_proxy_auth_key_state', { petition_id: String(petition), state: 'pending' }), 0);
    assert.ok(sample(text, 'petition_proxy_read_cache_total', { result: 'hit' })! >= 1);
    assert.ok(sample(text, 'petition_proxy_read_cache_total', { result: 'miss' })! >= 1);
    assert.ok(sample(text, 'petition_proxy_read_cache_total', { result: 'stale' })! >= 1);
    assert.ok(sample(text, 'petition_proxy_read_budget_refusals_total')! >= 1);
    assert.equal(sample(text, 'petition_proxy_proofs_total', { result: 'accepted' }), 6, 'every signature that reached the proof');
    assert.ok(sample(text, 'petition_proxy_webhook_deliveries_total', { result: 'failed' })! >= 2);
    const posts = { http_route: '/api/petitions/:id/signatures', http_request_method: 'POST' };
    assert.equal(sample(text, 'http_server_request_duration_seconds_count', { ...posts, http_response_status_code: '2xx' }), 5);
    assert.equal(sample(text, 'http_server_request_duration_seconds_count', { ...posts, http_response_status_code: '4xx' }), 5);
    assert.ok(sample(text, 'http_server_request_duration_seconds_count', { http_route: '/api/petitions/:id/signatures/recent', http_request_method: 'GET' })! >= 3);
    assert.ok(sample(text, 'nodejs_eventloop_lag_seconds')! >= 0);

    const events = lines.map((line) => JSON.parse(line) as { msg: string; request_id?: string });
    const said = (pattern: RegExp) => events.filter((event) => pattern.test(event.msg));
    assert.equal(said(/^outbox: deliveries to the service failing/).length, 1, 'a failing episode is one line');
    assert.equal(said(/^outbox: deliveries to the service work again/).length, 1);
    assert.equal(said(/^limit reached: signatures_per_network/).length, 1, 'two refusals, one line');
    assert.equal(said(/^limit reached: uncached_reads_per_network/).length, 1);
    const endpoint = new URL(crm.url).origin;
    assert.deepEqual(
      said(/^webhooks: deliveries to /).map((event) => event.msg.replace(/ \(.*| again .*/, '')),
      [`webhooks: deliveries to ${endpoint} failing`, `webhooks: deliveries to ${endpoint} work`],
      'one line when it starts failing, one when it works again, by origin only',
    );
    assert.deepEqual(
      said(/^outbox: submission #\d+ for petition \d+ queued/).map((event) => event.request_id),
      ['metrics-queued-1'],
      "the queued signature's line carries its request's id",
    );
  });

  it('sends each request id to the service: the one the request carried, else a new one', () => {
    const posts = stack.relay.requestIds.filter((call) => call.key === `POST /v1/petitions/${petition}/signatures`);
    assert.deepEqual(posts[0], { key: posts[0]!.key, sent: 'metrics-forwarded-1', echoed: 'metrics-forwarded-1' }, 'the service took it as its own');
    const reads = stack.relay.requestIds.filter((call) => call.key.startsWith('GET '));
    assert.ok(reads.length > 0);
    for (const read of reads) assert.match(read.sent ?? '', /^[0-9a-f-]{36}$/, 'a request without an id gets a new one');
    // The queued signature's first try carries its request's id; its retries run in the background,
    // each with an id of its own, never the id of the request that queued it.
    const [firstTry, ...retries] = posts.filter((call) => call.echoed === undefined);
    assert.equal(firstTry?.sent, 'metrics-queued-1');
    assert.ok(retries.length >= 1, 'the retries of the queued signature');
    for (const retry of retries) assert.match(retry.sent ?? '', /^[0-9a-f-]{36}$/);
  });

  it('serves /metrics on its own address only, with no signer data or secret in a label or a line', async () => {
    assert.equal((await stack.call('GET', '/metrics')).status, 404);
    const text = await scrape();
    const haystacks = [text, ...lines];
    for (const secret of stack.secrets) {
      for (const haystack of haystacks) assert.ok(!haystack.includes(secret), `${secret} leaked into ${haystack.slice(0, 200)}`);
    }
  });

  it('as an operator runs it: petition-embed proxy --metrics HOST:PORT --log-format json (the compiled CLI)', async () => {
    await stack.stopProxy();
    const child = await stack.spawnProxy(['--metrics', '127.0.0.1:0', '--log-format', 'json', '--log-level', 'info']);
    try {
      const started = await eventually(() => /"msg":"metrics at (http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(child.output()), 10_000, 'the metrics line');
      assert.equal((await stack.call('POST', signatures, { json: signer(stack), headers: { 'x-request-id': 'metrics-cli-1' } })).status, 202);
      const text = await (await fetch(started![1]!)).text();
      assert.equal(sample(text, 'petition_proxy_submissions_total', { outcome: 'forwarded' }), 1);
      assert.ok(sample(text, 'nodejs_eventloop_lag_seconds') !== undefined);
      assert.equal((await stack.call('GET', '/metrics')).status, 404, 'never on the public port');
      const logged = child.output().trim().split('\n');
      for (const line of logged) assert.doesNotThrow(() => JSON.parse(line), line);
      for (const secret of stack.secrets) assert.ok(!child.output().includes(secret), `${secret} in the log`);
    } finally {
      await child.kill();
      await stack.startProxy();
    }
    const sent = stack.relay.requestIds.filter((call) => call.key === `POST /v1/petitions/${petition}/signatures`).at(-1)?.sent ?? '';
    if (REQUEST_IDS_FOLLOW_REQUESTS) assert.equal(sent, 'metrics-cli-1');
    else assert.match(sent, /^[0-9a-f-]{36}$/, 'before Node 24: an id of its own');
  });
});
