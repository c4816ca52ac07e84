// HttpRequestDuration (src/shared/observability/http-request-duration.ts) on its own registry:
// the method set, the status classes and the buckets OpenTelemetry names; the route template a
// Hono app matched, with a listener around it and without one (the Workers runtime); and the
// duration in seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { Registry } from 'prom-client';
import { HttpRequestDuration } from '../../../src/shared/observability/http-request-duration.js';

const NAME = 'http_server_request_duration_seconds';

/** Each label set's `_count`, and each one's `_sum`, by its labels as written. */
async function recorded(registry: Registry): Promise<{ counts: Map<string, number>; sums: Map<string, number>; text: string }> {
  const text = await registry.metrics();
  const counts = new Map<string, number>();
  const sums = new Map<string, number>();
  for (const match of text.matchAll(/^http_server_request_duration_seconds_(count|sum)\{(.*)\} (\S+)$/gm)) {
    (match[1] === 'count' ? counts : sums).set(match[2]!, Number(match[3]));
  }
  return { counts, sums, text };
}

const labels = (route: string, method: string, status: string) =>
  `http_route="${route}",http_request_method="${method}",http_response_status_code="${status}"`;

test('the known methods as sent, any other _OTHER; the status by its class, empty when none was sent', async () => {
  const registry = new Registry();
  const duration = new HttpRequestDuration(registry);
  const methods = ['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE'];
  for (const method of methods) duration.observe('/r', method, 200, 0.001);
  for (const method of ['PROPFIND', 'get', '', undefined]) duration.observe('/r', method, 200, 0.001);
  for (const status of [100, 199, 204, 299, 301, 400, 404, 499, 500, 599]) duration.observe('/s', 'GET', status, 0.001);
  duration.observe('/s', 'GET', undefined, 0.001);
  const { counts } = await recorded(registry);
  assert.deepEqual(
    counts,
    new Map([
      ...methods.map((method) => [labels('/r', method, '2xx'), 1] as const),
      [labels('/r', '_OTHER', '2xx'), 4],
      [labels('/s', 'GET', '1xx'), 2],
      [labels('/s', 'GET', '2xx'), 2],
      [labels('/s', 'GET', '3xx'), 1],
      [labels('/s', 'GET', '4xx'), 3],
      [labels('/s', 'GET', '5xx'), 2],
      [labels('/s', 'GET', ''), 1],
    ]),
  );
});

test("OpenTelemetry's buckets, in seconds", async () => {
  const registry = new Registry();
  new HttpRequestDuration(registry).observe('/r', 'GET', 200, 0.3);
  const text = await registry.metrics();
  const buckets = [...text.matchAll(/^http_server_request_duration_seconds_bucket\{le="([^"]+)".* (\d+)$/gm)].map((m) => `${m[1]}:${m[2]}`);
  assert.deepEqual(buckets, [
    '0.005:0', '0.01:0', '0.025:0', '0.05:0', '0.075:0', '0.1:0', '0.25:0', '0.5:1', '0.75:1', '1:1', '2.5:1', '5:1', '7.5:1', '10:1', '+Inf:1',
  ]);
  assert.match(text, new RegExp(`^# HELP ${NAME} Duration of HTTP server requests, from their arrival to the end of the answer\\.$`, 'm'));
});

function app(duration: HttpRequestDuration) {
  const hono = new Hono();
  hono.use('*', duration.middleware());
  hono.use('/v1/*', async (c, next) => {
    if (c.req.query('spent') !== undefined) return c.text('too many', 429);
    await next();
  });
  hono.get('/v1/items/:id', (c) => c.text('item'));
  hono.get('/files/*', (c) => c.text('file'));
  hono.all('/any', (c) => c.text('any'));
  hono.get('/slow', async (c) => {
    // Held a tenth of a second: the duration recorded must be that, in seconds.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return c.text('slow');
  });
  return hono;
}

test('without a listener (the Workers runtime) the middleware times each request by its route template', async () => {
  const registry = new Registry();
  const duration = new HttpRequestDuration(registry);
  const hono = app(duration);
  await hono.request('/v1/items/7');
  await hono.request('/v1/items/8?spent');
  await hono.request('/files/a/b.js');
  await hono.request('/any', { method: 'DELETE' });
  await hono.request('/nothing/here');
  const before = performance.now();
  await hono.request('/slow');
  const elapsed = (performance.now() - before) / 1000;
  // A request a listener does not time, named by a fast path all the same: the middleware still times it.
  const untimed = {};
  duration.nameRoute(untimed, '/fast/:id');
  await hono.request('/v1/items/9', undefined, { incoming: untimed });
  const { counts, sums } = await recorded(registry);
  assert.deepEqual(
    counts,
    new Map([
      [labels('/v1/items/:id', 'GET', '2xx'), 2],
      [labels('/v1/items/:id', 'GET', '4xx'), 1],
      [labels('/files/*', 'GET', '2xx'), 1],
      [labels('/any', 'DELETE', '2xx'), 1],
      [labels('_unmatched', 'GET', '4xx'), 1],
      [labels('/slow', 'GET', '2xx'), 1],
    ]),
  );
  // At least the tenth of a second it was held, at most the time the caller waited for it.
  const slow = sums.get(labels('/slow', 'GET', '2xx'))!;
  assert.ok(slow >= 0.099 && slow <= elapsed, `${slow} s of ${elapsed} s`);
});

test('with a listener around the app, the listener times each request, and the app names its route', { timeout: 5000 }, async (t) => {
  const registry = new Registry();
  const duration = new HttpRequestDuration(registry);
  const listener = getRequestListener(app(duration).fetch);
  const server = createServer(duration.listener((request, response) => void listener(request, response)));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const path of ['/v1/items/7', '/files/x.js']) await (await fetch(base + path)).text();
  const before = performance.now();
  await (await fetch(`${base}/slow`)).text();
  let result = await recorded(registry);
  // Recorded when each response closes, just after the client has read it.
  while ([...result.counts.values()].reduce((a, b) => a + b, 0) < 3) {
    await new Promise((resolve) => setImmediate(resolve));
    result = await recorded(registry);
  }
  assert.deepEqual(
    result.counts,
    new Map([
      [labels('/v1/items/:id', 'GET', '2xx'), 1],
      [labels('/files/*', 'GET', '2xx'), 1],
      [labels('/slow', 'GET', '2xx'), 1],
    ]),
  );
  // Recorded when the response closed, before the metrics were read.
  const elapsed = (performance.now() - before) / 1000;
  const slow = result.sums.get(labels('/slow', 'GET', '2xx'))!;
  assert.ok(slow >= 0.099 && slow <= elapsed, `${slow} s of ${elapsed} s`);
});
