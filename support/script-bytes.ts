// What a page with the embed costs in script before anyone touches it: every script response the
// page received until its elements are interactive and the network has gone quiet, each body
// gzipped at level 9 (as the budgets count files). Shared by the budget test
// (test/bundle/script-bytes.test.ts) and the time-to-form benchmark (bench/elements/).
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

/** The two pages the budgets name: one English form, and the recent signers alone. */
export const BYTES_PAGES = {
  form: '<petition-sign petition-id="42"></petition-sign>',
  list: '<petition-signatures petition-id="42"></petition-signatures>',
} as const;
export type BytesPage = keyof typeof BYTES_PAGES;

/** Resolves once the page's element can be used: the form's submit button, or a signer's name. */
async function interactive(tab: Page, page: BytesPage): Promise<void> {
  if (page === 'form') {
    await tab.locator('petition-sign button[type="submit"]').waitFor();
    await tab.locator('petition-sign input[name="first_name"]').waitFor();
  } else await tab.locator('petition-signatures [part="name"]').first().waitFor();
}

export interface ScriptBytes {
  /** Sum of the gzipped bodies. */
  total: number;
  /** Each script's path and gzipped size, in the order they arrived. */
  files: Array<[path: string, gzipped: number]>;
}

/** Opens `url`, waits until the element is interactive and the network idle, and weighs the scripts. */
export async function scriptBytesBeforeInteraction(browser: Browser, url: string, page: BytesPage): Promise<ScriptBytes> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const bodies: Array<Promise<[string, number]>> = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      bodies.push(response.body().then((body) => [path, gzipSync(body, { level: 9 }).length]));
    });
    await tab.goto(url);
    await interactive(tab, page);
    // No request for 500 ms: whatever the elements load on their own, unprompted, has been asked for.
    await tab.waitForLoadState('networkidle');
    const files = await Promise.all(bodies);
    return { total: files.reduce((sum, [, size]) => sum + size, 0), files };
  } finally {
    await context.close();
  }
}
