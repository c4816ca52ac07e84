// The script files compressed: br or gzip as Accept-Encoding asks, identity otherwise, an ETag per
// coding, Vary: Origin, Accept-Encoding, and the compression done once per file version (at start,
// or when the file changes), never per request.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { assetFiles } from '../../../src/proxy/assets/asset-files.js';
import { assetRoutes, isElementAsset } from '../../../src/proxy/assets/asset-routes.js';
import type { ContentCoding } from '../../../src/proxy/assets/asset-encoding.js';
import { OriginRules, originPolicy } from '../../../src/proxy/visitors/origin-policy.js';
import { Stack, keysDecided } from '../stack.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The bytes as sent: no client in between that would decompress them. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) flat[name] = String(value);
        resolve({ status: incoming.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The file as it was sent, decompressed by what Content-Encoding says. */
function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  assert.equal(coding, undefined);
  return answer.body;
}

/** A script large and varied enough that both codings shrink it. */
function script(seed: string): Buffer {
  const lines = Array.from({ length: 400 }, (_, i) => `export const ${seed}${i} = ${JSON.stringify(`${seed} line ${i * 7919 % 1000}`)};`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

const ENTRY = '/petition-embed.js';
const CHUNK = '/chunks/de-B2x9kQ1a.js';

describe('the script files compressed, through the proxy', () => {
  const stack = new Stack();
  const files = { [ENTRY]: script('entry'), [CHUNK]: script('chunk') };
  let base: string;
  before(async () => {
    mkdirSync(join(stack.dir, 'assets', 'chunks'), { recursive: true });
    for (const [path, bytes] of Object.entries(files)) writeFileSync(join(stack.dir, 'assets', path), bytes);
    await stack.start();
    await keysDecided(stack.proxy!);
    base = stack.proxy!.url;
  });
  after(() => stack.close());

  test('br, gzip or identity as Accept-Encoding asks, with its q-values; the bytes decompress to exactly the file', async () => {
    const cases: Array<[string | undefined, ContentCoding | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['BR', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['*', 'br'],
      ['br;q=0, *;q=0.1', 'gzip'],
      ['deflate, *;q=0', undefined],
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['BR;Q=0, gzip;q=0.000', undefined],
      ['identity;q=1, br;q=0.2', undefined],
      ['br;q=2, gzip', 'gzip'],
    ];
    for (const [path, file] of Object.entries(files)) {
      for (const [accept, expected] of cases) {
        const what = `${path} with Accept-Encoding ${JSON.stringify(accept)}`;
        const answer = await rawGet(base, path, accept === undefined ? {} : { 'accept-encoding': accept });
        assert.equal(answer.status, 200, what);
        assert.equal(answer.headers['content-encoding'], expected, what);
        assert.deepEqual(decoded(answer), file, what);
        assert.equal(Number(answer.headers['content-length']), answer.body.length, what);
        if (expected !== undefined) assert.ok(answer.body.length < file.length / 3, `${what}: ${answer.body.length} bytes`);
        assert.equal(answer.headers.vary, 'Origin, Accept-Encoding', what);
        assert.equal(answer.headers['content-type'], 'text/javascript; charset=utf-8', what);
      }
    }
  });

  test('a refused page gets the compressed script too, with the same caching', async () => {
    const entry = await rawGet(base, ENTRY, { origin: 'https://evil.example', 'accept-encoding': 'br' });
    assert.equal(entry.status, 200);
    assert.equal(entry.headers['content-encoding'], 'br');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    assert.equal(entry.headers.vary, 'Origin, Accept-Encoding');
    assert.equal(entry.headers['cache-control'], 'public, max-age=300');
    const chunk = await rawGet(base, CHUNK, { 'accept-encoding': 'gzip' });
    assert.equal(chunk.headers['content-encoding'], 'gzip');
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('an ETag per coding; If-None-Match is 304 only for the coding it was given with', async () => {
    const tags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) tags.set(accept, (await rawGet(base, ENTRY, { 'accept-encoding': accept })).headers.etag!);
    const identity = tags.get('identity')!;
    assert.match(identity, /^"[0-9a-f]+-[0-9a-f]+"$/);
    assert.equal(tags.get('br'), `${identity.slice(0, -1)}-br"`);
    assert.equal(tags.get('gzip'), `${identity.slice(0, -1)}-gz"`);

    for (const [accept, tag] of tags) {
      const unchanged = await rawGet(base, ENTRY, { 'accept-encoding': accept, 'if-none-match': tag });
      assert.equal(unchanged.status, 304, accept);
      assert.equal(unchanged.body.length, 0, accept);
      assert.equal(unchanged.headers.etag, tag, accept);
      assert.equal(unchanged.headers.vary, 'Origin, Accept-Encoding', accept);
      assert.equal(unchanged.headers['cache-control'], 'public, max-age=300', accept);
      // Another coding's tag never revalidates: a cache would otherwise keep bytes it cannot read.
      for (const [otherAccept, otherTag] of tags) {
        if (otherAccept === accept) continue;
        const other = await rawGet(base, ENTRY, { 'accept-encoding': accept, 'if-none-match': otherTag });
        assert.equal(other.status, 200, `${otherTag} with ${accept}`);
        assert.equal(other.headers.etag, tag, `${otherTag} with ${accept}`);
        assert.deepEqual(decoded(other), files[ENTRY]);
      }
    }
  });
});

describe('compressed once per version of a file, never per request', () => {
  const dir = mkdtempSync(join(tmpdir(), 'petition-assets-'));
  /** Each call of the compressor, and what it returned. */
  const made: Array<{ coding: ContentCoding; bytes: Uint8Array }> = [];
  let server: Server;
  let base: string;
  let prepared: Promise<void>;
  before(async () => {
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'petition-embed.js'), script('entry'));
    writeFileSync(join(dir, 'chunks', 'de-B2x9kQ1a.js'), script('chunk'));
    // A module of the package's dist/lib: servable, but no page loads it.
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'module.js'), script('module'));
    // Settings the proxy never uses, so bytes compressed anywhere else would not match these.
    const files = assetFiles(dir, {
      compress: async (body, coding) => {
        const bytes = coding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }) : gzipSync(body, { level: 2 });
        made.push({ coding, bytes });
        return bytes;
      },
      // As the proxy preloads: only the elements' own files.
      preload: (path) => isElementAsset(`/${path}`),
    });
    prepared = files.prepared;
    // The proxy's own parts, composed as app.ts does, with the compressor counted.
    const app = new Hono();
    app.use(originPolicy(new OriginRules([]), isElementAsset));
    app.route('/', assetRoutes(files));
    server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started as Server));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const sent = (answer: RawAnswer) => made.filter((entry) => Buffer.from(entry.bytes).equals(answer.body));

  test('at start the elements\' scripts (not dist/lib); then requests only send what was made', async () => {
    await prepared;
    assert.deepEqual(made.map((entry) => entry.coding).sort(), ['br', 'br', 'gzip', 'gzip']);
    for (let round = 0; round < 10; round++) {
      for (const path of [ENTRY, CHUNK]) {
        for (const accept of ['br', 'gzip']) {
          const answer = await rawGet(base, path, { 'accept-encoding': accept });
          assert.equal(answer.headers['content-encoding'], accept);
          // The very bytes made at start, not a copy compressed again for this request.
          assert.equal(sent(answer).length, 1, `${path} ${accept}`);
        }
      }
    }
    assert.equal(made.length, 4);
  });

  test('a changed file is compressed once more, on its first request, and then served from memory', async () => {
    writeFileSync(join(dir, 'petition-embed.js'), script('changed'));
    const first = await rawGet(base, ENTRY, { 'accept-encoding': 'br' });
    assert.deepEqual(decoded(first), script('changed'));
    assert.equal(made.length, 6);
    for (let i = 0; i < 10; i++) assert.equal(sent(await rawGet(base, ENTRY, { 'accept-encoding': i % 2 ? 'br' : 'gzip' })).length, 1);
    assert.equal(made.length, 6);

    writeFileSync(join(dir, 'chunks', 'fr-C3y0lR2b.js'), script('added'));
    for (let i = 0; i < 5; i++) assert.deepEqual(decoded(await rawGet(base, '/chunks/fr-C3y0lR2b.js', { 'accept-encoding': 'gzip' })), script('added'));
    assert.equal(made.length, 8);
  });

  test('a script not preloaded (dist/lib) is compressed on its first request, once', async () => {
    const before = made.length;
    for (let i = 0; i < 3; i++) assert.deepEqual(decoded(await rawGet(base, '/lib/module.js', { 'accept-encoding': 'br' })), script('module'));
    assert.equal(made.length, before + 2);
  });

  test('a file of a few bytes, which compression would grow, is sent as it is', async () => {
    writeFileSync(join(dir, 'chunks', 'xx-AAAAAAAA.js'), 'export{};\n');
    const answer = await rawGet(base, '/chunks/xx-AAAAAAAA.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.body.toString(), 'export{};\n');
    assert.equal(answer.headers.vary, 'Origin, Accept-Encoding');
  });
});

// The build's bundle as the proxy serves it from dist/ (npm test builds it first).
const dist = new URL('../../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, 'petition-embed.js'));

describe('dist/petition-embed.js compressed', () => {
  const stack = new Stack({ proxy: { assetsDir: undefined } });
  before(async () => {
    await stack.start();
    await keysDecided(stack.proxy!);
  });
  after(() => stack.close());

  test('brotli quality 11 and gzip level 9: the sizes sent', { skip: !built && 'dist/ is not built (npx vite build)' }, async (t) => {
    const file = readFileSync(join(dist, 'petition-embed.js'));
    const br = await rawGet(stack.proxy!.url, ENTRY, { 'accept-encoding': 'br' });
    const gz = await rawGet(stack.proxy!.url, ENTRY, { 'accept-encoding': 'gzip' });
    assert.deepEqual(decoded(br), file);
    assert.deepEqual(decoded(gz), file);
    assert.equal(br.body.length, brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: file.length } }).length);
    assert.equal(gz.body.length, gzipSync(file, { level: 9 }).length);
    assert.ok(br.body.length < gz.body.length);
    t.diagnostic(`dist/petition-embed.js: ${file.length} bytes, br ${br.body.length}, gzip ${gz.body.length}`);
  });
});
