// The iframe embed page's first height message is its real height (issue 32): the page's
// render-blocking style sheet reserves the elements' space before their code runs
// (src/shared/reserved-space.ts), so the host page sizes the frame once, instead of to the empty
// page's padding, then the loading message, then the form. At desktop and phone widths, against
// the real stack as `petition-embed dev` runs it; test/e2e/iframe-embed.test.ts covers the rest.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { startDevStack, type DevStack } from '../../src/dev/stack.js';
import { launchChromium } from '../../support/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

let stack: DevStack;
let dataDir: string;
let browser: Browser;
let host: Server;
let hostOrigin: string;

/** A host page that frames one embed page and keeps every height message it gets, in order. */
function hostPage(path: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title></head>
<body><script>
window.heights = [];
addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(new URL(stack.proxy.url).origin)} && event.data && event.data.type === 'petition-embed:height') window.heights.push(event.data.height);
});
</script><iframe src="${stack.proxy.url}${path}" title="Petition" height="300" style="display: block; width: 100%; border: 0"></iframe></body></html>`;
}

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-first-height-'));
  host = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(hostPage(request.url === '/signatures' ? `/embed/${stack.petitionId}/signatures` : `/embed/${stack.petitionId}?country=US`));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  stack = await startDevStack({ root, dataDir, port: 0, seedCount: 12, frameOrigins: [hostOrigin], log: () => undefined });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.close();
  host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SIZES: Record<string, BrowserContextOptions> = {
  'desktop 1280x720': { viewport: { width: 1280, height: 720 } },
  'phone 390x844': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};

for (const [sizeName, size] of Object.entries(SIZES)) {
  for (const [what, path, loaded] of [
    ['the form', '/', 'petition-sign [part="count"]'],
    ['the recent signers', '/signatures', 'petition-signatures [part="name"]'],
  ] as const) {
    test(`${what} at ${sizeName}: the first height message is the frame's final height`, async () => {
      const context = await browser.newContext(size);
      try {
        const page = await context.newPage();
        await page.goto(`${hostOrigin}${path}`);
        const frame = await (await page.waitForSelector('iframe')).contentFrame();
        assert.ok(frame);
        await frame.locator(loaded).first().waitFor();
        await frame.waitForLoadState('networkidle');
        // Two frames after the last change: a change of height would have been posted.
        await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const final = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
        await page.waitForFunction((height) => (window as unknown as { heights: number[] }).heights.includes(height), final);
        const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
        assert.deepEqual(heights, [final], `the heights posted: ${heights.join(', ')}`);
      } finally {
        await context.close();
      }
    });
  }
}
