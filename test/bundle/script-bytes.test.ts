// The script a page fetches before anyone touches it (issue 32), weighed in Chromium on the built
// embed (dist/ from `vite build`): every script response until the element is interactive and the
// network is idle, each gzipped at level 9. What only a signer needs (the proof of work, the
// address rules, the validation, the thank-you) comes on the form's first touch, not before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';
import { BYTES_PAGES, scriptBytesBeforeInteraction, type BytesPage } from '../../support/script-bytes.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const page = (body: string) => ({
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bytes</title>
<script type="module" src="/${ENTRY}"></script></head><body>${body}</body></html>`,
});

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, { '/form': page(BYTES_PAGES.form), '/list': page(BYTES_PAGES.list) });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Issue 32's budgets, and what each page fetches today (the interim ceiling, held meanwhile). The
 * budgets are not met yet: Lit and @lit/task alone are about 7,000 bytes of every page, the code the
 * elements share about 4,700 more (docs/benchmarks.md, the elements section, says where the rest
 * goes and what it would take). Until the elements fit them (17,000 for the form's page, 12,000 for
 * the list's), the ceilings below hold what was won: lower them as bytes go, never raise them.
 */
const budgets: Array<[BytesPage, string, today: number, goal: number]> = [
  ['form', 'one English <petition-sign>', 20_200, 17_000],
  ['list', '<petition-signatures> alone', 14_800, 12_000],
];

const weights = new Map<BytesPage, Promise<Awaited<ReturnType<typeof scriptBytesBeforeInteraction>>>>();
const weigh = (name: BytesPage) => {
  if (!weights.has(name)) weights.set(name, scriptBytesBeforeInteraction(browser, `${site.origin}/${name}`, name));
  return weights.get(name)!;
};

for (const [name, what, today, goal] of budgets) {
  test(`a page with ${what} fetches at most ${today} bytes of script (gzip -9) before any interaction`, { skip }, async () => {
    const { total, files } = await weigh(name);
    assert.ok(files.some(([path]) => path === `/${ENTRY}`), `the entry was not fetched: ${JSON.stringify(files)}`);
    assert.ok(total <= today, `${total} bytes: ${files.map(([path, size]) => `${path} ${size}`).join(', ')}`);
  });

  // Reported, not failed, until the elements fit (node:test's todo): see the comment above.
  test(`issue 32's goal: a page with ${what} fetches at most ${goal} bytes of script before any interaction`, { skip, todo: 'not met yet (docs/benchmarks.md)' }, async () => {
    const { total } = await weigh(name);
    assert.ok(total <= goal, `${total} bytes, over the goal of ${goal}`);
  });
}
