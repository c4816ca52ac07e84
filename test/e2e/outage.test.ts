// Through an outage of the petition service, in real Chromium: a page read once before the outage
// is served from the proxy's last good answers, so a new visitor during the outage still sees
// the form and the list with nothing alarming, signs (into the outbox), and their signature is
// listed once the service is back.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { Stack, eventually, keysDecided } from '../proxy/stack.js';
import { launchChromium } from '../../support/chromium.js';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

describe('a new visitor while the petition service is down', () => {
  let site: Server;
  let siteOrigin: string;
  let stack: Stack;
  let browser: Browser;
  let petition: number;

  before(async () => {
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html>
<html lang="en-US"><head><meta charset="utf-8"><title>Save the park</title>
<script type="module" src="${stack.proxy!.url}/petition-embed.js"></script></head>
<body><main><h1>Save the park</h1>
<petition-sign petition-id="${petition}"></petition-sign>
<petition-signatures petition-id="${petition}"></petition-signatures></main></body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // The proxy serves the built bundle (npm test builds it before the node tests). cacheSeconds 0:
    // during the outage only the last good answers can answer, never the short-lived cache.
    stack = await new Stack({ seedPerPetition: 3, config: { allowedOrigins: [siteOrigin], cacheSeconds: 0 }, proxy: { assetsDir: undefined } }).start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
    site?.close();
  });

  async function open(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ locale: 'en-US' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(siteOrigin);
    return { page, errors };
  }

  async function audit(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: axeSource });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
      const { violations } = await axe.run(document);
      return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
    });
  }

  test('reads once, then during the outage loads the form and the list, signs, and is listed after', async () => {
    const first = await open();
    const listedBefore = first.page.locator('petition-signatures li');
    await listedBefore.first().waitFor({ timeout: 10_000 });
    const namesBefore = await listedBefore.allInnerTexts();
    await first.page.close();

    await stack.stopService();
    const { page, errors } = await open();
    const form = page.locator('petition-sign');
    await form.getByLabel('First name').waitFor({ timeout: 10_000 });
    // The list shows its last state, and nothing says the petition could not be loaded.
    const list = page.locator('petition-signatures li');
    await list.first().waitFor({ timeout: 10_000 });
    assert.deepEqual(await list.allInnerTexts(), namesBefore);
    assert.equal(await page.getByText(/could not be loaded|unavailable|try again/i).count(), 0);
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(await audit(page), []);

    await form.getByLabel('First name').fill('Octavia');
    await form.getByLabel('Last name').fill('Outage');
    await form.getByLabel('Email').fill(`octavia.${Date.now()}@example.net`);
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('Address', { exact: true }).fill('1 Park Lane');
    await form.getByLabel('Town or city').fill('Springfield');
    await form.getByLabel('State', { exact: true }).selectOption('IL');
    await form.getByLabel('ZIP code').fill('62701');
    await form.getByRole('button', { name: /sign/i }).click();
    await form.getByText(/thank you/i).waitFor({ timeout: 10_000 });
    assert.deepEqual(await audit(page), []);

    await stack.startService();
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return Array.isArray(recent) && recent.some((signature) => signature.name === 'Octavia Outage');
    }, 15_000, 'the signature made during the outage, listed once the service is back');
    // A visitor after the outage sees it in the list.
    const after = await open();
    await after.page.locator('petition-signatures').getByText('Octavia Outage').waitFor({ timeout: 10_000 });
    await after.page.close();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
