// What an English form's first render asks of ICU (issue 32): the first Intl.NumberFormat or
// Intl.DisplayNames of a page reads ICU's data, 60 to 90 ms of a phone's render at 4x CPU, and
// naming and sorting every country takes a collator and 250 names. So the count is written
// without Intl in plain English (src/components/i18n/english-number.ts), and the select names the
// chosen country alone until the form is touched or the browser is idle
// (src/components/petition-sign/country-list-timing.ts). Counted in the built embed, in Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../support/chromium.js';
import { ENTRY } from '../../support/bundle-chunks.js';
import { serveBundle, type BundleSite } from '../../support/bundle-site.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const page = (lang: string) => ({
  html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>intl</title>
<script type="module" src="/${ENTRY}"></script></head><body><petition-sign petition-id="42"></petition-sign></body></html>`,
});

/**
 * Counts each Intl constructor's uses, and, in the first frame whose form is interactive, what
 * the count said, the options of the select, and those counts. The browser's idle callback is
 * held back so that the idle list cannot arrive first on a fast machine.
 */
const COUNT_INTL = `(() => {
  window.intlMade = {};
  for (const name of ['NumberFormat', 'Collator', 'DisplayNames']) {
    window.intlMade[name] = 0;
    Intl[name] = new Proxy(Intl[name], { construct(target, args, newTarget) { window.intlMade[name]++; return Reflect.construct(target, args, newTarget); } });
  }
  window.requestIdleCallback = () => 0;
  const check = () => {
    const shadow = document.querySelector('petition-sign')?.shadowRoot;
    const button = shadow?.querySelector('button[type="submit"]');
    if (button && !button.disabled) {
      window.firstInteractive = {
        made: { ...window.intlMade },
        count: shadow.querySelector('.count')?.textContent ?? '',
        options: shadow.querySelectorAll('#country_code option').length,
      };
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface FirstInteractive {
  made: Record<'NumberFormat' | 'Collator' | 'DisplayNames', number>;
  count: string;
  options: number;
}

let site: BundleSite;
let browser: Browser;

before(async () => {
  if (!built) return;
  site = await serveBundle(dist, { '/en': page('en'), '/de': page('de') });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string): Promise<{ tab: Page; first: FirstInteractive; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.addInitScript(COUNT_INTL);
  await tab.goto(`${site.origin}${path}`);
  const first = (await (await tab.waitForFunction(() => (window as unknown as { firstInteractive?: FirstInteractive }).firstInteractive)).jsonValue()) as FirstInteractive;
  return { tab, first, close: () => context.close() };
}

test('an English form is interactive with its count written and no NumberFormat or Collator made', { skip }, async () => {
  const { tab, first, close } = await open('/en');
  try {
    // The bundle site's petition has 12,345 signers.
    assert.match(first.count, /12,345/);
    assert.deepEqual({ NumberFormat: first.made.NumberFormat, Collator: first.made.Collator }, { NumberFormat: 0, Collator: 0 });
    assert.ok(first.made.DisplayNames <= 1, `${first.made.DisplayNames} DisplayNames for the chosen country`);
    assert.equal(first.options, 2, 'the placeholder and the chosen country');
    // The first touch brings every country, named and sorted.
    await tab.locator('petition-sign input[name="first_name"]').focus();
    await tab.waitForFunction(() => (document.querySelector('petition-sign')?.shadowRoot?.querySelectorAll('#country_code option').length ?? 0) > 200);
    assert.ok(await tab.evaluate(() => (window as unknown as { intlMade: Record<string, number> }).intlMade['Collator']! >= 1));
  } finally {
    await close();
  }
});

test('a German form writes its count with Intl, as German does', { skip }, async () => {
  const { first, close } = await open('/de');
  try {
    assert.match(first.count, /12\.345/);
    assert.ok(first.made.NumberFormat >= 1, 'no NumberFormat for a German count');
  } finally {
    await close();
  }
});
