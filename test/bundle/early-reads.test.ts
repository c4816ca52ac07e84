// The petition's data starts loading as soon as the embed's loader runs, in parallel with the
// element's code (issue 32): the server holds back the element's chunk until the petition's
// request has arrived, so the form renders only if the loader asked for it on its own; and the
// element uses that answer rather than asking again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const page = (body: string) => ({
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>early reads</title>
<script type="module" src="/${ENTRY}"></script></head><body>${body}</body></html>`,
});

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, {
    '/form': page('<petition-sign petition-id="42"></petition-sign>'),
    '/recent': page('<petition-signatures petition-id="42"></petition-signatures>'),
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Opens `path` with the element's chunk held until `read` has been asked for (or 5 seconds have
 * passed); resolves with whether the read came first, and every API request the page made.
 */
async function holdChunkUntil(path: string, chunk: RegExp, read: string, ready: string) {
  const api: string[] = [];
  let arrived = () => {};
  const readArrived = new Promise<'read first'>((resolve) => (arrived = () => resolve('read first')));
  const outcome = Promise.race([readArrived, new Promise<'chunk first'>((resolve) => setTimeout(resolve, 5000, 'chunk first'))]);
  site.seen = (request) => {
    if (request.startsWith('/api/')) api.push(request);
    if (request === read) arrived();
  };
  site.gate = async (file) => {
    if (chunk.test(file)) await outcome;
  };
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`${site.origin}${path}`);
    await tab.locator(ready).first().waitFor();
    return { order: await outcome, api };
  } finally {
    await context.close();
    site.seen = undefined;
    site.gate = undefined;
  }
}

test("the form's petition is asked for before the form's code has arrived, and only once", { skip }, async () => {
  const { order, api } = await holdChunkUntil('/form', /^\/chunks\/petition-sign-/, '/api/petitions/42', 'petition-sign button[type="submit"]');
  assert.equal(order, 'read first');
  assert.deepEqual(api, ['/api/petitions/42']);
});

test('the recent signers are asked for before the list\'s code has arrived, and only once', { skip }, async () => {
  const { order, api } = await holdChunkUntil('/recent', /^\/chunks\/petition-signatures-/, '/api/petitions/42/signatures/recent', 'petition-signatures [part="name"]');
  assert.equal(order, 'read first');
  assert.deepEqual(api, ['/api/petitions/42/signatures/recent']);
});
