// The built one-script embed (dist/ from `vite build`) in a bare HTML page in headless Chromium,
// as a site loads it: both elements render (Vite's transformer must not leave syntax the browser
// refuses); each element's code loads only when its tag is on the page, with everything it needs
// asked for at once; and a classic `<script src>` by mistake still gets a working form, with the
// fix in the console. Weights are checked in bundle-size.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY, criticalPath } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const page = (script: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bundle</title>
${script}</head>
<body>${body}</body></html>`;
const FORM = '<petition-sign petition-id="42"></petition-sign>';
const NONCE = 'r4nd0m-n0nce';
const ADD_TYPE_MODULE = 'petition-embed: add type="module" to <script src="/petition-embed.js">';

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, {
    '/': {
      html: page(
        '<script type="module" src="/petition-embed.js"></script>',
        `${FORM}<petition-signatures petition-id="42"></petition-signatures><petition-signatures petition-id="42" mode="list"></petition-signatures>`,
      ),
    },
    '/module': { html: page('<script type="module" src="/petition-embed.js"></script>', FORM) },
    '/classic': { html: page('<script src="/petition-embed.js"></script>', FORM) },
    '/defer': { html: page('<script defer src="/petition-embed.js"></script>', FORM) },
    '/classic-nonce': {
      html: page(`<script src="/petition-embed.js" nonce="${NONCE}"></script>`, FORM),
      headers: { 'content-security-policy': `script-src 'nonce-${NONCE}'` },
    },
    '/later': { html: page('<script type="module" src="/petition-embed.js"></script>', '<main></main>') },
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/** A page that records its errors (page errors, console errors, failed responses) and its chunk requests. */
async function open(path: string): Promise<{ tab: Page; errors: string[]; chunks: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  const chunks: string[] = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  tab.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  tab.on('response', (response) => void (response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`)));
  tab.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (pathname.startsWith('/chunks/')) chunks.push(pathname);
  });
  await tab.goto(`${site.origin}${path}`);
  return { tab, errors, chunks };
}

async function formRenders(tab: Page): Promise<void> {
  const submit = tab.locator('petition-sign button[type="submit"]');
  await submit.waitFor();
  assert.equal((await submit.textContent())?.trim(), 'Sign this petition');
  assert.equal(await submit.isEnabled(), true);
}

test('the built bundle runs in a bare page: both elements render, no page error', { skip }, async () => {
  const { tab, errors, chunks } = await open('/');
  const catalogues = () => chunks.filter((path) => /^\/chunks\/(messages|[a-z]{2})-/.test(path) && !path.startsWith('/chunks/by-letter-'));
  try {
    const sign = tab.locator('petition-sign');
    await sign.locator('[part="count"]').waitFor();
    assert.equal((await sign.locator('[part="count"]').textContent())?.trim(), '12,345 people have signed');
    assert.equal(await sign.locator('.notice a').count(), 2);
    await formRenders(tab);

    const recent = tab.locator('petition-signatures').first();
    await recent.locator('[part="name"]').waitFor();
    assert.equal(await recent.locator('[part="name"]').textContent(), 'Ada Lovelace');
    assert.equal((await recent.locator('time').textContent())?.trim(), '2 minutes ago');

    // An English page shows the English words that came with the shared code, and asks for no
    // language's chunk; the form's first touch brings the rest of English and the address rules
    // of the form's country only (this browser's region: the United States).
    assert.deepEqual(catalogues(), []);
    await sign.locator('input[name="first_name"]').focus();
    await sign.locator('select[name="state_province"]').waitFor();
    assert.deepEqual(chunks.filter((path) => /^\/chunks\/[a-z]-/.test(path)).map((path) => path.slice(0, 10)), ['/chunks/u-']);
    await tab.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/messages-later-')));
    assert.deepEqual(catalogues().map((path) => path.replace(/-[\w-]{8}\.js$/, '')), ['/chunks/messages-later']);
    // German comes from its own chunk, loaded relative to the bundle's URL, when the page switches.
    await tab.evaluate(() => document.documentElement.setAttribute('lang', 'de'));
    await tab.waitForFunction(
      () => document.querySelector('petition-signatures[mode="list"]')?.shadowRoot?.querySelector('[part="total"]')?.textContent?.trim() === '1 Unterschrift',
    );
    assert.equal((await sign.locator('[part="count"]').textContent())?.trim(), '12.345 Personen haben unterschrieben');
    assert.equal((await recent.locator('time').textContent())?.trim(), 'vor 2 Minuten');
    assert.equal(catalogues().length, 2, `chunk requests: ${chunks.join(', ')}`);
    assert.match(catalogues()[1]!, /^\/chunks\/de-[\w-]+\.js$/);

    // A second copy of the script must not throw on the already-defined tags.
    await tab.addScriptTag({ type: 'module', content: `await import('${site.origin}/petition-embed.js?copy=2');` });
    await tab.waitForTimeout(100);
    // The touch began a proof of work, whose challenge this bare site does not serve.
    const challenge = errors.findIndex((error) => error.endsWith('/api/petitions/42/challenge'));
    if (challenge >= 0) errors.splice(challenge, 2);
    assert.deepEqual(errors, []);
  } finally {
    await tab.close();
  }
});

for (const [path, kind] of [['/module', 'type="module"'], ['/classic', 'a classic <script src>'], ['/defer', 'a classic <script defer>'], ['/classic-nonce', 'a classic <script> under a nonce CSP']] as const) {
  test(`loaded by ${kind}, the form renders${path === '/module' ? ' and nothing is logged' : ', and the console says to add type="module"'}`, { skip }, async () => {
    const { tab, errors } = await open(path);
    try {
      await formRenders(tab);
      assert.deepEqual(errors.map((error) => error.split('. ')[0]), path === '/module' ? [] : [ADD_TYPE_MODULE]);
    } finally {
      await tab.close();
    }
  });
}

test('a tag added after load gets its element; until then no chunk is loaded', { skip }, async () => {
  const { tab, errors, chunks } = await open('/later');
  try {
    // Loaded, and no request for 500 ms: a chunk the loader wanted would have been asked for.
    await tab.waitForLoadState('networkidle');
    assert.equal(chunks.length, 0, `chunks before the tag: ${chunks.join(', ')}`);
    await tab.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<div><petition-signatures petition-id="42"></petition-signatures></div>'));
    await tab.locator('petition-signatures [part="name"]').waitFor();
    assert.ok(!chunks.some((path) => path.startsWith('/chunks/petition-sign-')), `the form's code was loaded: ${chunks.join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await tab.close();
  }
});

test("no waterfall: every chunk the form needs is asked for before any of them arrives", { skip }, async () => {
  const needed = new Set(criticalPath(dist, 'petition-sign').filter((file) => file !== ENTRY).map((file) => `/${file}`));
  const asked = new Set<string>();
  let everyoneAsked = () => {};
  const allAsked = new Promise<'all asked'>((resolve) => (everyoneAsked = () => resolve('all asked')));
  const outcome = Promise.race([allAsked, new Promise<'timed out'>((resolve) => setTimeout(resolve, 3000, 'timed out'))]);
  // Each chunk's answer waits until the whole set was asked for (or three seconds, then fails).
  site.gate = async (path) => {
    asked.add(path);
    if ([...needed].every((file) => asked.has(file))) everyoneAsked();
    await outcome;
  };
  try {
    const { tab, errors } = await open('/module');
    await formRenders(tab);
    assert.equal(await outcome, 'all asked', `asked for ${[...asked].join(', ')} before any answer; needed ${[...needed].join(', ')}`);
    assert.deepEqual(errors, []);
    await tab.close();
  } finally {
    site.gate = undefined;
  }
});
