// The two Core Web Vitals the elements answer for besides loading, as part of `npm run
// bench:elements` (time-to-form.ts calls it; docs/benchmarks.md "Layout shift and interaction
// latency"):
//   layout shift: the sum of the layout-shift entries the elements cause (support/layout-shift.ts)
//     on a page with nothing but their tags, for the build time-to-form.ts made of the shipped
//     embed, at desktop and phone sizes, the proxy's answers at once and 300 ms late; with the
//     loader's tag as the test has it (blocking="render") and without (as README.md's snippet);
//   interaction latency: Event Timing durations at 4x CPU of every keystroke, the submits and
//     paging (support/interaction-latency.ts), against the dev stack (the real proxy and its
//     proof of work; dist/ as `petition-embed dev` serves it, rebuilt when stale).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startDevStack } from '../../src/dev/stack.js';
import { serveBundle } from '../../support/bundle-site.js';
import { SHIFT_PAGES, SHIFT_SIZES, causedShift, shiftsOn } from '../../support/layout-shift.js';
import { interactionPage, interactionRound, type InteractionRound } from '../../support/interaction-latency.js';
import { median } from '../median.js';

const root = new URL('../..', import.meta.url).pathname;

async function reportLayoutShift(browser: Browser, outDir: string, runs: number): Promise<void> {
  const pages = Object.fromEntries(
    Object.entries(SHIFT_PAGES).flatMap(([path, { page }]) => [
      [path, page],
      [`/plain${path}`, { html: page.html.replace(' blocking="render"', '') }],
    ]),
  );
  const site = await serveBundle(outDir, pages);
  try {
    console.log(`layout shift caused by the elements (sum of layout-shift entries, median of ${runs} loads):`);
    for (const [sizeName, size] of Object.entries(SHIFT_SIZES)) {
      for (const latency of [0, 300]) {
        const cells: string[] = [];
        for (const tag of ['', '/plain']) {
          for (const path of ['/', '/lists']) {
            const values: number[] = [];
            for (let run = 0; run < runs; run++) {
              values.push(causedShift(await shiftsOn(browser, `${site.origin}${tag}${path}`, SHIFT_PAGES[path]!.settled, size, latency)));
            }
            cells.push(`${path === '/' ? 'form+list' : 'lists'} ${tag ? 'plain tag' : 'blocking="render"'} ${median(values).toFixed(3)}`);
          }
        }
        console.log(`  ${sizeName.padEnd(16)} +${String(latency).padStart(3)} ms API: ${cells.join('  ')}`);
      }
    }
  } finally {
    await site.close();
  }
}

async function reportInteractionLatency(browser: Browser, runs: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-inp-'));
  let proxyUrl = '';
  let petitionId = 0;
  const host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(interactionPage(proxyUrl, petitionId));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const stack = await startDevStack({ root, dataDir, port: 0, seedCount: 25, allowedOrigins: [hostOrigin], log: () => undefined });
  ({ petitionId } = stack);
  proxyUrl = stack.proxy.url;
  try {
    const rounds: InteractionRound[] = [];
    for (let round = 0; round < runs; round++) rounds.push(await interactionRound(browser, `${hostOrigin}/`, round));
    const of = (pick: (name: string) => boolean) => rounds.flatMap((round) => [...round.durations].filter(([name]) => pick(name)).map(([, ms]) => ms));
    const keys = of((name) => name.includes(': key '));
    const line = (what: string, values: number[]) =>
      console.log(`  ${what.padEnd(22)} median ${String(median(values)).padStart(3)} ms, slowest ${String(Math.max(...values)).padStart(3)} ms (${values.length} interactions)`);
    console.log(`interaction to next paint at 4x CPU (Event Timing; under 16 ms counts as 0), ${runs} rounds on fresh pages:`);
    line('keystrokes', keys);
    line('submit with problems', of((name) => name === 'submit with problems'));
    line('submit', of((name) => name === 'submit'));
    line('next / previous page', of((name) => name.endsWith(' page')));
    const sorted = [...keys].sort((a, b) => a - b);
    console.log(`  keystrokes' 98th percentile ${sorted[Math.floor(sorted.length * 0.98)]} ms; valid submits that waited for the proof: ${rounds.filter((round) => round.proofWaited).length} of ${runs}`);
  } finally {
    await stack.close();
    host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Both reports; `outDir` holds the shipped embed's build. Three runs of each, whatever
 * time-to-form.ts's --runs: a round of interactions takes about 20 s at 4x.
 */
export async function reportShiftAndLatency(browser: Browser, outDir: string, runs = 3): Promise<void> {
  await reportLayoutShift(browser, outDir, runs);
  await reportInteractionLatency(browser, runs);
}
