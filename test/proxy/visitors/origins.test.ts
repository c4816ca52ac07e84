// Which web pages may use the proxy: allowed origins get CORS headers and preflight answers,
// others 403 without any; an allowed page can read Retry-After, on the answers that carry one too.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided, signer } from '../stack.js';

describe('origins', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack({ config: { rateLimit: { signaturesPerIpPerMinute: 1 } } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  test('origins: allowed ones get CORS and preflight, others 403 without CORS headers', async () => {
    const path = `/api/petitions/${petition}`;
    const allowed = await stack.call('GET', path, { headers: { origin: 'https://www.example.org' } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://www.example.org');
    assert.match(allowed.headers.vary ?? '', /Origin/);

    const own = await stack.call('GET', path, { headers: { origin: stack.config.publicUrl } });
    assert.equal(own.status, 200);

    const preflight = await stack.call('OPTIONS', `${path}/signatures`, {
      headers: { origin: 'https://www.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers['access-control-allow-methods'] ?? '', /POST/);
    assert.match(preflight.headers['access-control-allow-headers'] ?? '', /Content-Type/i);

    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const refused = await stack.call(method, `${path}/signatures`, {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        ...(method === 'POST' ? { json: signer(stack) } : {}),
      });
      assert.equal(refused.status, 403, method);
      assert.equal(refused.headers['access-control-allow-origin'], undefined);
    }
  });

  test('look-alikes of an allowed origin are refused: one letter off, another port or scheme, a suffix, a prefix, a subdomain', async () => {
    const path = `/api/petitions/${petition}`;
    const own = new URL(stack.config.publicUrl);
    const lookAlikes = [
      'https://www.exampie.org', 'https://ww.example.org', 'https://www.example.com',
      'https://www.example.org:8443', 'http://www.example.org', 'wss://www.example.org',
      'https://www.example.org.evil.test', 'https://www.example.orgevil.test', 'https://www.example.org/',
      'https://evil.www.example.org', 'https://evilwww.example.org', 'https://example.org', 'null',
      // The proxy's own origin, always allowed, has look-alikes too.
      `http://127.0.0.1:${Number(own.port) + 1}`, `https://127.0.0.1:${own.port}`, `http://localhost:${own.port}`,
    ];
    for (const origin of lookAlikes) {
      const refused = await stack.call('GET', path, { headers: { origin } });
      assert.equal(refused.status, 403, origin);
      assert.equal(refused.headers['access-control-allow-origin'], undefined, origin);
      assert.deepEqual((await stack.call('GET', '/embed-status', { headers: { origin } })).json(), { origin, origin_allowed: false });
    }
    for (const origin of ['https://www.example.org', own.origin]) {
      const allowed = await stack.call('GET', path, { headers: { origin } });
      assert.equal(allowed.status, 200, origin);
      assert.equal(allowed.headers['access-control-allow-origin'], origin);
    }
  });

  test('an allowed page may read Retry-After: exposed on every answer, a 429 and a 503 included', async () => {
    const ALLOWED = { origin: 'https://www.example.org' };
    const exposed = (answer: { headers: Record<string, string> }) =>
      (answer.headers['access-control-expose-headers'] ?? '').split(',').map((name) => name.trim().toLowerCase());

    const read = await stack.call('GET', `/api/petitions/${petition}/signatures/recent`, { headers: ALLOWED });
    assert.equal(read.status, 200);
    assert.ok(exposed(read).includes('retry-after'), JSON.stringify(read.headers));

    const signed = await stack.call('POST', `/api/petitions/${petition}/signatures`, { headers: ALLOWED, json: signer(stack) });
    assert.equal(signed.status, 202);
    assert.ok(exposed(signed).includes('retry-after'), JSON.stringify(signed.headers));

    // One signature a minute in this stack: the second is rate limited.
    const limited = await stack.call('POST', `/api/petitions/${petition}/signatures`, { headers: ALLOWED, json: signer(stack) });
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal(limited.headers['access-control-allow-origin'], ALLOWED.origin);
    assert.ok(exposed(limited).includes('retry-after'), JSON.stringify(limited.headers));

    await stack.stopService();
    try {
      const unavailable = await stack.call('GET', `/api/petitions/${petition}/signatures?page=2`, { headers: ALLOWED });
      assert.equal(unavailable.status, 503);
      assert.ok(Number(unavailable.headers['retry-after']) > 0);
      assert.equal(unavailable.headers['access-control-allow-origin'], ALLOWED.origin);
      assert.ok(exposed(unavailable).includes('retry-after'), JSON.stringify(unavailable.headers));
    } finally {
      await stack.startService();
    }
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
