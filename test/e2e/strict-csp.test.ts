// The elements under the strictest Content-Security-Policy a campaign site may set for them:
// scripts and requests from the proxy only, nothing inline, no eval, no blob: workers. Against
// the real stack as `petition-embed dev` runs it, proof of work at its default, in Chromium: the
// form loads, the proof is solved on the page's thread (a Worker would need the page's own origin
// or blob:, which this policy refuses), the signature is accepted, and no violation is reported.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { startDevStack, type DevStack } from '../../src/dev/stack.js';
import { launchChromium } from '../../support/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let stack: DevStack;
let site: Server;
let siteOrigin: string;
let browser: Browser;
let dataDir: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-csp-'));
  site = createServer((request, response) => {
    // /classic: the script tag without type="module", a slip the embed recovers from (src/components/embed-script/).
    const scriptType = request.url === '/classic' ? '' : ' type="module"';
    const proxy = stack.proxy.url;
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${proxy}; connect-src ${proxy}`,
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict site</title>
<script${scriptType} src="${proxy}/petition-embed.js"></script></head>
<body><main><petition-sign petition-id="${stack.petitionId}" country="GB"></petition-sign></main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  stack = await startDevStack({ root, dataDir, port: 0, seedCount: 3, allowedOrigins: [siteOrigin], log: () => undefined });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.close();
  site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('under script-src and connect-src of the proxy only, the form solves its proof of work and signs', async () => {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
  });
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') bodies.push(request.postData() ?? '');
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(`${siteOrigin}/`);
  const form = page.locator('petition-sign');
  await form.getByLabel('First name').fill('Dorothy');
  await form.getByLabel('Last name').fill('Vaughan');
  await form.getByLabel('Email').fill(`dorothy.${Date.now()}@example.net`);
  await form.getByLabel('Address', { exact: true }).fill('2 Langley Way');
  await form.getByLabel('Town or city').fill('Hampton');
  await form.getByLabel('Postal code').fill('SW1A 1AA');
  await form.getByRole('button', { name: /sign/i }).click();
  await form.locator('[part="thanks"]').waitFor({ timeout: 10_000 });
  assert.equal(bodies.length, 1, 'one submission');
  const proof = (JSON.parse(bodies[0]!) as { proof?: Record<string, unknown> }).proof;
  assert.deepEqual(Object.keys(proof ?? {}).sort(), ['algorithm', 'challenge', 'number', 'salt', 'signature']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('signing again with the same address is thanked like the first time, with no error in the console', async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const email = `katherine.${Date.now()}@example.net`;
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST') statuses.push(response.status());
  });
  for (const attempt of [1, 2]) {
    await page.goto(`${siteOrigin}/`);
    const form = page.locator('petition-sign');
    await form.getByLabel('First name').fill('Katherine');
    await form.getByLabel('Last name').fill('Johnson');
    await form.getByLabel('Email').fill(attempt === 1 ? email : email.toUpperCase());
    await form.getByLabel('Address', { exact: true }).fill('3 Langley Way');
    await form.getByLabel('Town or city').fill('Hampton');
    await form.getByLabel('Postal code').fill('SW1A 1AA');
    await form.getByRole('button', { name: /sign/i }).click();
    await form.locator('[part="thanks"]').waitFor({ timeout: 10_000 });
  }
  // The second is the service's duplicate, answered as the first was: nothing for the browser to
  // print in red, nothing for anyone watching to learn whether an address had signed.
  assert.deepEqual(errors, []);
  assert.deepEqual(statuses, [202, 202]);
  await page.close();
});

test('under the same policy, a classic <script src> by mistake still renders the form, and the console says to fix the tag', async () => {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(`${siteOrigin}/classic`);
  await page.locator('petition-sign').getByRole('button', { name: /sign/i }).waitFor();
  assert.deepEqual(problems.map((problem) => problem.split('. ')[0]), [`petition-embed: add type="module" to <script src="${stack.proxy.url}/petition-embed.js">`]);
  await page.close();
});
