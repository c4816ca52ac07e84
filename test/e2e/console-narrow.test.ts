// Every console page with data, in Chromium at 390 px (a phone held upright): the page never
// scrolls sideways (document.documentElement.scrollWidth <= 390); a wide table scrolls inside a
// region of its own, labelled by its caption and reachable by keyboard; axe on each page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { withDatabase } from '../service/test-database.js';
import { launchChromium } from '../../support/chromium.js';
import { assertAccessible } from './page-axe.js';
import { signInToConsole } from './console-sign-in.js';

const EMAIL = 'operator.with.a.rather.long.address@example.org';
const PASSWORD = 'a long and private passphrase';
const WIDTH = 390;

let t: TestService;
let browser: Browser;
let page: Page;
let signatureId: number;

before(async () => {
  t = await startTestService({ trend: { everyMs: 100, minSignatures: 5, minSharePercent: 20 } });
  await t.admin.createOperator(EMAIL, PASSWORD);
  await t.admin.updatePetition(t.petitionId, { url: 'https://www.example.org/petitions/a-rather-long-address-for-the-old-bridge-over-the-river', goal: '100000' });
  const source = 'https://www.example.org/a-campaign-site-with-a-long-address';
  const key = await grantedKey(t, source);
  // A burst from one /24 raises a trending alert (as trending-alerts.test.ts does).
  for (let host = 1; host <= 6; host++) {
    const fields = signerFields({ email: `burst${host}@mail${host}.example.org`, city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch' });
    assert.equal((await submitSignature(t, source, key, [...fields, ['client_address', host <= 5 ? `198.51.100.${host}` : '192.0.2.1']])).status, 202);
  }
  await t.admin.seed(t.petitionId, 40);
  const alerts = () => withDatabase(t.dbPath, (db) => db.prepare<[], { id: number }>('SELECT id FROM trending_alerts').all());
  assert.equal((await eventually(alerts, (rows) => rows.length > 0, 5000)).length, 1);
  signatureId = (await withDatabase(t.dbPath, (db) => db.prepare<[], { id: number }>('SELECT id FROM signatures ORDER BY id LIMIT 1').get()))!.id;
  browser = await launchChromium();
  page = await (await browser.newContext({ bypassCSP: true, viewport: { width: WIDTH, height: 844 } })).newPage();
  await signInToConsole(page, new URL(t.baseUrl).origin, EMAIL, PASSWORD);
  // Data for the remaining pages: a block list entry, a bulk invalidation batch, a hidden name.
  await page.goto(`${new URL(t.baseUrl).origin}/admin/block-list`);
  await page.getByLabel('Domain, email address or range').fill('a-very-long-subdomain.of-a-disposable-mail-service.example.com');
  await page.getByRole('button', { name: 'Add to the block list' }).click();
  await page.goto(`${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}/bulk-invalidation`);
  await page.getByLabel('Email domain (optional)').fill('mail6.example.org');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Invalidate the matching signatures' }).click();
  await page.getByText('The matching signatures are invalidated').waitFor();
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe(`the console at ${WIDTH} px`, () => {
  test('no page scrolls sideways; tables scroll in their own labelled region', async () => {
    const paths = [
      '/petitions',
      `/petitions/${t.petitionId}`,
      `/petitions/${t.petitionId}/edit`,
      '/petitions/new',
      `/petitions/${t.petitionId}/close`,
      `/petitions/${t.petitionId}/signatures`,
      `/petitions/${t.petitionId}/signatures?view=unlisted`,
      `/petitions/${t.petitionId}/signatures?q=burst1%40mail1.example.org`,
      `/signatures/${signatureId}`,
      `/petitions/${t.petitionId}/bulk-invalidation`,
      '/key-requests',
      '/block-list',
      '/alerts',
      '/audit',
      '/password',
    ];
    const tooWide: string[] = [];
    for (const path of paths) {
      const answer = await page.goto(`${new URL(t.baseUrl).origin}/admin${path}`);
      assert.equal(answer?.status(), 200, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > WIDTH) tooWide.push(`${path}: ${width} px`);
      // Every table is inside a focusable region named by its caption.
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('table')].map((table) => {
          const region = table.parentElement!;
          return { role: region.getAttribute('role'), tabindex: region.getAttribute('tabindex'), label: document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent ?? null, caption: table.caption?.textContent ?? '' };
        }),
      );
      for (const table of tables) assert.deepEqual(table, { role: 'region', tabindex: '0', label: table.caption, caption: table.caption }, path);
      await assertAccessible(page, `${path} at ${WIDTH} px`);
    }
    assert.deepEqual(tooWide, [], 'pages wider than the screen');
  });

  test('the signatures table scrolls inside its region, by keyboard', async () => {
    await page.goto(`${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}/signatures`);
    const region = page.getByRole('region', { name: /Listed signatures, newest first/ });
    const sizes = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    assert.ok(sizes.scroll > sizes.client, `the table is wider than its region (${sizes.scroll} > ${sizes.client}), which scrolls`);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    // Chromium scrolls smoothly: the position moves over a few frames.
    const scrolled = await eventually(() => region.evaluate((element) => element.scrollLeft), (left) => left > 0, 2000);
    assert.ok(scrolled > 0, 'the keyboard scrolls the region');
  });
});
