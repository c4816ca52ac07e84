// The embed pages in Chromium, framed by host pages on other origins, against the real stack as
// `petition-embed dev` runs it (proof of work at its default): the frame follows its content's
// height through README.md's own snippet, a signature made in the frame is accepted and counted
// with the host site as its referrer, sites the proxy does not list (another host name for the
// same address, another port) get no frame at all, and the pages pass axe.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { startDevStack, type DevStack } from '../../src/dev/stack.js';
import { launchChromium } from '../../support/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const README_PROXY = 'https://proxy.example.org';

/** README.md's height snippet, exactly as a host would paste it (the one block that names the message). */
function heightSnippet(proxyUrl: string): string {
  const blocks = [...readFileSync(join(root, 'README.md'), 'utf8').matchAll(/```html\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const snippets = blocks.filter((block) => block.includes("'petition-embed:height'"));
  assert.equal(snippets.length, 1, 'one height snippet in README.md');
  return snippets[0]!.replaceAll(README_PROXY, proxyUrl);
}

/**
 * A host site: a page that frames the proxy's pages, with or without README.md's snippet; and at
 * /liar, a page that posts a height message of its own to whatever frames it.
 */
async function startHost(frames: () => string): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    if (request.url === '/liar') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Liar</title></head><body><script>
parent.postMessage({ type: 'petition-embed:height', petitionId: 1, height: 999 }, '*');</script></body></html>`);
      return;
    }
    const withSnippet = !request.url?.includes('no-script');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host site</title></head>
<body><main><h1>Our campaign</h1>${frames()}</main>${withSnippet ? heightSnippet(stack.proxy.url) : ''}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let stack: DevStack;
let dataDir: string;
let browser: Browser;
let allowedHost: Awaited<ReturnType<typeof startHost>>;
let framingHost: Awaited<ReturnType<typeof startHost>>;
let unlistedHost: Awaited<ReturnType<typeof startHost>>;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-iframe-'));
  unlistedHost = await startHost(() => `<iframe id="petition" src="${stack.proxy.url}/embed/${stack.petitionId}?country=GB" title="Sign this petition" height="300"></iframe>`);
  const iframe = () => `<iframe id="petition" src="${stack.proxy.url}/embed/${stack.petitionId}?country=GB" title="Sign this petition" height="300" style="width: 100%; border: 0"></iframe>`;
  // Two of the proxy's frames, each to follow its own content, and one from elsewhere that lies.
  allowedHost = await startHost(
    () => `${iframe()}
<iframe id="list" src="${stack.proxy.url}/embed/${stack.petitionId}/signatures" title="Signatures" height="300" style="width: 100%; border: 0"></iframe>
<iframe id="liar" src="http://127.0.0.1:${unlistedHost.port}/liar" title="Elsewhere" height="50"></iframe>`,
  );
  framingHost = await startHost(iframe);
  stack = await startDevStack({
    root,
    dataDir,
    port: 0,
    seedCount: 3,
    allowedOrigins: [`http://127.0.0.1:${allowedHost.port}`],
    frameOrigins: [`http://127.0.0.1:${framingHost.port}`],
    log: () => undefined,
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.close();
  for (const host of [allowedHost, framingHost, unlistedHost]) host?.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  problems: string[];
  bodies: string[];
}

async function visit(url: string): Promise<Visit> {
  const page = await browser.newPage({ locale: 'en-GB' });
  const problems: string[] = [];
  const bodies: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('request', (request) => {
    if (request.method() === 'POST') bodies.push(request.postData() ?? '');
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url);
  return { page, problems, bodies };
}

async function embedFrame(page: Page, id = 'petition'): Promise<Frame> {
  const handle = await page.waitForSelector(`#${id}`);
  const frame = await handle.contentFrame();
  assert.ok(frame);
  return frame;
}

const frameHeight = (page: Page, id = 'petition') => page.locator(`#${id}`).evaluate((frame: HTMLIFrameElement) => Number(frame.height));
const contentHeight = (frame: Frame) => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));

async function heightFollows(page: Page, frame: Frame, what: string, id = 'petition'): Promise<number> {
  let seen = { frame: 0, content: -1 };
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await page.waitForTimeout(50)) {
    seen = { frame: await frameHeight(page, id), content: await contentHeight(frame) };
    if (seen.frame === seen.content) return seen.frame;
  }
  assert.fail(`${what}: the frame is ${seen.frame}px high, its content ${seen.content}px`);
}

async function signatureCount(): Promise<number> {
  const answer = await fetch(`${stack.proxy.url}/api/petitions/${stack.petitionId}`);
  return ((await answer.json()) as { signature_count: number }).signature_count;
}

describe('a host page on an allowed origin', () => {
  test('the frame follows its content through the height message, and a signature made in it is accepted and counted', async () => {
    const before = await signatureCount();
    const { page, problems, bodies } = await visit(`http://127.0.0.1:${allowedHost.port}/`);
    const frame = await embedFrame(page);
    const form = frame.locator('petition-sign');
    await form.getByLabel('First name').waitFor();
    const initial = await heightFollows(page, frame, 'the form');
    assert.ok(initial > 300, `the form is taller than the frame's fixed height (${initial})`);
    const list = await embedFrame(page, 'list');
    await list.locator('petition-signatures [part="signature"]').first().waitFor();
    // Chromium leaves an off-screen frame from another origin unrendered, ResizeObserver included.
    await page.locator('#list').scrollIntoViewIfNeeded();
    const listHeight = await heightFollows(page, list, 'the list beside it', 'list');
    assert.notEqual(listHeight, initial, 'each frame takes its own height');
    assert.equal(await frameHeight(page, 'liar'), 50, 'a message from another origin moves nothing');

    await form.getByRole('button', { name: /sign/i }).click();
    await form.getByText('There is a problem').waitFor();
    const withErrors = await heightFollows(page, frame, 'the error summary');
    assert.ok(withErrors > initial, `the error summary grows the frame (${initial} -> ${withErrors})`);

    await form.getByLabel('First name').fill('Katherine');
    await form.getByLabel('Last name').fill('Johnson');
    await form.getByLabel('Email').fill(`katherine.${Date.now()}@example.net`);
    await form.getByLabel('Address', { exact: true }).fill('3 Langley Way');
    await form.getByLabel('Town or city').fill('Hampton');
    await form.getByLabel('Postal code').fill('SW1A 1AA');
    await form.getByRole('button', { name: /sign/i }).click();
    await form.locator('[part="thanks"]').waitFor({ timeout: 10_000 });
    await heightFollows(page, frame, 'the thank-you');

    assert.equal(bodies.length, 1, 'one submission');
    const submission = JSON.parse(bodies[0]!) as { attribution?: { referrer?: string } };
    assert.equal(submission.attribution?.referrer, `http://127.0.0.1:${allowedHost.port}/`, 'the host page is where the signature came from');
    assert.equal(await signatureCount(), before + 1);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('without the snippet, a frame keeps its fixed height and scrolls', async () => {
    const plain = await visit(`http://127.0.0.1:${allowedHost.port}/no-script`);
    const frame = await embedFrame(plain.page);
    await frame.locator('petition-sign').getByLabel('First name').waitFor();
    await plain.page.waitForTimeout(200);
    assert.equal(await frameHeight(plain.page), 300);
    assert.ok((await contentHeight(frame)) > 300);
    assert.deepEqual(plain.problems, []);
    await plain.page.close();
  });
});

describe('who may frame the pages', () => {
  test('a site listed only in frameOrigins shows the form and gets its height', async () => {
    const { page, problems } = await visit(`http://127.0.0.1:${framingHost.port}/`);
    const frame = await embedFrame(page);
    await frame.locator('petition-sign').getByLabel('First name').waitFor();
    await heightFollows(page, frame, 'the form on a framing-only site');
    assert.deepEqual(problems, []);
    await page.close();
  });

  for (const [what, url] of [
    ['the allowed site under another host name (localhost for 127.0.0.1)', () => `http://localhost:${allowedHost.port}/`],
    ['a site on another port', () => `http://127.0.0.1:${unlistedHost.port}/`],
  ] as const) {
    test(`${what} gets an empty frame, refused by frame-ancestors, and no height`, async () => {
      const { page, problems } = await visit(url());
      const frame = await embedFrame(page);
      await page.waitForTimeout(500);
      assert.equal(await frame.locator('petition-sign').count(), 0, 'no form in the frame');
      assert.ok(problems.some((problem) => /frame-ancestors/.test(problem)), problems.join('\n'));
      assert.equal(await frameHeight(page), 300);
      await page.close();
    });
  }
});

describe('the embed pages on their own', () => {
  async function axeViolations(page: Page): Promise<unknown[]> {
    // The page's policy refuses any script but the proxy's: axe comes in past it, as a test tool.
    await page.addScriptTag({ path: axeSource });
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
      const { violations } = await axe.run(document);
      return violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }));
    });
  }

  test('the form (empty and with its error summary) and the list pass axe, with lang and title', async () => {
    const context = await browser.newContext({ bypassCSP: true, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${stack.proxy.url}/embed/${stack.petitionId}?lang=es`);
    const form = page.locator('petition-sign');
    await form.getByRole('button', { name: /firma/i }).waitFor();
    assert.equal(await page.evaluate(() => [document.documentElement.lang, document.title].join(' | ')), 'es | Firmar esta petición');
    assert.deepEqual(await axeViolations(page), [], 'the form');
    await form.getByRole('button', { name: /firma/i }).click();
    await form.locator('[part="error-summary"]').waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the form with its errors');

    await page.goto(`${stack.proxy.url}/embed/${stack.petitionId}/signatures?mode=list`);
    await page.locator('petition-signatures [part="signature"]').first().waitFor();
    assert.deepEqual(await axeViolations(page), [], 'the list');
    await context.close();
  });

  test('an injected script in a query parameter stays text in the button', async () => {
    const { page, problems } = await visit(`${stack.proxy.url}/embed/${stack.petitionId}?${new URLSearchParams({ 'submit-label': '"><img src=x onerror=alert(1)><script>alert(2)</script>' })}`);
    const button = page.locator('petition-sign').getByRole('button', { name: /alert/ });
    await button.waitFor();
    assert.equal(await button.textContent().then((text) => text?.trim()), '"><img src=x onerror=alert(1)><script>alert(2)</script>');
    assert.equal(await page.locator('img, body > script, main script').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
