// The elements' script and its chunks as the proxy serves them (content type, CORS, caching,
// no escaping the folder), the built ones from dist/, and the routes a host adds.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided } from '../stack.js';

describe('the script files', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

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
    // Public code: any page may load it (so a refused page can still explain itself).
    assert.equal(entry.headers['access-control-allow-origin'], '*');
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
});

// The script as `npx vite build` leaves it in dist/ (npm test builds it before these tests run),
// served from the proxy's default folder, next to the routes a host adds with `extraRoutes`.
const dist = new URL('../../../dist/', import.meta.url).pathname;
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

  test('dist/petition-embed.js and every chunk it loads: JavaScript, CORS, caching', { skip: !built && 'dist/ is not built (npx vite build)' }, async () => {
    const entry = await stack.call('GET', '/petition-embed.js', { headers: ALLOWED });
    assert.equal(entry.status, 200);
    assert.equal(entry.body, readFileSync(join(dist, 'petition-embed.js'), 'utf8'));
    assert.equal(entry.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers['cache-control'], 'public, max-age=300');
    assert.equal((await stack.call('GET', '/petition-embed.js', { headers: { ...ALLOWED, 'if-none-match': entry.headers.etag! } })).status, 304);

    // Every chunk on disk is reached from the entry, through the chunks' own relative imports
    // (static and dynamic), each of which must land on the chunks' route.
    const onDisk = readdirSync(join(dist, 'chunks')).filter((name) => name.endsWith('.js')).sort();
    const specifiers = (code: string) => [...code.matchAll(/(?:from|import\()\s*["'`](\.\.?\/[^"'`]+\.js)["'`]/g)].map((match) => match[1]!);
    const reached = new Set(specifiers(entry.body).map((specifier) => new URL(specifier, 'http://proxy/petition-embed.js').pathname));
    assert.ok(onDisk.length >= 3, onDisk.join());
    for (const path of reached) {
      const chunk = await stack.call('GET', path, { headers: ALLOWED });
      assert.equal(chunk.status, 200, path);
      assert.equal(chunk.body, readFileSync(join(dist, path), 'utf8'), path);
      assert.equal(chunk.headers['content-type'], 'text/javascript; charset=utf-8', path);
      assert.equal(chunk.headers['access-control-allow-origin'], '*', path);
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable', path);
      for (const specifier of specifiers(chunk.body)) reached.add(new URL(specifier, `http://proxy${path}`).pathname);
    }
    assert.deepEqual([...reached].sort(), onDisk.map((name) => `/chunks/${name}`));

    // A page the proxy refuses still gets the script, and the embed status tells it why the API
    // will not answer it; the API itself grants it nothing.
    const script = await stack.call('GET', '/petition-embed.js', { headers: { origin: 'https://evil.example' } });
    assert.equal(script.status, 200);
    assert.equal(script.headers['access-control-allow-origin'], '*');
    const status = await stack.call('GET', '/embed-status', { headers: { origin: 'https://evil.example' } });
    assert.deepEqual(status.json(), { origin: 'https://evil.example', origin_allowed: false });
    assert.equal(status.headers['access-control-allow-origin'], '*');
    assert.deepEqual((await stack.call('GET', '/embed-status', { headers: ALLOWED })).json(), { origin: ALLOWED.origin, origin_allowed: true });
    const api = await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`, { headers: { origin: 'https://evil.example' } });
    assert.equal(api.status, 403);
    assert.equal(api.headers['access-control-allow-origin'], undefined);
    // Only the elements' own files are public: the host's other files keep the origin rules.
    const hostChunk = await stack.call('GET', '/site-files/whatever.js', { headers: { origin: 'https://evil.example' } });
    assert.equal(hostChunk.status, 403);
    assert.deepEqual(stack.leaks(), []);
  });
});
