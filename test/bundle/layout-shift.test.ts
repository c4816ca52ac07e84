// Layout shift caused by the elements, in Chromium's own measure (the `layout-shift` entries Core
// Web Vitals' CLS sums): 0 on pages that give them nothing but the tag and a paragraph after each,
// at desktop and phone sizes, with the proxy answering at once or 300 ms late, and when it has no
// such petition. They hold their final size from the first frame: the loader reserves it for the
// undefined tags (src/shared/reserved-space.ts), their own styles once defined
// (petition-sign.styles.ts, petition-signatures.styles.ts). The loader's tag carries
// blocking="render": a module script runs after the page's first frame, so without it the page
// paints once before anything can reserve the space.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Layout shift</title>
<script type="module" blocking="render" src="/petition-embed.js"></script></head>
<body>${body}</body></html>`;

/** Petition 42 answers (support/bundle-site.ts); 7 is one the proxy does not have. */
const PAGES = {
  '/': (id: number) => `<petition-sign petition-id="${id}"></petition-sign><p>After the form.</p>
<petition-signatures petition-id="${id}"></petition-signatures><p>After the list.</p>`,
  // The lists first: below the form they would be out of sight, where Chromium counts no shift.
  '/lists': (id: number) => `<petition-signatures petition-id="${id}"></petition-signatures><p>After the recent signers.</p>
<petition-signatures petition-id="${id}" mode="list"></petition-signatures><p>After the list.</p>`,
};

const SIZES: Record<string, BrowserContextOptions> = {
  'desktop 1280x720': { viewport: { width: 1280, height: 720 } },
  'phone 390x844': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

/**
 * In the page from its first moment: every layout-shift entry, with whether one of its sources is
 * an element, inside one, after one, or around one (the body whose content moved). A string, not
 * a function: tsx would wrap a function's inner helpers in a `__name` the page lacks.
 */
const RECORD_SHIFTS = `(() => {
  const shifts = (window.layoutShifts = []);
  const caused = (node) => {
    if (!node) return true;
    while (node.getRootNode() instanceof ShadowRoot) node = node.getRootNode().host;
    return [...document.querySelectorAll('petition-sign, petition-signatures')].some(
      (element) => element === node || element.contains(node) || node.contains(element) || element.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
  };
  const record = (entries) => {
    for (const entry of entries) {
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        caused: entry.sources.some((source) => caused(source.node)),
        sources: entry.sources.map((source) => (source.node?.nodeName ?? 'gone') + ' ' + source.previousRect.y + '->' + source.currentRect.y),
      });
    }
  };
  window.layoutShiftObserver = new PerformanceObserver((list) => record(list.getEntries()));
  window.layoutShiftObserver.observe({ type: 'layout-shift', buffered: true });
  window.takeLayoutShifts = () => {
    record(window.layoutShiftObserver.takeRecords());
    return shifts;
  };
})();`;

interface Shift {
  value: number;
  at: number;
  caused: boolean;
  sources: string[];
}

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  const pages = Object.fromEntries(
    Object.entries(PAGES).flatMap(([path, body]) => [
      [path, { html: page(body(42)) }],
      [`${path}-missing`, { html: page(body(7)) }],
    ]),
  );
  site = await serveBundle(dist, pages);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

/** The page's shifts once every element shows what it will show: `settled` selectors, in the page's shadow roots. */
async function shiftsOn(path: string, size: BrowserContextOptions, latency: number, settled: string[]): Promise<Shift[]> {
  const context = await browser.newContext(size);
  try {
    const tab = await context.newPage();
    if (latency > 0) {
      await tab.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, latency));
        await route.continue();
      });
    }
    await tab.addInitScript(RECORD_SHIFTS);
    await tab.goto(`${site.origin}${path}`);
    for (const selector of settled) await tab.locator(selector).first().waitFor({ timeout: 20_000 });
    // Two frames after the last change: the frame that drew it has been scored.
    await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return (await tab.evaluate('window.takeLayoutShifts()')) as Shift[];
  } finally {
    await context.close();
  }
}

/**
 * The sum of the shifts the elements caused. Every entry counts, with recent input or not: the
 * test gives none, and Chromium marks some shifts of an emulated phone's first second as
 * following input, which would hide them.
 */
function causedShift(shifts: Shift[]): number {
  return shifts.filter((shift) => shift.caused).reduce((sum, shift) => sum + shift.value, 0);
}

const LOADED = {
  '/': ['petition-sign [part="count"]', 'petition-sign select[name="state_province"]', 'petition-signatures [part="name"]'],
  '/lists': ['petition-signatures:not([mode]) [part="name"]', 'petition-signatures[mode="list"] [part="total"]'],
};
const FAILED = {
  '/': ['petition-sign [role="alert"]', 'petition-signatures [role="alert"]'],
  '/lists': ['petition-signatures:not([mode]) [role="alert"]', 'petition-signatures[mode="list"] [role="alert"]'],
};

for (const [sizeName, size] of Object.entries(SIZES)) {
  for (const path of Object.keys(PAGES) as Array<keyof typeof PAGES>) {
    for (const latency of [0, 300]) {
      test(`${path} at ${sizeName}, the proxy answering ${latency ? `${latency} ms late` : 'at once'}: layout shift 0`, { skip }, async () => {
        const shifts = await shiftsOn(path, size, latency, LOADED[path]);
        assert.equal(causedShift(shifts), 0, JSON.stringify(shifts));
      });
    }
    test(`${path} at ${sizeName}, a petition the proxy does not have: layout shift 0`, { skip }, async () => {
      const shifts = await shiftsOn(`${path}-missing`, size, 0, FAILED[path]);
      assert.equal(causedShift(shifts), 0, JSON.stringify(shifts));
    });
  }
}
