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
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';
import { SHIFT_PAGES, SHIFT_SIZES, causedShift, shiftsOn } from '../../support/layout-shift.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, Object.fromEntries(Object.entries(SHIFT_PAGES).map(([path, { page }]) => [path, page])));
  browser = await launchChromium();
});

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
