// Layout shift caused by the elements, in Chromium's own measure (the `layout-shift` entries Core
// Web Vitals' CLS sums), on pages that give them nothing but the tag and a paragraph after each.
// Shared by test/bundle/layout-shift.test.ts, which holds it at 0, and bench/elements/, which
// reports it. The pages load the embed with README.md's own script tag, blocking="render"
// on it: a module script runs after the page's first frame, so without it the page paints
// once before anything can reserve the elements' space.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import type { Page } from './bundle-site.js';

/** README.md's script tag, as a site owner pastes it, pointed at the test's own proxy. */
function readmeScriptTag(): string {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const tag = /<script type="module"[^>]*src="https:\/\/proxy\.example\.org\/petition-embed\.js"><\/script>/.exec(readme)?.[0];
  if (!tag) throw new Error("README.md's first snippet no longer has the loader's script tag");
  return tag.replace('https://proxy.example.org', '');
}

export const SHIFT_SIZES: Record<string, BrowserContextOptions> = {
  'desktop 1280x720': { viewport: { width: 1280, height: 720 } },
  'phone 390x844': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

const page = (body: string): Page => ({
  html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Layout shift</title>
${readmeScriptTag()}</head>
<body>${body}</body></html>`,
});

/**
 * The pages, for support/bundle-site.ts (petition 42 answers there): the form and the recent
 * signers; the two lists first, since below the form they would be out of sight, where Chromium
 * counts no shift; and each of them again for a petition the proxy does not have ("-missing").
 * With, for each, what shows once every element has what it will show untouched (the form's
 * address rules come on its first touch).
 */
export const SHIFT_PAGES: Record<string, { page: Page; settled: string[] }> = {};
for (const [path, body, loaded, failed] of [
  [
    '/',
    (id: number) => `<petition-sign petition-id="${id}"></petition-sign><p>After the form.</p>
<petition-signatures petition-id="${id}"></petition-signatures><p>After the list.</p>`,
    ['petition-sign [part="count"]', 'petition-sign button[type="submit"]', 'petition-signatures [part="name"]'],
    ['petition-sign [role="alert"]', 'petition-signatures [role="alert"]'],
  ],
  [
    '/lists',
    (id: number) => `<petition-signatures petition-id="${id}"></petition-signatures><p>After the recent signers.</p>
<petition-signatures petition-id="${id}" mode="list"></petition-signatures><p>After the list.</p>`,
    ['petition-signatures:not([mode]) [part="name"]', 'petition-signatures[mode="list"] [part="total"]'],
    ['petition-signatures:not([mode]) [role="alert"]', 'petition-signatures[mode="list"] [role="alert"]'],
  ],
] as const) {
  SHIFT_PAGES[path] = { page: page(body(42)), settled: [...loaded] };
  SHIFT_PAGES[`${path}-missing`] = { page: page(body(7)), settled: [...failed] };
}

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
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  window.takeLayoutShifts = () => {
    record(observer.takeRecords());
    return shifts;
  };
})();`;

export interface Shift {
  value: number;
  /** ms after the page's start. */
  at: number;
  caused: boolean;
  sources: string[];
}

/**
 * The shifts of one load of `url` (a fresh context of `size`), the API's answers held back
 * `latency` ms, once every element shows what it will show (`settled`, from SHIFT_PAGES).
 */
export async function shiftsOn(browser: Browser, url: string, settled: readonly string[], size: BrowserContextOptions, latency: number): Promise<Shift[]> {
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
    await tab.goto(url);
    for (const selector of settled) await tab.locator(selector).first().waitFor({ timeout: 20_000 });
    // Nothing more on its way: what a page loads without being touched has all arrived.
    await tab.waitForLoadState('networkidle');
    // Two frames after the last change: the frame that drew it has been scored.
    await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return (await tab.evaluate('window.takeLayoutShifts()')) as Shift[];
  } finally {
    await context.close();
  }
}

/**
 * The sum of the shifts the elements caused. Every entry counts, with recent input or not: the
 * pages get none, and Chromium marks some shifts of an emulated phone's first second as
 * following input, which would hide them.
 */
export function causedShift(shifts: Shift[]): number {
  return shifts.filter((shift) => shift.caused).reduce((sum, shift) => sum + shift.value, 0);
}
