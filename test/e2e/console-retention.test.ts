// The console's personal data pages in real Chromium (issue 30): axe on the retention page of an
// open petition, with its period refused at the field (the summary takes focus, its link leads to
// the field), saved, then on a closed petition with its erasure date, the erasure's confirmation
// page and the page after the erasure; every step by keyboard and clicks as an operator would.
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
  await t.admin.seed(t.petitionId, 10);
  browser = await launchChromium();
  page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInToConsole(page, new URL(t.baseUrl).origin, EMAIL, PASSWORD);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('personal data and its erasure in Chromium', () => {
  test('the period refused at its field, then saved; the petition closed, erased after its confirmation page', async () => {
    const petitionPage = `${new URL(t.baseUrl).origin}/admin/petitions/${t.petitionId}`;
    await page.goto(petitionPage);
    await page.getByRole('link', { name: 'Personal data and its erasure' }).click();
    await page.getByRole('heading', { name: 'What goes' }).waitFor();
    await assertAccessible(page, 'the retention page of an open petition');

    const field = page.getByLabel('Days after closing before personal data is erased');
    await field.fill('0');
    await page.getByRole('button', { name: 'Save retention period' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.closest('[role="alert"]') !== null), true, 'the summary takes focus');
    await assertAccessible(page, 'the retention page with its period refused');
    await page.getByRole('alert').getByRole('link').first().click();
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'INPUT', 'the summary leads to the field');
    await field.fill('30');
    await page.getByRole('button', { name: 'Save retention period' }).click();
    await page.getByRole('heading', { name: 'What goes' }).waitFor();
    assert.equal(await field.inputValue(), '30');

    await t.admin.updatePetition(t.petitionId, { status: 'closed' });
    await page.goto(petitionPage);
    assert.match((await page.locator('#retention-summary').textContent()) ?? '', /erased/);
    await page.getByRole('link', { name: 'Personal data and its erasure' }).click();
    await assertAccessible(page, 'the retention page of a closed petition, with its erasure date');
    await page.getByRole('link', { name: 'Erase personal data now' }).click();
    await page.getByRole('button', { name: 'Erase personal data' }).waitFor();
    await assertAccessible(page, 'the erasure confirmation page');
    await page.getByRole('button', { name: 'Erase personal data' }).click();
    await page.getByText('The signers’ personal data is erased').waitFor();
    await assertAccessible(page, 'the retention page after the erasure');
    await page.goto(petitionPage);
    assert.match((await page.locator('#retention-summary').textContent()) ?? '', /erased on/);
    await assertAccessible(page, 'the petition page of an erased petition');
  });
});
