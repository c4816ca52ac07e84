// Regenerates docs/demo.png, the README's picture of the demo:
//   node --import tsx scripts/screenshot-demo.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevStack } from '../src/dev/stack.js';
import { launchChromium } from '../support/chromium.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-screenshot-'));
const stack = await startDevStack({ root, dataDir, port: 0, seedCount: 3000, log: () => {} });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1560 }, locale: 'en-GB' });
  await page.goto(stack.url);
  await page.locator('petition-signatures time').first().waitFor({ timeout: 10_000 });
  await page.screenshot({ path: join(root, 'docs', 'demo.png') });
} finally {
  await browser.close();
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
