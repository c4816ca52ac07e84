// `npm start -- --allow-origin …`: a newcomer's own page, on an origin of theirs, gets the demo's
// elements by pasting the lines the command prints; an origin one character off is still refused,
// and a value that is not an origin is one line and exit 2. Where the demo tells how to allow an
// origin, it names that flag, not the config file's allowedOrigins alone.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { builtCli } from '../../support/built-cli.js';
import { launchChromium } from '../../support/chromium.js';

const bin = new URL('../../bin/petition-embed.js', import.meta.url).pathname;

/** A page of the newcomer's own: whatever they pasted into its body. */
async function ownSite(): Promise<{ server: Server; origin: string; paste(html: string): void }> {
  let body = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My page</title></head><body><main>${body}</main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paste: (html) => (body = html) };
}

function runDev(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [bin, 'dev', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

describe('npm start -- --allow-origin', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'petition-allow-origin-'));
  let site: Awaited<ReturnType<typeof ownSite>>;
  let dev: ReturnType<typeof runDev>;
  let browser: Browser;
  let snippet = '';
  let proxyUrl = '';

  before(async () => {
    site = await ownSite();
    dev = runDev(['--data', dataDir, '--allow-origin', site.origin]);
    const deadline = Date.now() + 120_000;
    while (!/<\/petition-signatures>\n/.test(dev.output())) {
      if (Date.now() > deadline || dev.child.exitCode !== null) assert.fail(`the demo did not print the lines to paste:\n${dev.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = dev.output().split('\n');
    const at = lines.findIndex((line) => line === `  on your page at ${site.origin}:`);
    assert.ok(at >= 0, dev.output());
    snippet = lines.slice(at + 1, at + 4).map((line) => line.trim()).join('\n');
    proxyUrl = /^petition-embed demo running at (http:\/\/\S+?)\/?$/m.exec(dev.output())![1]!;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    dev?.child.kill('SIGTERM');
    await dev?.exited;
    site?.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the printed lines, pasted into a page at that origin, show the form and the recent signers', async () => {
    assert.match(snippet, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/petition-embed\.js"><\/script>\n<petition-sign petition-id="\d+"><\/petition-sign>\n<petition-signatures petition-id="\d+"><\/petition-signatures>$/);
    site.paste(snippet);
    const page = await browser.newPage({ locale: 'en-GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${site.origin}/`);
    await page.locator('petition-sign').getByLabel('Email').waitFor({ timeout: 10_000 });
    await page.locator('petition-signatures time').first().waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('only that origin: one port off, or localhost for 127.0.0.1, is refused', async () => {
    const id = /petition-id="(\d+)"/.exec(snippet)![1];
    const read = (origin: string) => fetch(`${proxyUrl}/api/petitions/${id}`, { headers: { origin } });
    assert.equal((await read(site.origin)).status, 200);
    const port = Number(new URL(site.origin).port);
    for (const lookAlike of [`http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, `https://127.0.0.1:${port}`]) {
      assert.equal((await read(lookAlike)).status, 403, lookAlike);
    }
  });
});

test('--allow-origin with a path is refused in one line, exit 2, before anything starts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'petition-allow-origin-bad-'));
  try {
    const run = runDev(['--data', dataDir, '--allow-origin', 'http://localhost:8080/page']);
    assert.equal(await run.exited, 2);
    assert.match(run.output(), /^--allow-origin http:\/\/localhost:8080\/page: must be an origin like https:\/\/www\.example\.org \(no path\)\nusage: petition-embed dev /);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the demo page and `dev site` say how `npm start`\'s proxy allows an origin: --allow-origin, the flag it takes', async () => {
  // The demo page alone, for a proxy elsewhere: it never calls it before a browser opens the page.
  const child = spawn(process.execPath, [builtCli(), 'dev', 'site', '--proxy', 'http://127.0.0.1:5173', '--petition', '1', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let output = '';
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('\n')) resolve(output.split('\n')[0]!);
      });
      child.once('exit', () => reject(new Error(`dev site exited:\n${output}`)));
    });
    const match = /^petition-embed demo page at (http:\/\/127\.0\.0\.1:\d+)\/ \(its origin must be in the proxy's allowedOrigins; for `npm start`'s proxy: npm start -- --allow-origin (\S+)\)$/.exec(line);
    assert.ok(match, line);
    assert.equal(match[2], match[1], 'the flag with the page\'s own origin, ready to paste');
    const page = await (await fetch(`${match[1]}/`)).text();
    assert.match(page.replace(/\s+/g, ' '), /<code>allowedOrigins<\/code>; this demo's proxy, started by <code>npm start<\/code>, takes it as <code>npm start -- --allow-origin http:\/\/localhost:8080<\/code>/);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
