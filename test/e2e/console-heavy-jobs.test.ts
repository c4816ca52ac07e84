// A second "Prepare delivery (PDF)" pressed in Chromium while the petition's PDF is being made:
// the operator lands on a page that says it is already running (409), whose heading and message
// are read first, and which passes axe; once the first has finished, the button works again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestService } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { launchChromium } from '../../support/chromium.js';
import { assertAccessible } from './page-axe.js';
import { signInToConsole } from './console-sign-in.js';

const EMAIL = 'operator@example.org';
const PASSWORD = 'a long and private passphrase';

let t: TestService;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  t = await startTestService();
  await t.admin.createOperator(EMAIL, PASSWORD);
  await t.admin.seed(t.petitionId, 20_000);
  browser = await launchChromium();
  context = await browser.newContext({ bypassCSP: true, acceptDownloads: true });
  page = await context.newPage();
  await signInToConsole(page, new URL(t.baseUrl).origin, EMAIL, PASSWORD);
});
after(async () => {
  await browser?.close();
  await t?.close();
});

describe('one delivery PDF of a petition at a time, in Chromium', () => {
  test('a second press while the first is made says it is already running; after it, the PDF comes', async () => {
    const origin = new URL(t.baseUrl).origin;
    await page.goto(`${origin}/admin/petitions/${t.petitionId}`);
    // The first PDF, downloaded by another tab of the same session, read as it streams.
    const csrf = await page.locator('form[action$="/delivery"] input[name="csrf"]').getAttribute('value');
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const first = await fetch(`${origin}/admin/petitions/${t.petitionId}/delivery`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: csrf! }).toString(),
    });
    assert.equal(first.status, 200);
    const reader = first.body!.getReader();
    await reader.read();

    const refusal = page.waitForResponse((response) => response.url().endsWith('/delivery'));
    await page.getByRole('button', { name: 'Prepare delivery (PDF)' }).click();
    assert.equal((await refusal).status(), 409);
    await page.getByRole('heading', { level: 1, name: 'This could not be done' }).waitFor();
    await page.getByText('A delivery PDF of this petition is being prepared: it is already running. Try again when it has finished.').waitFor();
    assert.equal(t.logs.filter((line) => / finished: /.test(line)).length, 0, 'the first was still being made');
    await assertAccessible(page, 'the already-running page');

    while (!(await reader.read()).done) continue;
    await page.goto(`${origin}/admin/petitions/${t.petitionId}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Prepare delivery (PDF)' }).click();
    assert.equal((await download).suggestedFilename(), `petition-${t.petitionId}-delivery.pdf`);
  });
});
