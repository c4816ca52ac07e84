// "Campaign at a glance" (issue 20) in Chromium: reached from the petition's page, its window
// chosen with the GET form, under the console's own Content-Security-Policy with no violation
// (the charts are inline SVG with presentation attributes, no style attribute); axe finds nothing
// on the charts (the per-day table folded, then opened from the keyboard), on the form's errors,
// or on an empty petition's page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestService } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { withDatabase } from '../service/test-database.js';
import { launchChromium } from '../../support/chromium.js';
import { assertAccessible } from './page-axe.js';

const EMAIL = 'charts@example.org';
const PASSWORD = 'a long and private passphrase';

let t: TestService;
let browser: Browser;
let emptyPetition: number;

before(async () => {
  t = await startTestService();
  await t.admin.createOperator(EMAIL, PASSWORD);
  await t.admin.updatePetition(t.petitionId, { title: 'Plant a thousand trees', goal: '1000', confirm_signers: 'true' });
  await t.admin.seed(t.petitionId, 200);
  await withDatabase(t.dbPath, async (db) => {
    await db.prepare("UPDATE signatures SET utm_source = 'newsletter', referrer_host = 'news.example.com' WHERE id % 3 = 0").run();
    // Opt-ins as a proxy passes them on: some signers ticked two, some one, some none.
    await db.prepare("UPDATE signatures SET opt_ins = CASE id % 4 WHEN 0 THEN 'news,sms' WHEN 1 THEN 'news' ELSE '' END").run();
  });
  emptyPetition = (await t.admin.createPetition('Nobody yet')).petition_id;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await t?.close();
});

const consoleUrl = (path = '') => `${new URL(t.baseUrl).origin}/admin${path}`;

async function signIn(page: Page): Promise<void> {
  await page.goto(consoleUrl('/sign-in'));
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Petitions' }).waitFor();
}

test('under the console’s CSP: reached from the petition, a window chosen by the hour, and no violation', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A failed load is told by its response below, where the browser's own favicon request can be told apart.
      if ((message.type() === 'error' && !message.text().startsWith('Failed to load resource')) || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    await signIn(page);
    await page.goto(consoleUrl(`/petitions/${t.petitionId}`));
    await page.getByRole('link', { name: 'Campaign at a glance' }).click();
    await page.getByRole('heading', { name: 'Campaign at a glance' }).waitFor();
    assert.equal(await page.getByRole('img', { name: 'Counted signatures per day' }).count(), 1);
    assert.equal(await page.getByRole('img', { name: 'By country' }).count(), 1);
    assert.equal(await page.getByRole('img', { name: 'Opt-in rates' }).count(), 1);
    const box = await page.locator('svg[role="img"] rect[data-label]:not([data-value="0"])').first().boundingBox();
    assert.ok(box && box.height > 0 && box.width > 0, 'the bars are drawn');
    const lastDay = await page.getByLabel('Last day').inputValue();
    await page.getByLabel('First day').fill(lastDay);
    await page.getByLabel(/^Hour/).check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('img', { name: 'Counted signatures per hour' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('bucket'), 'hour');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('axe finds nothing on the charts, on the form’s errors, or on an empty petition', async () => {
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await signIn(page);
    await page.goto(consoleUrl(`/petitions/${t.petitionId}/insight`));
    await assertAccessible(page, 'the charts over the petition’s life');
    // 180 days: the per-day table is folded, opened from the keyboard, and the page stays clean both ways.
    const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    await page.goto(consoleUrl(`/petitions/${t.petitionId}/insight?from=${day(179 * 86_400_000)}&to=${day(0)}`));
    const table = page.getByRole('table', { name: /^Signatures per day/ });
    assert.equal(await table.isVisible(), false, 'folded');
    assert.equal(await page.getByRole('img', { name: 'By country' }).isVisible(), true);
    await assertAccessible(page, 'the charts with the per-day table folded');
    await page.getByText('Each day in a table (180 days)', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await table.waitFor();
    assert.equal(await table.getByRole('row').count(), 182, 'its header, 180 days and the total');
    await assertAccessible(page, 'the per-day table unfolded');
    await page.goto(consoleUrl(`/petitions/${t.petitionId}/insight?from=2026-03-02&to=2026-03-01&bucket=hour`));
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    await assertAccessible(page, 'the form with its errors');
    await page.goto(consoleUrl(`/petitions/${emptyPetition}/insight`));
    await assertAccessible(page, 'an empty petition');
  } finally {
    await context.close();
  }
});
