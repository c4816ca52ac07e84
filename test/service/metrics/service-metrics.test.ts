// The service as an operator runs it (the compiled CLI, `npx tsc -p tsconfig.server.json` first)
// with --metrics and --log-format json: signatures of every outcome, key requests, a callback
// that works and one that cannot, a confirmation mail and a failed sign-in, then one scrape of
// /metrics and a read of every log line.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openAdmin, type ServiceAdmin } from '../../../src/service/admin.js';
import { ConsoleClient } from '../console-client.js';
import { startMailCatcher, type MailCatcher } from '../mail-catcher.js';
import { signedPostTo } from '../service-client.js';
import { signFormBody } from '../../../src/shared/signing.js';
import { awayFromTheMinuteEnd, newTestDatabase, onPostgres } from '../test-database.js';
import { authKeysPath, eventually, keyRequestFields, signaturesPath, signerFields, type Pairs } from '../harness.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();

/** Every family the service exports, named in issue 29. */
const FAMILIES = [
  'petition_service_signatures_accepted_total',
  'petition_service_signatures_refused_total',
  'petition_service_signature_queue_entries',
  'petition_service_signature_queue_oldest_age_seconds',
  'petition_service_listing_lag_seconds',
  'petition_service_deliveries_total',
  'petition_service_deliveries_waiting',
  'petition_service_deliveries_oldest_waiting_age_seconds',
  'petition_service_sign_in_failures_total',
  'petition_service_limit_reached_total',
  'petition_service_database_checkpoint_failures_total',
  'petition_service_database_wal_size_bytes',
  'petition_service_database_pool_waiting_clients',
  'petition_service_database_writable',
  'petition_service_search_index_backlog_signatures',
  'petition_service_trends_evaluated_timestamp_seconds',
  'petition_service_confirmation_mail_polled_timestamp_seconds',
  'nodejs_eventloop_lag_seconds',
  'http_server_request_duration_seconds',
];

/** The value of one sample, e.g. sample(text, 'x_total', 'reason="duplicate"'); undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const escaped = `${name}${labels ? `{${labels}}` : ''}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

describe('service metrics and logs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-metrics-'));
  /** Before the service starts: every time it reports comes after this. */
  const startedAt = Date.now();
  let dbPath = '';
  const stderr: string[] = [];
  let admin: ServiceAdmin;
  let mail: MailCatcher;
  let child: ReturnType<typeof spawn>;
  let baseUrl = '';
  let metricsUrl = '';
  let consumer: { api_key: string; secret: string };
  let petitionId = 0;
  let closedPetitionId = 0;
  const authKeys: string[] = [];
  const emails: string[] = [];
  const callbacks = createServer((_request, response) => response.writeHead(200).end('ok'));

  before(async () => {
    // A SQLite file, or a database on PostgreSQL when SERVICE_TEST_DATABASE=postgres.
    dbPath = await newTestDatabase(dir);
    admin = await openAdmin(dbPath);
    consumer = await admin.createConsumer('metrics consumer');
    // With no operator yet, the console offers no sign-in form.
    await admin.createOperator('operator@example.org', 'a long operator password');
    petitionId = (await admin.createPetition({ title: 'Watched petition', confirm_signers: 'true' })).petition_id;
    closedPetitionId = (await admin.createPetition({ title: 'Closed petition', status: 'closed' })).petition_id;
    mail = await startMailCatcher();
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
    child = spawn(
      process.execPath,
      [bin, 'service', '--db', dbPath, '--port', '0', '--metrics', '127.0.0.1:0', '--log-format', 'json', '--log-level', 'info',
        '--allow-private-callbacks', '--rate-limit', '40', '--smtp', mail.url, '--mail-from', 'Petitions <petitions@example.org>'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let partial = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      stderr.push(...lines);
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const api = /listening on (http:\S+\/v1)/.exec(output);
        const metrics = /metrics at (http:\S+\/metrics)/.exec(output);
        if (api && metrics) {
          baseUrl = api[1]!;
          metricsUrl = metrics[1]!;
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`service exited: ${output}\n${stderr.join('\n')}`)));
    });
  });

  after(async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await admin.close();
    await mail.close();
    callbacks.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, fields: Pairs, authKey = '') => signedPostTo(baseUrl, consumer.api_key, consumer.secret, path, fields, authKey);

  async function grantedKey(source: string, callback: string): Promise<string> {
    assert.equal((await post(authKeysPath(petitionId), keyRequestFields(source, callback))).status, 202);
    const request = (await admin.listAuthKeys()).find((row) => row.source === source)!;
    await admin.grant(request.id);
    const payload = (await (await post(authKeysPath(petitionId), keyRequestFields(source, callback))).json()) as { auth_key: string };
    authKeys.push(payload.auth_key);
    return payload.auth_key;
  }

  function sign(petition: number, source: string, authKey: string, overrides: Record<string, string> = {}) {
    const fields = signerFields(overrides);
    emails.push(Object.fromEntries(fields)['email']!);
    return post(signaturesPath(petition), [['source', source], ...fields], authKey);
  }

  it('counts what happened, by bounded labels, on its own listen address only', async () => {
    // On PostgreSQL the budget's window is the clock's minute: this test spends one within it.
    await awayFromTheMinuteEnd();
    const { port: callbackPort } = callbacks.address() as AddressInfo;
    const key = await grantedKey('https://campaign.example.org', `http://127.0.0.1:${callbackPort}/hook`);
    // Nothing listens on port 9: this consumer's callbacks fail and wait for their retry.
    await grantedKey('https://other.example.org', 'http://127.0.0.1:9/hook');

    const source = 'https://campaign.example.org';
    assert.equal((await sign(petitionId, source, key)).status, 202);
    // The same signed request twice (a signer waiting for confirmation may sign again, a replay never).
    const fields = signerFields();
    emails.push(Object.fromEntries(fields)['email']!);
    const path = signaturesPath(petitionId);
    const body = await signFormBody([['api_key', consumer.api_key], ['source', source], ...fields, ['timestamp', new Date().toISOString()], ['endpoint', path]], consumer.secret, key);
    const form = () => fetch(new URL(path, baseUrl), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    assert.equal((await form()).status, 202);
    assert.equal((await form()).status, 409);
    assert.equal((await sign(petitionId, source, key, { email: 'not an email' })).status, 400);
    assert.equal((await sign(petitionId, source, key, { email: 'someone@mailinator.com' })).status, 400);
    assert.equal((await sign(petitionId, source, 'f'.repeat(64))).status, 401);
    assert.equal((await sign(closedPetitionId, source, key)).status, 403);

    const signIn = await new ConsoleClient(new URL(baseUrl).origin).signIn('nobody@example.org', 'not-the-password');
    assert.equal(signIn.status, 400);

    // The request id the proxy sends is kept when it is a short token, replaced otherwise.
    const read = (id: string) => fetch(`${baseUrl}/petitions/${petitionId}?api_key=${consumer.api_key}`, { headers: { 'X-Request-Id': id } });
    assert.equal((await read('proxy-7f3a.1')).headers.get('x-request-id'), 'proxy-7f3a.1');
    const replaced = (await read('a b"c')).headers.get('x-request-id')!;
    assert.match(replaced, /^[0-9a-f-]{36}$/);

    // The budget of 40 requests a minute spent: reads, then a signature, are refused.
    let status = 200;
    for (let tries = 0; status !== 429 && tries < 45; tries++) status = (await read('spending-budget')).status;
    assert.equal(status, 429);
    assert.equal((await sign(petitionId, source, key)).status, 429);

    // Mail and callbacks go out from the background loops: read until each has moved.
    const text = await eventually(
      async () => (await fetch(metricsUrl)).text(),
      (page) =>
        (sample(page, 'petition_service_deliveries_total', 'kind="mail",outcome="delivered"') ?? 0) >= 1 &&
        (sample(page, 'petition_service_deliveries_total', 'kind="callback",outcome="delivered"') ?? 0) >= 1 &&
        (sample(page, 'petition_service_deliveries_total', 'kind="callback",outcome="failed"') ?? 0) >= 1,
      10_000,
    );
    for (const family of FAMILIES) assert.match(text, new RegExp(`^# TYPE ${family} `, 'm'), `${family} is missing`);
    assert.equal(sample(text, 'petition_service_signatures_accepted_total'), 2);
    const refused = (reason: string) => sample(text, 'petition_service_signatures_refused_total', `reason="${reason}"`);
    assert.deepEqual(
      ['duplicate', 'validation', 'blocked', 'auth', 'closed', 'rate_limit'].map((reason) => [reason, refused(reason)]),
      ['duplicate', 'validation', 'blocked', 'auth', 'closed', 'rate_limit'].map((reason) => [reason, 1]),
    );
    assert.equal(sample(text, 'petition_service_listing_lag_seconds_count'), 2);
    assert.ok(sample(text, 'petition_service_deliveries_waiting', 'kind="callback"')! >= 1);
    assert.ok(sample(text, 'petition_service_deliveries_oldest_waiting_age_seconds', 'kind="callback"')! > 0);
    assert.equal(sample(text, 'petition_service_sign_in_failures_total'), 1);
    assert.ok(sample(text, 'petition_service_limit_reached_total', 'limit="consumer_rate"')! >= 2);
    // A SQLite file's WAL has pages after these commits; PostgreSQL has none of its own.
    if (onPostgres) assert.equal(sample(text, 'petition_service_database_wal_size_bytes'), 0);
    else assert.ok(sample(text, 'petition_service_database_wal_size_bytes')! > 0);
    assert.equal(sample(text, 'petition_service_database_writable'), 1);
    assert.equal(sample(text, 'petition_service_signature_queue_entries'), 0);
    // The mailer looked for due mail since the test began (it sent one), and not in the future.
    const polled = sample(text, 'petition_service_confirmation_mail_polled_timestamp_seconds')!;
    assert.ok(polled * 1000 >= startedAt && polled * 1000 <= Date.now(), `last poll at ${polled}, the test began at ${startedAt / 1000}`);
    assert.ok(sample(text, 'nodejs_eventloop_lag_seconds')! >= 0);
    const submissions = 'http_route="/v1/petitions/:petition_id/signatures",http_request_method="POST"';
    assert.equal(sample(text, 'http_server_request_duration_seconds_count', `${submissions},http_response_status_code="2xx"`), 2);
    assert.equal(sample(text, 'http_server_request_duration_seconds_count', `${submissions},http_response_status_code="4xx"`), 6);
    assert.ok(sample(text, 'http_server_request_duration_seconds_count', 'http_route="/admin/sign-in",http_request_method="POST",http_response_status_code="4xx"')! >= 1);
    // Route templates only: no petition id, api key or raw path in any label.
    for (const route of text.matchAll(/http_route="([^"]*)"/g)) assert.ok(!/\/\d+(\/|$)|api_key/.test(route[1]!), route[1]);

    // /metrics is not on the public port.
    assert.equal((await fetch(`${new URL(baseUrl).origin}/metrics`)).status, 404);

    // Nothing personal or secret in a label or a line.
    const lines = stderr.filter((line) => line !== '');
    const secrets = [...emails, consumer.api_key, consumer.secret, ...authKeys, 'Lovelace', '12 St James Square', 'SW1Y 4JH', 'not-the-password', 'nobody@example.org'];
    for (const secret of secrets) {
      assert.ok(!text.includes(secret), `/metrics holds ${secret}`);
      assert.ok(!lines.some((line) => line.includes(secret)), `a log line holds ${secret}`);
    }

    // Every line is one JSON object; the operator's events are there, once each.
    const events = lines.map((line) => JSON.parse(line) as { level: string; msg: string; [field: string]: unknown });
    for (const event of events) assert.ok(['info', 'warn', 'error'].includes(event.level) && typeof event.time === 'string', JSON.stringify(event));
    const named = (msg: string) => events.filter((event) => event.msg === msg);
    assert.equal(named('key requested').length, 2);
    assert.deepEqual(named('key requested')[0], { ...named('key requested')[0], level: 'info', petition_id: petitionId, granted: false });
    assert.equal(named('delivery failing').filter((event) => event.kind === 'callback').length, 1);
    assert.equal(named('delivery failing')[0]!.target, '127.0.0.1:9');
    assert.equal(named('limit reached').length, 1);
    assert.equal(named('limit reached')[0]!.limit, 'consumer_rate');
  });

  it('refuses a metrics address, a log format or a log level it does not know, before starting', () => {
    for (const [flag, value, message] of [
      ['--metrics', '9464', /^--metrics: must be HOST:PORT, e\.g\. 127\.0\.0\.1:9464/],
      ['--metrics', '127.0.0.1:65536', /^--metrics: must be HOST:PORT/],
      ['--log-format', 'yaml', /^--log-format: must be one of json, text\n/],
      ['--log-level', 'verbose', /^--log-level: must be one of debug, info, warn, error\n/],
    ] as const) {
      const run = spawnSync(process.execPath, [bin, 'service', '--db', join(dir, 'never.sqlite'), '--port', '0', flag, value], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(run.status, 2, `${flag} ${value}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
    }
  });
});
