// Layout shift caused by the elements: 0 (Chromium's layout-shift entries, support/layout-shift.ts)
// on pages that give them nothing but the tag and a paragraph after each, at desktop and phone
// sizes, with the proxy answering at once or 300 ms late, and when it has no such petition. They
// hold their final size from the first frame: the loader reserves it for the undefined tags
// (src/shared/reserved-space.ts), their own styles once defined (petition-sign.styles.ts,
// petition-signatures.styles.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';
import { SHIFT_PAGES, SHIFT_SIZES, causedShift, shiftsOn } from '../../support/layout-shift.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

/** Each variant whose reserved size differs, one after another. */
const EVERY_KIND = ['', ' hide-phone', ' hide-reason', ' hide-phone hide-reason']
  .map((attributes) => `<petition-sign petition-id="42"${attributes}></petition-sign>`)
  .concat(['<petition-signatures petition-id="42"></petition-signatures>', '<petition-signatures petition-id="42" mode="list"></petition-signatures>'])
  .join('\n');

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, {
    ...Object.fromEntries(Object.entries(SHIFT_PAGES).map(([path, { page }]) => [path, page])),
    '/every-kind': { html: SHIFT_PAGES['/']!.page.html.replace(/<body>[\s\S]*<\/body>/, `<body>${EVERY_KIND}</body>`) },
  });
  browser = await launchChromium();
});

/** Each element's height, in the order of the page. */
async function heights(size: BrowserContextOptions, settled: (tab: Page) => Promise<void>): Promise<number[]> {
  const context = await browser.newContext(size);
  try {
    const tab = await context.newPage();
    await tab.goto(`${site.origin}/every-kind`);
    await settled(tab);
    return await tab.evaluate(() => [...document.querySelectorAll('petition-sign, petition-signatures')].map((element) => Math.round(element.getBoundingClientRect().height)));
  } finally {
    await context.close();
  }
}

after(async () => {
  await browser?.close();
  await site?.close();
});

for (const [sizeName, size] of Object.entries(SHIFT_SIZES)) {
  for (const path of ['/', '/lists']) {
    for (const latency of [0, 300]) {
      test(`${path} at ${sizeName}, the proxy answering ${latency ? `${latency} ms late` : 'at once'}: layout shift 0`, { skip }, async () => {
        const shifts = await shiftsOn(browser, `${site.origin}${path}`, SHIFT_PAGES[path]!.settled, size, latency);
        assert.equal(causedShift(shifts), 0, JSON.stringify(shifts));
      });
    }
    test(`${path} at ${sizeName}, a petition the proxy does not have: layout shift 0`, { skip }, async () => {
      const shifts = await shiftsOn(browser, `${site.origin}${path}-missing`, SHIFT_PAGES[`${path}-missing`]!.settled, size, 0);
      assert.equal(causedShift(shifts), 0, JSON.stringify(shifts));
    });
  }
}

// Below the fold a size that changed at definition shifts nothing Chromium counts: the heights
// themselves must match, for every variant, before and after the elements' code runs.
for (const [sizeName, size] of Object.entries(SHIFT_SIZES)) {
  test(`at ${sizeName}, each kind of element is as high before its code runs as once loaded`, { skip }, async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    site.gate = () => held;
    let undefinedHeights: number[];
    try {
      undefinedHeights = await heights(size, async (tab) => {
        await tab.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/petition-embed.js')));
        await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        assert.equal(await tab.evaluate(() => document.querySelectorAll(':not(:defined)').length), 6, 'the elements wait for their code');
      });
    } finally {
      site.gate = undefined;
      release();
    }
    const loadedHeights = await heights(size, async (tab) => {
      await tab.locator('petition-sign button[type="submit"]').last().waitFor();
      await tab.locator('petition-signatures [part="total"]').waitFor();
      await tab.locator('petition-signatures [part="name"]').first().waitFor();
      await tab.waitForLoadState('networkidle');
    });
    assert.deepEqual(undefinedHeights, loadedHeights);
  });
}
