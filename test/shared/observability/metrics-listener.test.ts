import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { Gauge, Registry } from 'prom-client';
import { createMetricsRegistry, METRICS_ADDRESS_RULE, parseMetricsAddress, startMetricsListener } from '../../../src/shared/observability/metrics-listener.js';
import { HttpRequestDuration } from '../../../src/shared/observability/http-request-duration.js';

/** The `_count` of each label set of the histogram, by its labels as written. */
function durationCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^http_server_request_duration_seconds_count\{(.*)\} (\d+)$/gm)) counts.set(match[1]!, Number(match[2]));
  return counts;
}

describe('metrics listener', () => {
  const registry = createMetricsRegistry();
  const duration = new HttpRequestDuration(registry);
  const app = new Hono();
  app.use('*', duration.middleware());
  app.use('/api/*', async (c, next) => {
    if (c.req.query('spent') !== undefined) return c.text('too many', 429);
    await next();
  });
  app.get('/api/items/:item_id', (c) => c.text('petition'));
  app.post('/api/items/:item_id/notes', () => {
    throw new Error('storage failed');
  });
  app.onError((_error, c) => c.text('internal error', 500));
  // A listener ahead of the app answers one path itself, as the servers' fast paths do.
  const app_ = getRequestListener(app.fetch);
  const server = createServer(
    duration.listener((request, response) => {
      if (request.url === '/fast/42') {
        duration.nameRoute(request, '/fast/:id');
        response.writeHead(202).end();
        return;
      }
      if (request.url === '/hang') return; // answered by nobody: the client gives up
      void app_(request, response);
    }),
  );
  const started = new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
  const metrics = startMetricsListener(registry, { host: '127.0.0.1', port: 0 });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await (await metrics).close();
  });

  it('parses HOST:PORT, brackets around IPv6, and refuses anything else', () => {
    assert.deepEqual(parseMetricsAddress('127.0.0.1:9464'), { host: '127.0.0.1', port: 9464 });
    assert.deepEqual(parseMetricsAddress('[::1]:0'), { host: '::1', port: 0 });
    assert.deepEqual(parseMetricsAddress('localhost:65535'), { host: 'localhost', port: 65535 });
    assert.deepEqual(parseMetricsAddress('[2001:db8:9aF0::fA]:9464'), { host: '2001:db8:9aF0::fA', port: 9464 });
    assert.deepEqual(parseMetricsAddress('[::ffff:127.0.0.1]:1'), { host: '::ffff:127.0.0.1', port: 1 });
    assert.deepEqual(parseMetricsAddress('metrics.internal:00080'), { host: 'metrics.internal', port: 80 });
    // Five digits at most, whatever their value; brackets only around an IPv6 address, and both.
    const refused = [
      ...['9464', '127.0.0.1', '127.0.0.1:', '127.0.0.1:65536', '127.0.0.1:123456', '127.0.0.1:000080', '127.0.0.1:94a'],
      ...['::1:9464', ':9464', '[::1]', '[::g]:1', '[host]:1', '[::1:1', '::1]:1'],
      ...['a b:1', 'a\tb:1', ' 127.0.0.1:1', '127.0.0.1:1 '],
    ];
    // What the CLIs say to an operator who wrote something else.
    assert.equal(METRICS_ADDRESS_RULE, 'must be HOST:PORT, e.g. 127.0.0.1:9464 or [::1]:9464 (port 0 picks a free one)');
    for (const bad of refused) {
      assert.equal(parseMetricsAddress(bad), null, bad);
    }
  });

  it('records route templates, never raw paths; method and status class bounded', async () => {
    const base = await started;
    const { url } = await metrics;
    await (await fetch(`${base}/api/items/17`)).text();
    await (await fetch(`${base}/api/items/18?spent`)).text();
    await (await fetch(`${base}/api/items/19/notes`, { method: 'POST' })).text();
    await (await fetch(`${base}/api/unknown/123`)).text();
    await (await fetch(`${base}/fast/42`, { method: 'POST' })).text();
    await (await fetch(`${base}/api/items/20`, { method: 'PROPFIND' })).text();
    await new Promise<void>((resolve) => {
      const hanging = httpRequest(`${base}/hang`);
      hanging.on('error', () => resolve());
      hanging.end(() => setTimeout(() => hanging.destroy(), 50));
    });
    // The histogram is recorded when each response closes, after the client has read it.
    let text = '';
    for (let tries = 0; tries < 50; tries++) {
      text = await (await fetch(url)).text();
      if ([...durationCounts(text).values()].reduce((a, b) => a + b, 0) >= 7) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual(
      durationCounts(text),
      new Map([
        ['http_route="/api/items/:item_id",http_request_method="GET",http_response_status_code="2xx"', 1],
        ['http_route="/api/items/:item_id",http_request_method="GET",http_response_status_code="4xx"', 1],
        ['http_route="/api/items/:item_id/notes",http_request_method="POST",http_response_status_code="5xx"', 1],
        ['http_route="_unmatched",http_request_method="GET",http_response_status_code="4xx"', 1],
        ['http_route="/fast/:id",http_request_method="POST",http_response_status_code="2xx"', 1],
        ['http_route="_unmatched",http_request_method="_OTHER",http_response_status_code="4xx"', 1],
        ['http_route="_unmatched",http_request_method="GET",http_response_status_code=""', 1],
      ]),
    );
    assert.match(text, /^# TYPE http_server_request_duration_seconds histogram$/m);
    assert.match(text, /^http_server_request_duration_seconds_bucket\{le="0.005",/m);
    assert.match(text, /^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('serves only /metrics, GET or HEAD, in the Prometheus text format', async () => {
    const { url } = await metrics;
    const answer = await fetch(url);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
    const missing = await fetch(url.replace('/metrics', '/'));
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-type'), 'text/plain');
    assert.equal(await missing.text(), 'not found: metrics are at /metrics\n');
    assert.equal((await fetch(url.replace('/metrics', '/metrics/x'))).status, 404);
    assert.equal((await fetch(`${url}?name[]=x`)).status, 200);
    const post = await fetch(url, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.equal(post.headers.get('content-type'), 'text/plain');
    assert.equal(await post.text(), 'method not allowed\n');
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  });
});

describe('metrics listener, on its own', () => {
  it('a scrape whose collection fails is 503 as a whole', async (t) => {
    const registry = new Registry();
    new Gauge({
      name: 'store_rows',
      help: 'Rows in the store.',
      registers: [registry],
      collect() {
        throw new Error('store unreachable');
      },
    });
    const listener = await startMetricsListener(registry, { host: '127.0.0.1', port: 0 });
    t.after(() => listener.close());
    const answer = await fetch(listener.url);
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('content-type'), 'text/plain');
    assert.equal(await answer.text(), 'metrics could not be collected\n');
  });

  it('an address already in use is an error, not a listener', async (t) => {
    const first = await startMetricsListener(new Registry(), { host: '127.0.0.1', port: 0 });
    t.after(() => first.close());
    await assert.rejects(startMetricsListener(new Registry(), { host: '127.0.0.1', port: first.port }), { code: 'EADDRINUSE' });
  });

  it('an IPv6 host is written in brackets in its URL', async (t) => {
    const listener = await startMetricsListener(new Registry(), { host: '::1', port: 0 });
    t.after(() => listener.close());
    assert.equal(listener.url, `http://[::1]:${listener.port}/metrics`);
    assert.ok(listener.port > 0);
    assert.equal((await fetch(listener.url)).status, 200);
  });
});
