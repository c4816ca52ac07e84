// The console's block list and bulk invalidation pages in real Chromium, by keyboard where a
// form is filled: axe on each state (empty, with errors, with an entry, a preview, a batch),
// and the error summary taking focus and linking to its field.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startTestService } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { launchChromium } from '../../support/chromium.js';
import { assertAccessible } from './page-axe.js';
import { signInToConsole } from './console-sign-in.js';

const EMAIL = 'operator@example.org';
const PASSWORD = 'a long and private passphrase';

let t: TestService;
let browser: Browser;
let page: Page;

before(async () => {
  t = await startTestService();
  await t.admin.createOperator(EMAIL, PASSWORD);
  await t.admin.seed(t.petitionId, 30);
  browser = await launchChromium();
  page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInToConsole(page, new URL(t.baseUrl).origin, EMAIL, PASSWORD);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('block list and bulk invalidation in Chromium', () => {
  test('the block list: empty, a form error (focus on the summary, linked to the field), an entry, removed', async () => {
    await page.getByRole('link', { name: 'Block list' }).click();
    await page.getByRole('heading', { name: 'Block list', exact: true }).waitFor();
    await assertAccessible(page, 'the empty block list');
    await page.getByLabel('What to block').selectOption('range');
    await page.getByLabel('Domain, email address or range').fill('10.0.0.0/33');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('error-summary')), true);
    assert.equal(await page.getByLabel('Domain, email address or range').inputValue(), '10.0.0.0/33', 'what was typed stays');
    await assertAccessible(page, 'the block list form with an error');
    await page.getByRole('alert').getByRole('link').click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'block-value');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10.16.0.0/12');
    await page.keyboard.press('Enter');
    await page.getByText('Added to the block list').waitFor();
    await assertAccessible(page, 'the block list with an entry');
    await page.getByRole('button', { name: 'Remove 10.16.0.0/12' }).click();
    await page.getByText('Removed from the block list.').waitFor();
  });

  test('bulk invalidation: the form, an error, a preview, the batch and its undo', async () => {
    await page.goto(`${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}`);
    await page.getByRole('link', { name: 'Invalidate in bulk' }).click();
    await assertAccessible(page, 'the bulk invalidation page');
    await page.getByLabel('Signed from (UTC) (optional)').fill('yesterday');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    await assertAccessible(page, 'the filter with an error');
    await page.getByLabel('Signed from (UTC) (optional)').fill('');
    await page.getByLabel('Email domain (optional)').fill('example.org');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('30 counted signatures match').waitFor();
    await assertAccessible(page, 'a preview');
    await page.getByRole('button', { name: 'Invalidate the matching signatures' }).click();
    await page.getByText('The matching signatures are invalidated').waitFor();
    await assertAccessible(page, 'the page with a batch');
    await page.getByRole('button', { name: /^Undo batch/ }).click();
    await page.getByText('The bulk invalidation is undone').waitFor();
    await assertAccessible(page, 'the page with an undone batch');
  });
});
