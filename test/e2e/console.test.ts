// The operator's console in real Chromium: sign in with a one-time password, choose a password,
// create a petition with a goal, grant a key request (the requester's callback receiver gets
// it), hide, invalidate, erase, export; axe on every page; and the same console with scripts
// turned off.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startCallbackReceiver } from '../service/callback-receiver.js';
import type { CallbackReceiver } from '../service/callback-receiver.js';
import { authKeysPath, eventually, keyRequestFields, signedPost } from '../service/harness.js';
import { startTestService } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { launchChromium } from '../../support/chromium.js';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const EMAIL = 'operator@example.org';
const PASSWORD = 'a long and private passphrase';

let t: TestService;
let browser: Browser;
let receiver: CallbackReceiver;
let oneTimePassword: string;

before(async () => {
  t = await startTestService();
  oneTimePassword = (await t.admin.createOperator(EMAIL)).one_time_password!;
  await t.admin.createOperator('nojs@example.org', PASSWORD);
  receiver = await startCallbackReceiver(t.consumer.secret);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await receiver?.close();
  await t?.close();
});

/** axe over the whole page; the console has no script of its own, so one is let in for axe alone. */
async function assertAccessible(page: Page, what: string): Promise<void> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe on ${what}`);
}

const consoleUrl = (path = '') => `${new URL(t.baseUrl).origin}/admin${path}`;

describe('the console in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let petitionId: number;

  before(async () => {
    context = await browser.newContext({ bypassCSP: true, acceptDownloads: true });
    page = await context.newPage();
  });
  after(() => context?.close());

  test('sign in by keyboard with a one-time password, then choose a password', async () => {
    await page.goto(consoleUrl());
    assert.equal(new URL(page.url()).pathname, '/admin/sign-in');
    await assertAccessible(page, 'the sign-in page');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const summary = page.getByRole('alert');
    await summary.getByText('There is a problem').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('error-summary')), true, 'the error summary takes focus');
    await assertAccessible(page, 'the sign-in page with its errors');
    await summary.getByRole('link', { name: 'Enter your email address' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'email', 'the summary links to its field');

    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Tab');
    await page.keyboard.type(oneTimePassword);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await assertAccessible(page, 'the password page');
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('heading', { name: 'Petitions' }).waitFor();
    await page.getByText('Your password is saved.').waitFor();
    await assertAccessible(page, 'the petitions page');
  });

  test('create a petition with a title, overview, target and goal', async () => {
    await page.getByRole('link', { name: 'Create a petition' }).click();
    await assertAccessible(page, 'the new petition form');
    await page.getByLabel('Goal (optional)').fill('lots');
    // The likeliest slip: an address without https://.
    await page.getByLabel('Petition page URL (optional)').fill('www.example.org/old-bridge');
    await page.getByRole('button', { name: 'Create petition' }).click();
    await page.getByRole('alert').getByText('There is a problem').waitFor();
    const urlProblem = 'Petition page URL must start with https:// (or http://), like https://www.example.org/old-bridge';
    assert.deepEqual(await page.getByRole('alert').getByRole('link').allTextContents(), ['Enter a title', 'Goal must be a whole number from 1 to 1,000,000,000', urlProblem]);
    assert.equal(await page.getByLabel('Goal (optional)').inputValue(), 'lots', 'what was typed stays');
    assert.equal(await page.getByLabel('Petition page URL (optional)').inputValue(), 'www.example.org/old-bridge');
    assert.equal(await page.getByLabel('Petition page URL (optional)').getAttribute('aria-describedby'), 'petition-url-hint petition-url-error');
    assert.equal(await page.locator('#petition-url-error').textContent(), `Error: ${urlProblem}`);
    await assertAccessible(page, 'the petition form with errors');

    await page.getByLabel('Title').fill('Plant a thousand trees');
    await page.getByLabel('Overview (optional)').fill('Our streets need shade.');
    await page.getByLabel('Targets (optional)').fill('The Mayor\nCity council');
    await page.getByLabel('Goal (optional)').fill('1000');
    await page.getByLabel('Petition page URL (optional)').fill('https://www.example.org/old-bridge');
    await page.getByRole('button', { name: 'Create petition' }).click();
    await page.getByRole('heading', { name: 'Plant a thousand trees' }).waitFor();
    await page.getByText('The petition is created.').waitFor();
    petitionId = Number(/\/petitions\/(\d+)/.exec(page.url())![1]);
    await assertAccessible(page, 'a petition’s page');
    const api = await (await fetch(`${t.baseUrl}/petitions/${petitionId}?api_key=${t.consumer.api_key}`)).json();
    assert.equal(api.goal, 1000);
    assert.deepEqual(api.targets, [{ name: 'The Mayor' }, { name: 'City council' }]);
    assert.equal(api.overview, 'Our streets need shade.');

    await page.getByRole('link', { name: 'Edit petition' }).click();
    await assertAccessible(page, 'the edit form');
    await page.getByLabel('Signers confirm by email').check();
    await page.getByRole('button', { name: 'Save petition' }).click();
    await page.getByText('The petition is saved.').waitFor();
    // Closing asks first, on a page of its own; cancelling changes nothing.
    await page.getByRole('link', { name: 'Close petition' }).click();
    await page.getByRole('heading', { name: 'Close “Plant a thousand trees”?' }).waitFor();
    await assertAccessible(page, 'the close confirmation');
    await page.getByRole('link', { name: 'Cancel: keep it open' }).click();
    await page.getByRole('link', { name: 'Close petition' }).waitFor();
    assert.equal(((await (await fetch(`${t.baseUrl}/petitions/${petitionId}?api_key=${t.consumer.api_key}`)).json()) as { status: string }).status, 'open');
    await page.getByRole('link', { name: 'Close petition' }).click();
    await page.getByRole('button', { name: 'Close the petition' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The petition is closed: it takes no more signatures.').waitFor();
    await page.getByRole('button', { name: 'Open petition' }).click();
    await page.getByText('The petition is open: it takes signatures.').waitFor();
  });

  test('grant a key request: the requester’s callback receiver gets the key', async () => {
    const requested = await signedPost(t, authKeysPath(petitionId), keyRequestFields('https://trees.example.org/', receiver.url));
    assert.equal(requested.status, 202);
    await page.getByRole('link', { name: 'Key requests' }).click();
    await page.getByText('1 waiting for a decision.').waitFor();
    await assertAccessible(page, 'the key requests page');
    const row = page.getByRole('row', { name: /https:\/\/trees\.example\.org\// });
    assert.match((await row.textContent())!, /pending.*Plant a thousand trees.*test consumer.*campaign website.*team@example\.org/s);
    await row.getByRole('button', { name: 'Grant' }).click();
    await page.getByText('The key request is granted.').waitFor();
    const received = await eventually(() => receiver.received, (list) => list.length > 0, 3000);
    assert.equal(received.length, 1);
    assert.equal(received[0]!.verdict, 'valid');
    assert.equal(received[0]!.payload['status'], 'granted');
    assert.match(String(received[0]!.payload['auth_key']), /^[0-9a-f]{64}$/);
    await page.getByRole('row', { name: /https:\/\/trees\.example\.org\// }).getByRole('button', { name: 'Revoke' }).waitFor();
  });

  test('hide, invalidate and erase signatures; the counts follow', async () => {
    await t.admin.updatePetition(petitionId, { confirm_signers: 'false' });
    await t.admin.seed(petitionId, 30);
    await page.goto(consoleUrl(`/petitions/${petitionId}/signatures`));
    await assertAccessible(page, 'the signatures page');
    const names = page.locator('tbody th a');
    assert.equal(await names.count(), 28, 'seeding hides 5 %, rounded: 2 of 30');

    await names.nth(0).click();
    await assertAccessible(page, 'a signature’s page');
    await page.getByRole('button', { name: 'Hide name from the list' }).click();
    await page.getByText('The name is hidden from the public list. The signature still counts.').waitFor();

    await page.goto(consoleUrl(`/petitions/${petitionId}/signatures`));
    await names.nth(3).click();
    await page.getByRole('button', { name: 'Invalidate signature' }).click();
    await page.getByText('The signature is invalidated').waitFor();

    await page.goto(consoleUrl(`/petitions/${petitionId}/signatures`));
    await names.nth(5).click();
    await page.getByRole('button', { name: 'Erase signer' }).click();
    await page.getByRole('alert').getByText('Confirm that the signer asked for their personal data to be erased').waitFor();
    await assertAccessible(page, 'a signature’s page with an error');
    await page.getByLabel('The signer asked for their personal data to be erased').check();
    await page.getByRole('button', { name: 'Erase signer' }).click();
    await page.getByText('The signer’s personal data is erased').waitFor();
    assert.equal(await names.count(), 25);

    await page.getByRole('link', { name: 'Not listed' }).click();
    await assertAccessible(page, 'the unlisted signatures');
    await page.getByLabel('Search by name, email address or postal code').fill('seed');
    await page.getByRole('button', { name: 'Search' }).click();
    await assertAccessible(page, 'search results');

    await page.goto(consoleUrl(`/petitions/${petitionId}`));
    const summary = (await page.locator('dl.summary').first().innerText()).replace(/\s+/g, ' ');
    assert.match(summary, /Counted 28 of a goal of 1,000 Listed 25 Hidden from the list 3 Awaiting confirmation 0 Invalidated 1/);
  });

  test('export the signatures as a CSV download', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export signatures (CSV)' }).click()]);
    assert.match(download.suggestedFilename(), new RegExp(`^petition-${petitionId}-signatures-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = readFileSync((await download.path())!, 'utf8');
    assert.ok(text.startsWith('\uFEFF"signature_id","first_name"'));
    assert.equal(text.trimEnd().split('\r\n').length, 1 + 28);
  });

  test('the audit log shows who did what', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await assertAccessible(page, 'the audit log');
    const log = (await page.locator('tbody').innerText()).replace(/\s+/g, ' ');
    for (const action of ['signatures exported', 'signer erased', 'signature invalidated', 'signature hidden', 'key request granted', 'petition opened', 'petition closed', 'petition updated', 'petition created', 'operator password set', 'signed in']) {
      assert.match(log, new RegExp(`operator@example\\.org ${action}`), action);
    }
  });
});

describe('the console’s pages for problems', () => {
  test('an unknown page, a form that is not the console’s, and a service with no operator yet all pass axe', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const bare = await startTestService();
    try {
      const page = await context.newPage();
      await page.goto(consoleUrl('/sign-in'));
      await page.getByLabel('Email address').fill('nojs@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.goto(consoleUrl('/petitions/999999'));
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await assertAccessible(page, 'the page for an unknown petition');

      await page.goto(consoleUrl(`/petitions/${t.petitionId}/close`));
      await page.locator('input[name="csrf"]').evaluateAll((inputs) => inputs.forEach((input) => ((input as HTMLInputElement).value = 'forged')));
      await page.getByRole('button', { name: 'Close the petition' }).click();
      await page.getByRole('heading', { name: 'This form has expired' }).waitFor();
      await assertAccessible(page, 'the page for a forged form');

      await page.goto(`${new URL(bare.baseUrl).origin}/admin/sign-in`);
      await page.getByText('This service has no operator yet.').waitFor();
      await assertAccessible(page, 'the sign-in page of a service with no operator');
    } finally {
      await context.close();
      await bare.close();
    }
  });
});

describe('the console with scripts turned off', () => {
  test('signing in, creating a petition and hiding a name all work without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(consoleUrl('/sign-in'));
      await page.getByLabel('Email address').fill('nojs@example.org');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Create a petition' }).click();
      await page.getByLabel('Title').fill('Without scripts');
      await page.getByRole('button', { name: 'Create petition' }).click();
      await page.getByRole('heading', { name: 'Without scripts' }).waitFor();
      await page.goto(consoleUrl(`/petitions/${t.petitionId}/signatures`));
      await t.admin.seed(t.petitionId, 3);
      await page.reload();
      await page.locator('tbody th a').first().click();
      await page.getByRole('button', { name: 'Hide name from the list' }).click();
      await page.getByText('The name is hidden from the public list.').waitFor();
    } finally {
      await context.close();
    }
  });
});
