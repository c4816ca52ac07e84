// Regenerates docs/console-insight.png, the README's picture of the operator's console: the demo
// petition's "Campaign at a glance" page, over the seeded signers' days.
//   node --import tsx scripts/screenshot-console.ts
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
  const page = await browser.newPage({ viewport: { width: 1280, height: 2000 }, locale: 'en-GB' });
  await page.goto(stack.console.url);
  await page.getByLabel('Email address').fill(stack.console.email);
  await page.getByLabel('Password', { exact: true }).fill(stack.console.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto(`${stack.console.url}/petitions/${stack.petitionId}/insight`);
  await page.locator('svg[role="img"]').first().waitFor({ timeout: 10_000 });
  await page.screenshot({ path: join(root, 'docs', 'console-insight.png'), fullPage: false });
} finally {
  await browser.close();
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
