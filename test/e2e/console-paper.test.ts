// The console's paper signatures pages in real Chromium: axe on the upload page (empty, with a
// file error at its field, with a batch), the preview with failing rows, and the removal's
// confirmation; the file (saved as Latin-1, as Excel's plain CSV is) goes up through the file
// input as an operator's would, and the preview names its signers and says how it was read.
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
const SHEET = [
  'first_name,last_name,email,address,city,postal_code,country_code',
  'José,Müller,,2 Bletchley Road,London,SW1A 1AA,GB',
  'José,Müller,,2 Bletchley Road,London,SW1A 1AA,GB',
  'Nameless,,,1 Road,London,ZZZ,GB',
].join('\r\n');

let t: TestService;
let browser: Browser;
let page: Page;

before(async () => {
  t = await startTestService();
  await t.admin.createOperator(EMAIL, PASSWORD);
  await t.admin.seed(t.petitionId, 10);
  browser = await launchChromium();
  page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInToConsole(page, new URL(t.baseUrl).origin, EMAIL, PASSWORD);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('paper signatures in Chromium', () => {
  test('upload, a missing file, the preview, adding, and removing the batch', async () => {
    await page.goto(`${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}`);
    await page.getByRole('link', { name: 'Add paper signatures' }).click();
    await assertAccessible(page, 'the upload page');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    await assertAccessible(page, 'the upload page with an error');
    await page.getByRole('alert').getByRole('link', { name: 'Select a CSV file' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'paper-sheet');
    await page.getByLabel('CSV file of paper signatures').setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(SHEET, 'latin1') });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: /Preview paper signatures/ }).waitFor();
    assert.equal(await page.locator('#paper-to-add').textContent(), '1');
    await page.getByRole('cell', { name: 'José Müller' }).waitFor();
    await page.getByText('Row 2 of this sheet').waitFor();
    await page.locator('#paper-encoding').getByText(/read as Windows-1252/).waitFor();
    await assertAccessible(page, 'the preview');
    await page.getByRole('button', { name: 'Add 1 paper signature' }).click();
    await page.getByText('The paper signatures are added').waitFor();
    await assertAccessible(page, 'the upload page with a batch');
    await page.goto(`${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}`);
    assert.equal(await page.locator('#signature-total').textContent(), '11 signatures, including 1 on paper');
    await page.getByRole('link', { name: 'Add paper signatures' }).click();
    await page.getByRole('link', { name: /Remove batch/ }).click();
    await assertAccessible(page, 'the removal confirmation');
    await page.getByRole('button', { name: /Remove batch/ }).click();
    await page.getByText('The paper batch is removed').waitFor();
  });
});
