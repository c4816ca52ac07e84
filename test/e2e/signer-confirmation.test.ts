// A signer confirms in real Chromium: the service mails a link (received by a real SMTP server
// on loopback), opening it shows a button and confirms nothing, pressing it counts and lists
// the signer; both pages pass axe, in the signer's language.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../service/harness.js';
import { startTestService } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { startMailCatcher } from '../service/mail-catcher.js';
import type { MailCatcher } from '../service/mail-catcher.js';
import { launchChromium } from '../../support/chromium.js';
import { withDatabase } from '../service/test-database.js';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const source = 'https://confirm.example.org/';

let t: TestService;
let catcher: MailCatcher;
let browser: Browser;
let key: string;

before(async () => {
  catcher = await startMailCatcher();
  t = await startTestService({ smtp: { url: catcher.url, from: 'Petitions <petitions@example.org>' } });
  await t.admin.updatePetition(t.petitionId, { title: 'Save the Riverside Park', confirm_signers: 'true', url: 'https://www.example.org/park' });
  key = await grantedKey(t, source);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await t?.close();
  await catcher?.close();
});

async function assertAccessible(page: Page, what: string): Promise<void> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run(document)).violations.map((violation) => violation.id);
  });
  assert.deepEqual(violations, [], `axe on ${what}`);
}

const listed = async () => ((await getJson(t, signaturesPath(t.petitionId))).body.signatures as { name: string }[]).map((s) => s.name);

for (const [lang, button, thanks] of [
  ['en', 'Confirm my signature', 'Thank you: your signature is confirmed'],
  ['fr', 'Confirmer ma signature', 'Merci : votre signature est confirmée'],
] as const) {
  test(`${lang}: the emailed link opens a page with a button; pressing it counts and lists the signer`, async () => {
    const email = `chromium.${lang}@example.org`;
    const lastName = `Chromium${lang.toUpperCase()}`;
    const pairs = signerFields({ first_name: 'Rosa', last_name: lastName, email });
    assert.equal((await submitSignature(t, source, key, [...pairs, ['lang', lang]])).status, 202);
    const mails = await eventually(() => catcher.mails.filter((mail) => mail.to === email), (found) => found.length > 0, 5000);
    const link = mails[0]!.link!;
    const countBefore = (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count;

    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(link);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      await assertAccessible(page, `the ${lang} confirmation page`);
      assert.ok(!(await listed()).includes(`Rosa ${lastName}`), 'opening the link confirms nothing');
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('heading', { name: thanks }).waitFor();
      await assertAccessible(page, `the ${lang} thank-you page`);
      assert.ok((await listed()).includes(`Rosa ${lastName}`));
      assert.equal((await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count, countBefore + 1);

      await page.goto(link);
      await assertAccessible(page, 'a used link');
    } finally {
      await context.close();
    }
  });
}

test('a signature the block list took while it waited: the page says it cannot be accepted, and passes axe', async () => {
  const email = 'blocked.while.waiting@blocked-later.example';
  assert.equal((await submitSignature(t, source, key, signerFields({ first_name: 'Rosa', last_name: 'Blocked', email }))).status, 202);
  const mails = await eventually(() => catcher.mails.filter((mail) => mail.to === email), (found) => found.length > 0, 5000);
  // Added as an admin command in another process would; the service has it once a new
  // signature from that domain is refused.
  await withDatabase(t.dbPath, (db) => db.prepare<[number]>("INSERT INTO block_entries (petition_id, kind, value, created_at) VALUES (NULL, 'domain', 'blocked-later.example', ?)").run(Date.now()));
  let probe = 0;
  await eventually(async () => (await submitSignature(t, source, key, signerFields({ email: `probe${++probe}@blocked-later.example` }))).status, (status) => status === 403, 5000);
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(mails[0]!.link!);
    await page.getByRole('button', { name: 'Confirm my signature' }).click();
    await page.getByRole('heading', { name: 'This signature cannot be accepted' }).waitFor();
    await assertAccessible(page, 'the page of a signature refused at confirmation');
  } finally {
    await context.close();
  }
});

test('the code page (empty, with errors, confirmed) and the withdrawal pages pass axe; the error summary takes focus', async () => {
  const email = 'chromium.code@example.org';
  assert.equal((await submitSignature(t, source, key, signerFields({ first_name: 'Cody', last_name: 'Typed', email }))).status, 202);
  const [mail] = await eventually(() => catcher.mails.filter((m) => m.to === email), (found) => found.length > 0, 5000);
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(`${new URL(t.baseUrl).origin}/confirm?lang=en`);
    await assertAccessible(page, 'the code page');
    await page.getByRole('button', { name: 'Confirm my signature' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'error-summary', 'the summary takes focus');
    await assertAccessible(page, 'the code page with errors');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Code').fill(mail!.code!);
    await page.getByRole('button', { name: 'Confirm my signature' }).click();
    await page.getByRole('heading', { name: 'Thank you: your signature is confirmed' }).waitFor();

    await page.goto(mail!.withdrawLink!);
    await assertAccessible(page, 'the withdrawal page');
    await page.getByRole('button', { name: 'Withdraw my signature' }).click();
    await page.getByRole('heading', { name: 'Your signature is withdrawn' }).waitFor();
    await assertAccessible(page, 'the withdrawn page');
    await page.goto(mail!.withdrawLink!);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await assertAccessible(page, 'a used withdrawal link');
  } finally {
    await context.close();
  }
});
