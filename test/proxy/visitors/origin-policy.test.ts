// Which pages may use the proxy (src/proxy/visitors/origin-policy.ts), on a bare Hono app with
// the proxy's own failure answer: each header of an allowed answer and of a preflight, the 403 of
// a refused origin, the public paths, and calls without an Origin.
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { describe, test } from 'node:test';
import { failureResponse, unexpectedFailure } from '../../../src/proxy/http/failure.js';
import { apiCorsHeaders, EMBED_STATUS_PATH, OriginRules, originPolicy, proxyOriginRules } from '../../../src/proxy/visitors/origin-policy.js';

const ALLOWED = 'https://www.example.org';
const rules = new OriginRules([ALLOWED, 'https://shop.example.net']);

function app() {
  const logs: string[] = [];
  const hono = new Hono();
  hono.onError((error, c) => failureResponse(c, unexpectedFailure(error, c.req.path, (line) => logs.push(line))));
  hono.use(originPolicy(rules, (path) => path === '/public'));
  for (const path of ['/api', '/public']) {
    hono.get(path, (c) => c.text('done'));
    hono.post(path, (c) => c.text('done'));
    hono.options(path, (c) => c.text('route'));
  }
  return { hono, logs };
}

/** The answer's headers, with its status and body. */
async function call(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await app().hono.request(path, init);
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

describe('OriginRules and proxyOriginRules', () => {
  test('exactly the listed origins are allowed', () => {
    assert.equal(rules.allows(ALLOWED), true);
    assert.equal(rules.allows('https://shop.example.net'), true);
    for (const lookAlike of ['https://www.example.org/', 'http://www.example.org', 'https://WWW.example.org', '', 'null']) {
      assert.equal(rules.allows(lookAlike), false, lookAlike);
    }
  });

  test('the embed status: the origin and whether it is allowed; no Origin is no browser page, allowed', () => {
    assert.deepEqual(rules.status(ALLOWED), { origin: ALLOWED, origin_allowed: true });
    assert.deepEqual(rules.status('https://evil.example'), { origin: 'https://evil.example', origin_allowed: false });
    assert.deepEqual(rules.status(undefined), { origin: null, origin_allowed: true });
    assert.equal(EMBED_STATUS_PATH, '/embed-status');
  });

  test('the proxy\'s own origin (of its publicUrl) is always allowed besides the listed ones', () => {
    const own = proxyOriginRules('https://proxy.example.org:8443/base/path?q=1', [ALLOWED]);
    assert.equal(own.allows('https://proxy.example.org:8443'), true);
    assert.equal(own.allows(ALLOWED), true);
    assert.equal(own.allows('https://proxy.example.org'), false);
    assert.equal(own.allows('https://proxy.example.org:8443/base/path?q=1'), false);
    assert.equal(proxyOriginRules('http://127.0.0.1:4020', []).allows('http://127.0.0.1:4020'), true);
  });
});

describe('apiCorsHeaders', () => {
  test('no Origin: only Vary; an allowed one: the origin, its exposed headers and Vary; a refused one: none', () => {
    assert.deepEqual(apiCorsHeaders(rules, undefined), { Vary: 'Origin' });
    assert.deepEqual(apiCorsHeaders(rules, ALLOWED), {
      Vary: 'Origin',
      'Access-Control-Allow-Origin': ALLOWED,
      'Access-Control-Expose-Headers': 'Retry-After, X-Petition-Stale',
    });
    assert.equal(apiCorsHeaders(rules, 'https://evil.example'), undefined);
  });
});

describe('originPolicy', () => {
  test('an allowed page gets its CORS headers on an API answer, Vary once', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await call('/api', { method, headers: { origin: ALLOWED } });
      assert.equal(answer.status, 200, method);
      assert.equal(answer.body, 'done');
      assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
      assert.equal(answer.headers['access-control-expose-headers'], 'Retry-After, X-Petition-Stale');
      assert.equal(answer.headers['vary'], 'Origin');
      assert.equal(answer.headers['access-control-allow-methods'], undefined);
    }
  });

  test('a refused page gets 403 with the spec\'s error body and no CORS header, on every method', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const answer = await call('/api', { method, headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
      assert.equal(answer.status, 403, method);
      assert.deepEqual(JSON.parse(answer.body), { result: 'failure', messages: ['Origin: this website is not allowed to use this petition proxy'] });
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
      assert.equal(answer.headers['access-control-expose-headers'], undefined);
      assert.equal(answer.headers['vary'], 'Origin');
    }
  });

  test('a preflight of an allowed page is answered here: 204 and each header', async () => {
    const answer = await call('/api', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } });
    assert.equal(answer.status, 204);
    assert.equal(answer.body, '');
    assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
    assert.equal(answer.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
    assert.equal(answer.headers['access-control-allow-headers'], 'Content-Type');
    assert.equal(answer.headers['access-control-max-age'], '600');
    assert.equal(answer.headers['vary'], 'Origin');
  });

  test('a GET or POST carrying Access-Control-Request-Method is no preflight either: the route answers it', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await call('/api', { method, headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } });
      assert.equal(answer.status, 200, method);
      assert.equal(answer.body, 'done', method);
      assert.equal(answer.headers['access-control-allow-methods'], undefined, method);
    }
  });

  test('an OPTIONS request without Access-Control-Request-Method is no preflight: the route answers it', async () => {
    const answer = await call('/api', { method: 'OPTIONS', headers: { origin: ALLOWED } });
    assert.equal(answer.status, 200);
    assert.equal(answer.body, 'route');
    assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
    assert.equal(answer.headers['access-control-allow-methods'], undefined);
  });

  test('a public path is open to every page with the wildcard, refused ones included', async () => {
    for (const origin of [ALLOWED, 'https://evil.example']) {
      const answer = await call('/public', { headers: { origin } });
      assert.equal(answer.status, 200, origin);
      assert.equal(answer.body, 'done');
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(answer.headers['vary'], 'Origin');
    }
  });

  test('without an Origin (curl, the service\'s callbacks): answered as is, with Vary and no CORS header', async () => {
    for (const path of ['/api', '/public']) {
      const answer = await call(path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.body, 'done');
      assert.equal(answer.headers['vary'], 'Origin');
      assert.equal(answer.headers['access-control-allow-origin'], undefined, path);
    }
    const options = await call('/api', { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } });
    assert.equal(options.status, 200);
    assert.equal(options.body, 'route');
  });
});
