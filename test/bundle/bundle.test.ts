// The built one-script embed (dist/petition-embed.js, from `vite build`): within the gzip
// budget, and working as built when a bare HTML page loads it with one <script type="module">
// in headless Chromium (Vite's transformer must not leave syntax the browser refuses).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize } from 'node:path';
import { launchChromium } from '../../support/chromium.js';
import { LANGUAGES } from '../../src/components/i18n/languages.js';
import type { Browser } from 'playwright-core';

const dist = new URL('../../dist/', import.meta.url).pathname;
const bundle = join(dist, 'petition-embed.js');
const BUDGET_BYTES = 20 * 1024;
/** The proof of work's solver, loaded on the form's first touch (src/components/petition-sign/proof-of-work.ts). */
const PROOF_BUDGET_BYTES = 3 * 1024;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(bundle);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bundle</title>
<script type="module" src="/petition-embed.js"></script></head>
<body>
<petition-sign petition-id="42"></petition-sign>
<petition-signatures petition-id="42"></petition-signatures>
<petition-signatures petition-id="42" mode="list"></petition-signatures>
</body></html>`;

const SUMMARY = {
  petition_id: 42,
  title: 'Save the park',
  status: 'open',
  overview: '',
  targets: [],
  signature_count: 12345,
  goal: null,
  end_at: null,
  url: null,
  image_url: null,
  confirm_signers: false,
  accepting_signatures: true,
  key_status: 'granted',
  operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
};
const SIGNATURE = {
  name: 'Ada Lovelace',
  city: 'London',
  state_province: '',
  country_name: 'United Kingdom',
  country_code: 'GB',
  signed_on: new Date(Date.now() - 120_000).toISOString(),
};
const PAGE_OF_SIGNATURES = {
  signature_count: 1,
  prev_page_endpoint: null,
  next_page_endpoint: null,
  page: 1,
  total_pages: 1,
  signatures: [SIGNATURE],
};

/** Serves the page, dist/ and the proxy's /api routes that the elements read. */
function serve(): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(PAGE);
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname === '/api/petitions/42') return json(200, SUMMARY);
    if (url.pathname === '/api/petitions/42/signatures/recent') return json(200, [SIGNATURE]);
    if (url.pathname === '/api/petitions/42/signatures') return json(200, PAGE_OF_SIGNATURES);
    if (url.pathname.startsWith('/api/')) return json(404, { result: 'failure', messages: ['not found'] });
    const file = normalize(join(dist, url.pathname));
    if (!file.startsWith(dist) || extname(file) !== '.js' || !existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(await readFile(file));
  });
}

let server: Server;
let browser: Browser;
let origin: string;

before(async () => {
  if (!built) return;
  server = serve();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

test('the English bundle is at most 20 KB gzipped', { skip: !built && 'bundle not built' }, async () => {
  const size = gzipSync(await readFile(bundle), { level: 9 }).length;
  assert.ok(size <= BUDGET_BYTES, `dist/petition-embed.js is ${size} bytes gzipped, over ${BUDGET_BYTES}`);
  // The languages (English too) are separate chunks, not inside the bundle.
  const locales = await readdir(join(dist, 'chunks'));
  for (const locale of ['messages', 'catalogue-chunks', 'es', 'fr', 'de', 'it', 'pt-pt', 'pt-br', 'nl', 'ar', 'he', 'zh-hans', 'zh-hant', 'share-step']) assert.ok(locales.some((name) => name.startsWith(`${locale}-`)), `no ${locale} chunk`);
});

test('the proof of work is a chunk of its own, at most 3 KB gzipped, not in the bundle', { skip: !built && 'bundle not built' }, async () => {
  const chunks = (await readdir(join(dist, 'chunks'))).filter((name) => name.startsWith('proof-of-work-'));
  assert.equal(chunks.length, 1, `proof-of-work chunks: ${chunks.join(', ')}`);
  const size = gzipSync(await readFile(join(dist, 'chunks', chunks[0]!)), { level: 9 }).length;
  assert.ok(size <= PROOF_BUDGET_BYTES, `${chunks[0]} is ${size} bytes gzipped, over ${PROOF_BUDGET_BYTES}`);
  // The solver's code travels only in the chunk.
  assert.ok(!(await readFile(bundle, 'utf8')).includes('SHA-256'), 'the bundle carries the solver');
});

test('the bundle is one ES module: no other top-level file, and its chunks import nothing but it', { skip: !built && 'bundle not built' }, async () => {
  // (`npm run build` also writes dist/lib and dist/custom-elements.json for npm: not the bundle.)
  const topLevelScripts = (await readdir(dist)).filter((name) => /\.m?js$/.test(name));
  assert.deepEqual(topLevelScripts, ['petition-embed.js']);
  const chunks = await readdir(join(dist, 'chunks'));
  // A catalogue per language, the table of them, the proof of work and the share step.
  assert.equal(chunks.length, LANGUAGES.length + 3, `chunks: ${chunks.join(', ')}`);
  for (const chunk of chunks) {
    const code = await readFile(join(dist, 'chunks', chunk), 'utf8');
    const imports = [...code.matchAll(/\bfrom\s*["'`]([^"'`]+)["'`]|\bimport\s*\(?\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1] ?? m[2]);
    // The table of languages loads the catalogues beside it, and nothing else.
    const allowed = (specifier: string | undefined) =>
      specifier === '../petition-embed.js' || (chunk.startsWith('catalogue-chunks-') && chunks.includes(specifier?.replace(/^\.\//, '') ?? ''));
    assert.deepEqual([...new Set(imports)].filter((specifier) => !allowed(specifier)), [], `${chunk} imports`);
  }
});

test('the built bundle runs in a bare page: both elements render, no page error', { skip: !built && 'bundle not built' }, async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  const localeRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/chunks/')) localeRequests.push(new URL(request.url()).pathname);
  });
  try {
    await page.goto(`${origin}/`);
    const sign = page.locator('petition-sign');
    await sign.locator('[part="count"]').waitFor();
    assert.equal((await sign.locator('[part="count"]').textContent())?.trim(), '12,345 people have signed');
    assert.equal(await sign.locator('.notice a').count(), 2);
    assert.equal((await sign.locator('button[type="submit"]').textContent())?.trim(), 'Sign this petition');

    const recent = page.locator('petition-signatures').first();
    await recent.locator('[part="name"]').waitFor();
    assert.equal(await recent.locator('[part="name"]').textContent(), 'Ada Lovelace');
    assert.equal((await recent.locator('time').textContent())?.trim(), '2 minutes ago');

    // An English page loads the English words, once, and no other language.
    assert.equal(localeRequests.length, 1, `chunk requests: ${localeRequests.join(', ')}`);
    assert.match(localeRequests[0]!, /^\/chunks\/messages-[\w-]+\.js$/);
    // German comes from its own chunk, loaded relative to the bundle's URL, when the page switches,
    // found through the table of languages, itself a chunk.
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'de'));
    await page.waitForFunction(
      () => document.querySelector('petition-signatures[mode="list"]')?.shadowRoot?.querySelector('[part="total"]')?.textContent?.trim() === '1 Unterschrift',
    );
    assert.equal((await sign.locator('[part="count"]').textContent())?.trim(), '12.345 Personen haben unterschrieben');
    assert.equal((await recent.locator('time').textContent())?.trim(), 'vor 2 Minuten');
    assert.equal(localeRequests.length, 3, `chunk requests: ${localeRequests.join(', ')}`);
    assert.match(localeRequests[1]!, /^\/chunks\/catalogue-chunks-[\w-]+\.js$/);
    assert.match(localeRequests[2]!, /^\/chunks\/de-[\w-]+\.js$/);

    // A second copy of the script must not throw on the already-defined tags.
    await page.addScriptTag({ type: 'module', content: `await import('${origin}/petition-embed.js?copy=2');` });
    await page.waitForTimeout(100);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
