// Which web pages may use the proxy: allowed origins get CORS headers and preflight answers,
// others 403 without any.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided, signer } from './stack.js';

describe('origins', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack().start();
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

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
