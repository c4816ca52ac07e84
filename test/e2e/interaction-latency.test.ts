// Interaction to next paint under 200 ms (Core Web Vitals' "good" INP) at 4x CPU for every
// keystroke in <petition-sign>'s form, for its submit, and for paging <petition-signatures>, with
// the proof of work being solved meanwhile, against the real stack as `petition-embed dev` runs it
// (proof of work at its default); measured with Event Timing (support/interaction-latency.ts).
// The whole sequence runs three times, each on a fresh page, and each interaction's best of the
// three must be under 200 ms: the worst of the best-of-3 is what is asserted. Why not each run:
// this machine's two cores are shared with other suites (a mutation run, say), which can stall any
// one attempt for a few hundred ms, while a handler or a solver slice that really blocks the main
// thread is slow in all three. The median of three would forgive a regression that shows in one
// run of three; the best forgives only what the machine did, which is what a shared CI needs.
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
import { interactionPage, interactionRound, type InteractionRound } from '../../support/interaction-latency.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ROUNDS = 3;

let stack: DevStack;
let dataDir: string;
let browser: Browser;
let host: Server;
let hostOrigin: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'petition-embed-inp-'));
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(interactionPage(stack.proxy.url, stack.petitionId));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  // 25 signers: three pages of the list to step through.
  stack = await startDevStack({ root, dataDir, port: 0, seedCount: 25, allowedOrigins: [hostOrigin], log: () => undefined });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.close();
  host?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('every keystroke, the submit and paging the list answer within 200 ms at 4x CPU, the proof of work solving meanwhile', async (t) => {
  const rounds: InteractionRound[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await interactionRound(browser, `${hostOrigin}/`, round));
  t.diagnostic(`valid submits that waited for the proof: ${rounds.filter((round) => round.proofWaited).length} of ${ROUNDS}`);
  const best = [...rounds[0]!.durations.keys()].map((name) => [name, Math.min(...rounds.map((round) => round.durations.get(name) ?? Infinity))] as const);
  const worst = best.reduce((slowest, entry) => (entry[1] > slowest[1] ? entry : slowest));
  const report = best.filter(([, ms]) => ms > 16).map(([name, ms]) => `${name} ${ms}`).join(', ');
  t.diagnostic(`slowest, best of ${ROUNDS}: ${worst[0]} ${worst[1]} ms; over 16 ms: ${report || 'none'}`);
  assert.ok(worst[1] < 200, `the slowest interaction, best of ${ROUNDS}: ${worst[0]} took ${worst[1]} ms`);
});
