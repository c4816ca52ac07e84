// Time from the script's request to an interactive <petition-sign> (submit button rendered and
// enabled, first field focusable) in headless Chromium with the CPU slowed 4x, cold cache each
// time, served from 127.0.0.1 with the proxy's API answers (support/bundle-site.ts). Three builds
// made in the same run, measured in alternating order so the machine's noise hits all alike:
//   chunked:   the shipped embed (a loader entry, the element's chunks asked for at once);
//   single:    the previous layout, Lit and both elements in petition-embed.js (the npm entry);
//   yardstick: a trivial Lit form in one file (yardstick/trivial-form.ts): the machine's pace.
// It also weighs, in the shipped build, the script a page with one English form and a page with
// the recent signers alone fetch before any interaction (support/script-bytes.ts, as the budget
// test test/bundle/script-bytes.test.ts counts it).
// Usage: npm run bench:elements [-- --runs 15 --cpu 4 --latency 0]
// (--latency adds that many ms to every request, as Chromium's network emulation does.)
// Then the layout shift and the interaction latency of the shipped embed (shift-and-latency.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type UserConfig } from 'vite';
import viteConfig from '../../vite.config.js';
import { minifyTemplateLiterals } from '../../scripts/minify-template-literals.js';
import { launchChromium } from '../../support/chromium.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';
import { BYTES_PAGES, scriptBytesBeforeInteraction, type BytesPage } from '../../support/script-bytes.js';
import { median } from '../median.js';
import { loadAverage } from '../proc-stat.js';
import { reportShiftAndLatency } from './shift-and-latency.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    cpu: { type: 'string', default: '4' },
    latency: { type: 'string', default: '0' },
  },
});
const root = new URL('../..', import.meta.url).pathname;
const config = viteConfig as UserConfig;
const work = mkdtempSync(join(tmpdir(), 'time-to-form-'));

type Variant = 'chunked' | 'single' | 'yardstick';

/** One build into `outDir`, its entry named petition-embed.js as the proxy serves it. */
async function buildVariant(variant: Variant, outDir: string): Promise<void> {
  const lib = { ...(config.build!.lib as object), fileName: () => 'petition-embed.js' };
  const shipped = { ...config, root, configFile: false as const, logLevel: 'warn' as const };
  if (variant === 'chunked') return void (await build({ ...shipped, build: { ...config.build, outDir } }));
  await build({
    ...shipped,
    plugins: [minifyTemplateLiterals()],
    build: {
      ...config.build,
      outDir,
      lib: { ...lib, entry: variant === 'single' ? 'src/components/petition-embed.ts' : 'bench/elements/yardstick/trivial-form.ts' },
      rollupOptions: { preserveEntrySignatures: 'allow-extension', output: { chunkFileNames: 'chunks/[name]-[hash].js', minify: true } },
    },
  });
}

const page = (body: string) => ({
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/petition-embed.js"></script></head><body>${body}</body></html>`,
});

/**
 * In the page: ms from the script's request to the first frame with the form interactive. A
 * string, not a function: tsx would wrap a function's inner helpers in a `__name` the page lacks.
 */
const WATCH_FOR_INTERACTIVE = `(() => {
  const check = () => {
    const shadow = document.querySelector('petition-sign, trivial-form')?.shadowRoot;
    const button = shadow?.querySelector('button[type="submit"]');
    const field = shadow?.querySelector('input');
    if (button && !button.disabled && field && !field.disabled && field.tabIndex >= 0 && field.getClientRects().length > 0) {
      const script = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/petition-embed.js'));
      window.interactiveAfter = performance.now() - (script?.startTime ?? 0);
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const variants: Variant[] = ['chunked', 'single', 'yardstick'];
const sites = new Map<Variant, BundleSite>();
const browser = await launchChromium();
try {
  for (const variant of variants) {
    const outDir = join(work, variant);
    await buildVariant(variant, outDir);
    sites.set(variant, await serveBundle(outDir, { '/': page(variant === 'yardstick' ? '<trivial-form></trivial-form>' : '<petition-sign petition-id="42"></petition-sign>') }));
  }
  const times = new Map<Variant, number[]>(variants.map((variant) => [variant, []]));
  const runs = Number(values.runs);
  for (let run = -1; run < runs; run++) {
    // Each round in another order; round -1 warms Chromium up and is not counted.
    for (const variant of variants.map((_, index) => variants[(index + run + 3) % variants.length]!)) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
      if (Number(values.latency) > 0) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: Number(values.latency), downloadThroughput: -1, uploadThroughput: -1 });
      }
      await tab.addInitScript(WATCH_FOR_INTERACTIVE);
      await tab.goto(`${sites.get(variant)!.origin}/`);
      const after = await tab.waitForFunction(() => (window as unknown as { interactiveAfter?: number }).interactiveAfter, undefined, { timeout: 30_000 });
      if (run >= 0) times.get(variant)!.push((await after.jsonValue()) as number);
      await context.close();
    }
  }
  const medians = new Map(variants.map((variant) => [variant, median(times.get(variant)!)]));
  console.log(`time from the script's request to an interactive form: ${runs} runs, CPU ${values.cpu}x slower, +${values.latency} ms per request, load average ${loadAverage()}`);
  for (const variant of variants) {
    const ms = medians.get(variant)!;
    console.log(`  ${variant.padEnd(9)} median ${ms.toFixed(0).padStart(5)} ms  (${(ms / medians.get('yardstick')!).toFixed(2)}x the yardstick)  runs: ${times.get(variant)!.map((t) => t.toFixed(0)).join(' ')}`);
  }
  console.log(`  chunked / single: ${(medians.get('chunked')! / medians.get('single')!).toFixed(2)}`);
  const pages = Object.fromEntries(Object.entries(BYTES_PAGES).map(([name, body]) => [`/${name}`, page(body)]));
  const weighed = await serveBundle(join(work, 'chunked'), pages);
  try {
    console.log('script fetched before any interaction, gzip -9 (chunked):');
    for (const name of Object.keys(BYTES_PAGES) as BytesPage[]) {
      const { total, files } = await scriptBytesBeforeInteraction(browser, `${weighed.origin}/${name}`, name);
      console.log(`  ${name.padEnd(4)} ${String(total).padStart(6)} bytes  (${files.map(([path, size]) => `${path.replace(/^\/chunks\//, '')} ${size}`).join(', ')})`);
    }
  } finally {
    await weighed.close();
  }
  await reportShiftAndLatency(browser, join(work, 'chunked'));
} finally {
  await browser.close();
  for (const site of sites.values()) await site.close();
  rmSync(work, { recursive: true, force: true });
}
