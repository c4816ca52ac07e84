// `npm run test:browsers`: a signature by keyboard alone in Chromium, Firefox and WebKit, against
// the real stack (`petition-embed dev`'s service and proxy, the proof of work at its default),
// embedded by a site on another origin under a strict Content-Security-Policy (scripts and
// requests only from the proxy). In each browser: Tab to the first field, type, Tab on to the
// button, Enter; the thank-you must come, and axe (axe-core, injected) must find nothing, before
// and after. Not part of `npm test`: it needs Firefox ESR (/usr/bin/firefox-esr, through
// puppeteer-core over WebDriver BiDi) and WebKitGTK's WebKitWebDriver under xvfb-run, which CI
// machines lack. Chromium is playwright-core's, with the system's /usr/bin/chromium.
// Usage: npm run test:browsers [-- --only chromium,firefox,webkit]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../src/dev/free-port.js';
import { startDevStack } from '../src/dev/stack.js';
import { launchChromium } from '../support/chromium.js';

const { values } = parseArgs({ options: { only: { type: 'string', default: 'chromium,firefox,webkit' } } });
const root = new URL('..', import.meta.url).pathname;
const resolve = (specifier: string) => createRequire(import.meta.url).resolve(specifier);
const axeSource = readFileSync(resolve('axe-core/axe.min.js'), 'utf8');
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** What each browser's automation offers this run: one page, keys, and scripts in the page. */
interface Driver {
  goto(url: string): Promise<void>;
  press(key: 'Tab' | 'Enter'): Promise<void>;
  type(text: string): Promise<void>;
  /** Runs `expression` in the page (it may be a promise) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

async function chromiumDriver(): Promise<Driver> {
  const browser = await launchChromium();
  const page = await browser.newPage();
  return {
    goto: async (url) => void (await page.goto(url)),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    evaluate: (expression) => page.evaluate(expression),
    close: () => browser.close(),
  };
}

/** The little of puppeteer-core's API this uses. */
interface Puppeteer {
  launch(options: { browser: 'firefox'; executablePath: string; headless: boolean }): Promise<{
    newPage(): Promise<{
      goto(url: string): Promise<unknown>;
      keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
      evaluate(expression: string): Promise<unknown>;
    }>;
    close(): Promise<void>;
  }>;
}

async function firefoxDriver(): Promise<Driver> {
  // puppeteer-core comes with @web/test-runner's Chrome launcher (not a dependency of ours):
  // resolved by path at run time, as axe-core is.
  const puppeteer = ((await import(pathToFileURL(resolve('puppeteer-core')).href)) as { default: Puppeteer }).default;
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
  const page = await browser.newPage();
  return {
    goto: async (url) => void (await page.goto(url)),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    evaluate: (expression) => page.evaluate(expression) as never,
    close: () => browser.close(),
  };
}

/** WebKitGTK through its W3C WebDriver HTTP API, in a virtual X display. */
async function webkitDriver(): Promise<Driver> {
  const port = await freePort();
  const child: ChildProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' });
  // Without xvfb-run the spawn fails by an event: this browser's "not ok", not the whole run's crash.
  let spawnFailure: Error | undefined;
  child.on('error', (error) => (spawnFailure = error));
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as { value: unknown };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(json.value)}`);
    return json.value;
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await call('GET', '/status');
      break;
    } catch (error) {
      if (spawnFailure) throw new Error(`xvfb-run WebKitWebDriver did not start (${spawnFailure.message}): install xvfb and webkit2gtk-driver`);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const session = (await call('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
  })) as { sessionId: string };
  const at = `/session/${session.sessionId}`;
  const keys = (values: string[]) =>
    call('POST', `${at}/actions`, {
      actions: [{ type: 'key', id: 'keyboard', actions: values.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }],
    });
  return {
    goto: async (url) => void (await call('POST', `${at}/url`, { url })),
    press: async (key) => void (await keys([key === 'Tab' ? '\uE004' : '\uE007'])),
    type: async (text) => void (await keys([...text])),
    evaluate: async <T>(expression: string) => {
      const result = (await call('POST', `${at}/execute/async`, {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => (${expression})).then((value) => done({ value }), (error) => done({ error: String(error) }));`,
        args: [],
      })) as { value?: T; error?: string };
      if (result.error) throw new Error(result.error);
      return result.value as T;
    },
    close: async () => {
      await call('DELETE', at).catch(() => undefined);
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** The id (or tag) of what has focus, through shadow roots. */
const FOCUSED = `(() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) node = node.shadowRoot.activeElement;
  return node ? node.id || node.localName : null;
})()`;
// Asked again until true (until() bounds it): the element's script may not have run yet, and until
// it has, the element has no shadow root, so each step may be missing (not an error).
const inForm = (selector: string) => `!!document.querySelector('petition-sign')?.shadowRoot?.querySelector(${JSON.stringify(selector)})`;
// Injected through the automation (not subject to the page's CSP, unlike eval in the page).
const AXE = `(async () => {
  if (!window.axe) {
${axeSource}
  }
  const { violations } = await window.axe.run(document);
  return violations.map((violation) => violation.id + ' (' + violation.nodes.length + ')');
})()`;

async function until(driver: Driver, expression: string, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await driver.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const TYPED: Record<string, string> = {
  first_name: 'Katherine',
  last_name: 'Johnson',
  address: '1 Langley Way',
  city: 'Hampton',
  postal_code: 'SW1A 1AA',
};

/** Keyboard only: Tab to the first field, type each one, Tab on to the button, Enter. */
async function signByKeyboard(driver: Driver, email: string): Promise<string[]> {
  const visited: string[] = [];
  for (let presses = 0; presses < 60; presses++) {
    await driver.press('Tab');
    const focused = await driver.evaluate<string | null>(FOCUSED);
    visited.push(String(focused));
    if (focused === 'email') await driver.type(email);
    else if (focused && TYPED[focused]) await driver.type(TYPED[focused]);
    else if (focused === 'button' && (await driver.evaluate<boolean>(`document.querySelector('petition-sign').shadowRoot.activeElement?.type === 'submit'`))) {
      await driver.press('Enter');
      return visited;
    }
  }
  throw new Error(`never reached the submit button by Tab: ${visited.join(' > ')}`);
}

async function run(name: string, open: () => Promise<Driver>, pageUrl: string): Promise<string> {
  const driver = await open();
  try {
    await driver.goto(pageUrl);
    await until(driver, inForm('#first_name'), 'the form');
    const before = await driver.evaluate<string[]>(AXE);
    if (before.length > 0) throw new Error(`axe, the form: ${before.join(', ')}`);
    await signByKeyboard(driver, `katherine.${name}.${Date.now()}@example.net`);
    await until(driver, inForm('[part="thanks"]'), 'the thank-you');
    const after = await driver.evaluate<string[]>(AXE);
    if (after.length > 0) throw new Error(`axe, the thank-you: ${after.join(', ')}`);
    const focus = await driver.evaluate<string>(FOCUSED);
    return `thank-you shown (focus on ${focus}), axe clean before and after`;
  } finally {
    await driver.close();
  }
}

/** The campaign's site, on its own origin, with a CSP that lets in nothing but the proxy. */
async function embeddingSite(proxyUrl: () => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_, response) => {
    const proxy = proxyUrl();
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${proxy}; connect-src ${proxy}; img-src ${proxy}`,
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our campaign</title>
<script type="module" src="${proxy}/petition-embed.js"></script></head>
<body><main><h1>Our campaign</h1><petition-sign petition-id="${petitionId}" country="GB"></petition-sign></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let petitionId = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-browsers-'));
let proxyUrl = '';
const site = await embeddingSite(() => proxyUrl);
const stack = await startDevStack({ root, dataDir, port: 0, seedCount: 3, allowedOrigins: [site.origin], log: () => undefined });
proxyUrl = stack.proxy.url;
petitionId = stack.petitionId;
const drivers: Record<string, () => Promise<Driver>> = { chromium: chromiumDriver, firefox: firefoxDriver, webkit: webkitDriver };
let failed = false;
try {
  for (const name of values.only.split(',')) {
    const open = drivers[name];
    if (!open) throw new Error(`unknown browser ${name}`);
    const started = Date.now();
    try {
      console.log(`ok ${name}: ${await run(name, open, `${site.origin}/`)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed = true;
      console.log(`not ok ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await stack.close();
  site.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
