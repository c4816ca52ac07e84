// End to end: the real stack started as `petition-embed dev` starts it (service, proxy, demo
// page), driven by a signer in real Chromium, and the one-script embed on other sites.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { openAdmin } from '../../src/service/admin.js';
import { startDevStack, type DevStack } from '../../src/dev/stack.js';
import { launchChromium } from '../../support/chromium.js';
import { LANGUAGES } from '../../src/shared/element-languages.js';
import { createRequire } from 'node:module';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A plain site on another origin that embeds the elements with the one script tag. */
function startEmbeddingSite(page: (proxyUrl: string) => string): Promise<{ server: Server; origin: string; setProxy(url: string): void }> {
  let proxyUrl = '';
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page(proxyUrl));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, origin: `http://127.0.0.1:${port}`, setProxy: (url) => (proxyUrl = url) });
    });
  });
}

describe('the demo stack in a real browser', () => {
  let dataDir: string;
  let stack: DevStack;
  let browser: Browser;
  let allowedSite: Awaited<ReturnType<typeof startEmbeddingSite>>;
  let otherSite: Awaited<ReturnType<typeof startEmbeddingSite>>;
  const embeddingPage = (petitionId: () => number) => (proxyUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedding site</title>
<script type="module" src="${proxyUrl}/petition-embed.js"></script></head>
<body><main><h1>Our campaign</h1>
<petition-signatures petition-id="${petitionId()}"></petition-signatures></main></body></html>`;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-e2e-'));
    allowedSite = await startEmbeddingSite(embeddingPage(() => stack.petitionId));
    otherSite = await startEmbeddingSite(embeddingPage(() => stack.petitionId));
    stack = await startDevStack({
      root,
      dataDir,
      port: 0,
      seedCount: 25,
      allowedOrigins: [allowedSite.origin],
      log: () => {},
    });
    allowedSite.setProxy(stack.proxy.url);
    otherSite.setProxy(stack.proxy.url);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await stack?.close();
    allowedSite?.server.close();
    otherSite?.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openDemo(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ locale: 'en-GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(stack.url);
    return { page, errors };
  }

  test('a signer fills the demo form, sees the thank-you, and finds their name listed within 2 s', async () => {
    const { page, errors } = await openDemo();
    const form = page.locator('petition-sign').first();
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email').fill(`grace.${Date.now()}@example.net`);
    await form.getByLabel('Address', { exact: true }).fill('1 Navy Yard');
    await form.getByLabel('Town or city').fill('Arlington');
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('State', { exact: true }).selectOption('VA');
    await form.getByLabel('ZIP code').fill('22202');
    await form.getByRole('button', { name: /sign/i }).click();

    await form.getByText(/thank you/i).waitFor({ timeout: 5000 });
    const submittedAt = Date.now();
    const recent = page.locator('petition-signatures[mode="recent"]').first();
    await recent.getByText('Grace Hopper').first().waitFor({ timeout: 2000 });
    assert.ok(Date.now() - submittedAt <= 2000);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a bad email is refused at the field, with the summary, and nothing typed is lost', async () => {
    const { page } = await openDemo();
    const form = page.locator('petition-sign').first();
    await form.getByLabel('First name').fill('Alan');
    await form.getByLabel('Email').fill('alan@');
    await form.getByRole('button', { name: /sign/i }).click();
    await form.getByText('There is a problem').waitFor({ timeout: 2000 });
    const email = form.getByLabel('Email');
    assert.equal(await email.getAttribute('aria-invalid'), 'true');
    assert.ok((await form.getByText(/Enter an email address in the correct format/).count()) >= 1);
    assert.equal(await email.inputValue(), 'alan@');
    assert.equal(await form.getByLabel('First name').inputValue(), 'Alan');
    await page.close();
  });

  test('the whole demo page, elements included, has no axe violations, also with errors shown', async () => {
    const { page } = await openDemo();
    await page.locator('petition-signatures time').first().waitFor({ timeout: 5000 });
    await page.addScriptTag({ path: axeSource });
    const audit = async () =>
      page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        const { violations } = await axe.run(document);
        return violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
      });
    assert.deepEqual(await audit(), []);
    const form = page.locator('petition-sign').first();
    await form.getByRole('button', { name: /sign/i }).click();
    await form.getByText('There is a problem').waitFor({ timeout: 2000 });
    assert.deepEqual(await audit(), []);
    await page.close();
  });

  test('the demo offers all 40 languages in their own names; a right-to-left one turns the page and its elements right to left', async () => {
    const { page, errors } = await openDemo();
    const form = page.locator('petition-sign').first();
    await form.getByRole('button', { name: 'Sign this petition' }).waitFor({ timeout: 5000 });
    await page.getByLabel('Language of the elements').selectOption('ar');
    await form.getByRole('button', { name: 'وقّع هذه العريضة' }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
    assert.equal(await form.locator('[part="base"]').getAttribute('dir'), 'rtl');
    // The section of two languages keeps one form right to left beside a left-to-right one.
    const [spanish, arabic] = [page.locator('petition-sign[lang="es"]'), page.locator('petition-sign[lang="ar"]')];
    assert.equal(await spanish.locator('[part="base"]').getAttribute('dir'), 'ltr');
    assert.equal(await arabic.locator('[part="base"]').getAttribute('dir'), 'rtl');
    await page.getByLabel('Language of the elements').selectOption('en');
    await form.getByRole('button', { name: 'Sign this petition' }).waitFor({ timeout: 5000 });
    assert.equal(await form.locator('[part="base"]').getAttribute('dir'), 'ltr');
    // Every language the elements speak is offered, each in its own name, right to left only where it is written so.
    const offered = await page.locator('#language option').evaluateAll((options) =>
      (options as HTMLOptionElement[]).map((option) => [option.value, option.textContent, option.dataset['dir'] ?? 'ltr']),
    );
    assert.deepEqual(offered.map(([value]) => value), [...LANGUAGES]);
    assert.equal(offered.length, 40);
    assert.deepEqual(offered.find(([value]) => value === 'pl'), ['pl', 'Polski', 'ltr']);
    assert.deepEqual(offered.find(([value]) => value === 'fa'), ['fa', 'فارسی', 'rtl']);
    assert.deepEqual(offered.filter(([, , dir]) => dir === 'rtl').map(([value]) => value), ['ar', 'he', 'fa', 'ur']);
    await page.getByLabel('Language of the elements').selectOption('pl');
    await form.getByRole('button', { name: 'Podpisz petycję' }).waitFor({ timeout: 5000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('an allowed site embeds the built bundle with one script tag', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(allowedSite.origin);
    const list = page.locator('petition-signatures');
    await list.locator('time').first().waitFor({ timeout: 5000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('after signing the share step appears, and signing again with the same email meets the same step', async () => {
    const { page, errors } = await openDemo();
    const email = `ada.${Date.now()}@example.net`;
    const sign = async () => {
      const form = page.locator('petition-sign').first();
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Country').selectOption('GB');
      await form.getByLabel('Address', { exact: true }).fill('12 St James Square');
      await form.getByLabel('Town or city').fill('London');
      await form.getByLabel('Postal code').fill('SW1Y 4JH');
      await form.getByRole('button', { name: /sign/i }).click();
      await form.getByRole('heading', { name: 'Thank you — now ask your friends' }).waitFor({ timeout: 5000 });
      const share = form.getByRole('navigation', { name: 'Share this petition' });
      const whatsapp = await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
      return { form, whatsapp };
    };
    const first = await sign();
    assert.match(first.whatsapp ?? '', /^https:\/\/wa\.me\/\?text=Save%20the%20Riverside%20Park%20/);
    await page.reload();
    const again = await sign();
    assert.equal(again.whatsapp, first.whatsapp);
    assert.equal(await again.form.getByText('There is a problem').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a site not allowed loads the script, and the element says why it cannot work there', async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(otherSite.origin);
    const list = page.locator('petition-signatures');
    await list.getByText(/cannot be shown on this website/).waitFor({ timeout: 5000 });
    assert.ok(warnings.some((line) => line.includes(`Add "${otherSite.origin}" to allowedOrigins`)), warnings.join('\n'));
    assert.ok(warnings.some((line) => line.includes(`npm start -- --allow-origin ${otherSite.origin}`)), warnings.join('\n'));
    await page.close();

    // The script is public code, any page may load it; the API gives a refused page nothing.
    const script = await fetch(`${stack.proxy.url}/petition-embed.js`, { headers: { origin: otherSite.origin } });
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('access-control-allow-origin'), '*');
    const api = await fetch(`${stack.proxy.url}/api/petitions/${stack.petitionId}`, { headers: { origin: otherSite.origin } });
    assert.equal(api.status, 403);
    assert.equal(api.headers.get('access-control-allow-origin'), null);
  });

  test('a closed petition shows that it is closed, with its final count, and no form', async () => {
    const admin = await openAdmin(join(dataDir, 'service.db'));
    try {
      await admin.updatePetition(stack.petitionId, { status: 'closed' });
      const page = await browser.newPage();
      const form = page.locator('petition-sign').first();
      // The proxy keeps a read for a few seconds: reload until the closed petition is shown.
      const until = Date.now() + 15_000;
      do {
        await page.goto(stack.url);
        await form.locator('[part="count"], [part="closed"]').first().waitFor({ timeout: 5000 });
      } while ((await form.locator('[part="closed"]').count()) === 0 && Date.now() < until && (await page.waitForTimeout(500), true));
      await form.getByText('This petition is closed.').waitFor({ timeout: 1000 });
      assert.match((await form.locator('[part="closed"]').textContent()) ?? '', /people signed it/);
      assert.equal(await form.locator('form').count(), 0);
      await page.close();
    } finally {
      await admin.updatePetition(stack.petitionId, { status: 'open' });
      await admin.close();
    }
  });
});
