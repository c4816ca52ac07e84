// The browser routes against a real service: reads and page rewriting, the cache and request
// coalescing (upstream calls counted), origins, the petition allow-list, validation, honeypot,
// rate limit, body limit, the script files, and a scan of everything for leaked secrets.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { after, before, describe, test } from 'node:test';
import { Stack, eventually, keysDecided, signer } from './stack.js';

describe('proxy browser routes', () => {
  let stack: Stack;
  let petition: number;
  let other: number;
  before(async () => {
    stack = await new Stack({
      petitionCount: 2,
      seedPerPetition: 23,
      config: { cacheSeconds: 30, rateLimit: { signaturesPerIpPerMinute: 3 } },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    [petition, other] = stack.petitionIds as [number, number];
  });
  after(() => stack.close());

  test('GET /api/petitions/:id gives the count, whether signatures are accepted, and the notice', async () => {
    const answer = await stack.call('GET', `/api/petitions/${petition}`);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json(), {
      petition_id: petition,
      signature_count: 23,
      accepting_signatures: true,
      operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
    });
  });

  test('signature pages carry endpoints rewritten to the proxy routes, and they work', async () => {
    const first = await stack.call('GET', `/api/petitions/${petition}/signatures?page=2&page_size=5&sort=time_desc`);
    assert.equal(first.status, 200);
    const page = first.json() as { prev_page_endpoint: string; next_page_endpoint: string; page: number; total_pages: number; signatures: unknown[] };
    assert.equal(page.page, 2);
    assert.equal(page.total_pages, 5);
    assert.equal(page.signatures.length, 5);
    assert.equal(page.prev_page_endpoint, `/api/petitions/${petition}/signatures?page=1&page_size=5&sort=time_desc`);
    assert.equal(page.next_page_endpoint, `/api/petitions/${petition}/signatures?page=3&page_size=5&sort=time_desc`);
    const next = await stack.call('GET', page.next_page_endpoint);
    assert.equal((next.json() as { page: number }).page, 3);
    const last = await stack.call('GET', `/api/petitions/${petition}/signatures?page=5&page_size=5`);
    assert.equal((last.json() as { next_page_endpoint: string | null }).next_page_endpoint, null);
  });

  test('bad list parameters get the service\'s message naming the parameter', async () => {
    const answer = await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=0`);
    assert.equal(answer.status, 400);
    const messages = (answer.json() as { messages: string[] }).messages;
    assert.ok(messages.every((m) => m.startsWith('page_size')), messages.join());
  });

  test('only configured petitions exist here', async () => {
    for (const path of ['/api/petitions/999', '/api/petitions/999/signatures', '/api/petitions/abc/signatures/recent', '/api/petitions/01']) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 404, path);
      assert.deepEqual(answer.json(), { result: 'failure', messages: ['petition not found'] });
    }
    const post = await stack.call('POST', '/api/petitions/999/signatures', { json: signer(stack) });
    assert.equal(post.status, 404);
    assert.equal(stack.relay.count('POST /v1/petitions/999/signatures'), 0);
  });

  test('reads are cached and concurrent identical reads share one upstream call', async () => {
    stack.relay.reset();
    const path = `/api/petitions/${other}/signatures/recent`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => stack.call('GET', path)));
    assert.ok(answers.every((a) => a.status === 200 && a.body === answers[0]!.body));
    assert.equal((answers[0]!.json() as unknown[]).length, 10);
    for (let i = 0; i < 5; i++) await stack.call('GET', path);
    assert.equal(stack.relay.count(`GET /v1/petitions/${other}/signatures/recent`), 1);
  });

  test('a signature through the proxy reaches the service and refreshes the cached reads', async () => {
    const before = (await stack.call('GET', `/api/petitions/${petition}`)).json() as { signature_count: number };
    await stack.call('GET', `/api/petitions/${petition}/signatures/recent`);
    const fields = signer(stack, { first_name: 'Grace', last_name: 'Listed' });
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.json(), { result: 'success' });
    const after = await eventually(async () => {
      const summary = (await stack.call('GET', `/api/petitions/${petition}`)).json() as { signature_count: number };
      return summary.signature_count === before.signature_count + 1 && summary;
    }, 5000, 'the new signature to be counted');
    assert.ok(after);
    const recent = await eventually(async () => {
      const list = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return list[0]?.name === 'Grace Listed' && list;
    }, 5000, 'the new signature to be listed');
    assert.ok(recent);
  });

  test('the service\'s refusals pass through: a second signature with the same email is 409', async () => {
    const fields = signer(stack);
    assert.equal((await stack.call('POST', `/api/petitions/${other}/signatures`, { json: fields })).status, 202);
    const again = await stack.call('POST', `/api/petitions/${other}/signatures`, { json: { ...fields, email: fields.email.toUpperCase() } });
    assert.equal(again.status, 409);
    assert.equal((again.json() as { result: string }).result, 'failure');
  });

  test('invalid fields: 400 with one "field: message" per bad field, nothing sent upstream', async () => {
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), email: 'not-an-address', first_name: '  ', country_code: 'XX' },
    });
    assert.equal(answer.status, 400);
    assert.deepEqual((answer.json() as { messages: string[] }).messages, [
      'first_name: Enter your first name',
      'email: Enter an email address in the correct format, like name@example.com',
      'country_code: Select your country from the list',
    ]);
    const notJson = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      headers: { 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    assert.equal(notJson.status, 400);
    const form = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'first_name=Ada',
    });
    assert.equal(form.status, 415);
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
  });

  test('a filled honeypot looks accepted but nothing is sent, and its content is not logged', async () => {
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), website: 'https://spam.example' },
    });
    assert.equal(answer.status, 202);
    assert.equal((answer.json() as { result: string }).result, 'success');
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
    assert.ok(stack.logs.some((line) => line.startsWith('honeypot:')));
    assert.ok(!stack.logs.some((line) => line.includes('spam.example')));
  });

  test('per-IP rate limit: 429 with Retry-After once the minute\'s allowance is used', async () => {
    // Three allowed a minute in this stack; earlier tests used three already from 127.0.0.1.
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 429);
    const retryAfter = Number(answer.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal((answer.json() as { result: string }).result, 'failure');
  });

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

  test('bodies over 16 KiB: 413', async () => {
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), reason: 'x'.repeat(17 * 1024) },
    });
    assert.equal(answer.status, 413);
    assert.equal((answer.json() as { result: string }).result, 'failure');
  });

  test('the elements\' script and chunks: JavaScript, CORS, cache headers, ETag, no escaping the folder', async () => {
    const assets = join(stack.dir, 'assets');
    const missing = await stack.call('GET', '/petition-embed.js');
    assert.equal(missing.status, 404);
    assert.match((missing.json() as { messages: string[] }).messages[0]!, /not built/);

    mkdirSync(join(assets, 'chunks'), { recursive: true });
    writeFileSync(join(assets, 'petition-embed.js'), 'import "./chunks/de-B2x9kQ1a.js";\n');
    writeFileSync(join(assets, 'chunks', 'de-B2x9kQ1a.js'), 'export const locale = "de";\n');
    writeFileSync(join(stack.dir, 'outside.js'), 'secret();\n');

    const entry = await stack.call('GET', '/petition-embed.js', { headers: { origin: 'https://www.example.org' } });
    assert.equal(entry.status, 200);
    assert.equal(entry.body, 'import "./chunks/de-B2x9kQ1a.js";\n');
    assert.match(entry.headers['content-type'] ?? '', /^text\/javascript/);
    assert.equal(entry.headers['access-control-allow-origin'], 'https://www.example.org');
    assert.match(entry.headers['cache-control'] ?? '', /max-age=300/);
    const etag = entry.headers.etag!;
    const revalidated = await stack.call('GET', '/petition-embed.js', { headers: { 'if-none-match': etag } });
    assert.equal(revalidated.status, 304);

    const chunk = await stack.call('GET', '/chunks/de-B2x9kQ1a.js');
    assert.equal(chunk.status, 200);
    assert.match(chunk.headers['cache-control'] ?? '', /immutable/);

    for (const path of ['/../outside.js', '/chunks/%2e%2e/%2e%2e/outside.js', '/.hidden.js', '/chunks/..%2f..%2foutside.js']) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 404, path);
      assert.ok(!answer.body.includes('secret()'), path);
    }
  });

  test('GET /healthz', async () => {
    const answer = await stack.call('GET', '/healthz');
    assert.equal(answer.status, 200);
  });

  test('the auth key never travels to the service: signed submissions carry no auth_key', () => {
    const keys = stack.storedKeys().flatMap((record) => (record.auth_key ? [record.auth_key] : []));
    assert.equal(keys.length, 2);
    const submissions = stack.relay.sent.filter((line) => /^POST \S+\/signatures /.test(line));
    assert.ok(submissions.length >= 3, String(submissions.length));
    for (const line of stack.relay.sent) {
      assert.doesNotMatch(line, /[?&\s]auth_key=/);
      assert.ok(keys.every((key) => !line.includes(key)));
    }
    assert.ok(submissions.every((line) => /&rsig=[0-9a-f]{64}$/.test(line)));
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.ok(stack.responses.length > 30);
    assert.deepEqual(stack.leaks(), []);
  });
});

// The script as `npx vite build` leaves it in dist/ (npm test builds it before these tests run),
// served from the proxy's default folder, next to the routes a host adds with `extraRoutes`.
const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, 'petition-embed.js'));

describe('the built elements from dist/ and the host\'s extra routes', () => {
  let stack: Stack;
  const ALLOWED = { origin: 'https://www.example.org' };
  before(async () => {
    stack = await new Stack({
      proxy: {
        assetsDir: undefined,
        extraRoutes: (app: Hono) => {
          app.get('/', (c) => c.html('<p>the host page</p>'));
          app.get('/site.js', (c) => c.body('console.log("site");', 200, { 'Content-Type': 'text/javascript' }));
          app.get('/api/petitions/:id', (c) => c.text('shadowed'));
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('extraRoutes: the host\'s pages and files are served, under the same origin rules, without shadowing the API', async () => {
    const page = await stack.call('GET', '/');
    assert.equal(page.status, 200);
    assert.equal(page.body, '<p>the host page</p>');
    // Mounted before the script routes, or the script routes would answer 404 for any other .js.
    const own = await stack.call('GET', '/site.js');
    assert.equal(own.status, 200);
    assert.equal(own.body, 'console.log("site");');
    const refused = await stack.call('GET', '/site.js', { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    const api = await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`);
    assert.equal((api.json() as { petition_id: number }).petition_id, stack.petitionIds[0]);
    assert.equal((await stack.call('GET', '/nothing-here')).status, 404);
  });

  test('an empty honeypot ("" or null) is not a trap: those signatures reach the service', async () => {
    const petition = stack.petitionIds[0]!;
    stack.relay.reset();
    for (const website of ['', null]) {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...signer(stack), website } });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json(), { result: 'success' });
    }
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 2);
    assert.ok(!stack.logs.some((line) => line.startsWith('honeypot:')));
  });

  test('dist/petition-embed.js and every locale chunk it imports: JavaScript, CORS, caching', { skip: !built && 'dist/ is not built (npx vite build)' }, async () => {
    const entry = await stack.call('GET', '/petition-embed.js', { headers: ALLOWED });
    assert.equal(entry.status, 200);
    assert.equal(entry.body, readFileSync(join(dist, 'petition-embed.js'), 'utf8'));
    assert.equal(entry.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(entry.headers['access-control-allow-origin'], ALLOWED.origin);
    assert.equal(entry.headers['cache-control'], 'public, max-age=300');
    assert.equal((await stack.call('GET', '/petition-embed.js', { headers: { ...ALLOWED, 'if-none-match': entry.headers.etag! } })).status, 304);

    const onDisk = readdirSync(join(dist, 'locales')).filter((name) => name.endsWith('.js')).sort();
    const imported = [...entry.body.matchAll(/import\(`\.\/(locales\/[^`]+\.js)`\)/g)].map((match) => match[1]!).sort();
    assert.ok(onDisk.length >= 3, onDisk.join());
    assert.deepEqual(imported, onDisk.map((name) => `locales/${name}`));
    for (const path of imported) {
      const chunk = await stack.call('GET', new URL(`./${path}`, 'http://proxy/petition-embed.js').pathname, { headers: ALLOWED });
      assert.equal(chunk.status, 200, path);
      assert.equal(chunk.body, readFileSync(join(dist, path), 'utf8'), path);
      assert.equal(chunk.headers['content-type'], 'text/javascript; charset=utf-8', path);
      assert.equal(chunk.headers['access-control-allow-origin'], ALLOWED.origin, path);
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable', path);
      // A chunk imports the entry back by a relative path that must land on the entry route.
      for (const [, specifier] of chunk.body.matchAll(/from"(\.\.?\/[^"]+)"/g)) {
        assert.equal(new URL(specifier!, `http://proxy/${path}`).pathname, '/petition-embed.js', path);
      }
    }

    const refused = await stack.call('GET', '/petition-embed.js', { headers: { origin: 'https://evil.example' } });
    assert.equal(refused.status, 403);
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
    assert.deepEqual(stack.leaks(), []);
  });
});
