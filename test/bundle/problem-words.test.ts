// A press of the submit button before the rest of English has arrived (the words of the form's
// problems travel in messages-later.ts, asked for on the first touch): the problems are written
// when they are found, so the form waits for their words as it waits for the signer schema.
// Without that wait, a summary of links with no words came when the schema arrived first, and
// stayed empty (test/e2e/demo.test.ts's axe check found six such links once). The built embed in
// Chromium, the words' chunk held back by the server until the schema's has been sent.
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

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, {
    '/form': {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>problems</title>
<script type="module" src="/${ENTRY}"></script></head><body><petition-sign petition-id="42"></petition-sign></body></html>`,
    },
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test("a submit pressed before the problems' words arrive shows each problem in words once they do", { skip }, async () => {
  const requested: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  site.seen = (path) => requested.push(path);
  site.gate = async (path) => {
    if (path.startsWith('/chunks/messages-later-')) await released;
  };
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    await tab.goto(`${site.origin}/form`);
    const form = tab.locator('petition-sign');
    // The press is the first touch: it asks for the schema, what the form sends, and the words.
    await form.locator('button[type="submit"]').click();
    const arrived = (name: string) => requested.some((path) => path.startsWith(`/chunks/${name}-`));
    for (let waited = 0; !(arrived('signature-schema') && arrived('form-outcome')) && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(arrived('signature-schema') && arrived('form-outcome'), `the schema was not asked for: ${requested.join(', ')}`);
    // Time for the schema to run, with the words still held: no summary without words.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await form.locator('.error-summary a').count(), 0, 'a summary before its words');
    release();
    await form.locator('.error-summary a').first().waitFor({ timeout: 5000 });
    const links = await form.locator('.error-summary a').allTextContents();
    assert.ok(links.length >= 3, links.join(' | '));
    assert.deepEqual(links.filter((text) => text.trim() === ''), [], links.join(' | '));
    const messages = await form.locator('.error-message').allTextContents();
    assert.equal(messages.length, links.length);
    assert.ok(messages.every((text) => text.replace('Error:', '').trim() !== ''), messages.join(' | '));
  } finally {
    release();
    await context.close();
  }
});
