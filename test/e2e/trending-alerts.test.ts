// The console's trending alerts in real Chromium: a burst from one /24 raises an alert, the
// operator finds it from the navigation, on the list and on the petition's page, dismisses it by
// keyboard, and axe finds nothing on any of those pages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../service/harness.js';
import type { TestService } from '../service/harness.js';
import { withDatabase } from '../service/test-database.js';
import { launchChromium } from '../../support/chromium.js';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const EMAIL = 'operator@example.org';
const PASSWORD = 'a long and private passphrase';
const source = 'https://www.example.org/burst';

let t: TestService;
let browser: Browser;

before(async () => {
  t = await startTestService({ trend: { everyMs: 100, minSignatures: 5, minSharePercent: 20 } });
  await t.admin.createOperator(EMAIL, PASSWORD);
  const key = await grantedKey(t, source);
  for (let host = 1; host <= 6; host++) {
    const address = host <= 5 ? `198.51.100.${host}` : '192.0.2.1';
    const fields = signerFields({ email: `burst${host}@mail${host}.example.org` });
    assert.equal((await submitSignature(t, source, key, [...fields, ['client_address', address]])).status, 202);
  }
  const alerts = () => withDatabase(t.dbPath, (db) => db.prepare<[], { id: number }>('SELECT id FROM trending_alerts').all());
  assert.equal((await eventually(alerts, (rows) => rows.length > 0, 5000)).length, 1);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await t?.close();
});

async function assertAccessible(page: Page, what: string): Promise<void> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe on ${what}`);
}

describe('trending alerts in the console, in Chromium', () => {
  test('found from the navigation, shown with its counts, dismissed by keyboard', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${new URL(t.baseUrl).origin}/admin/sign-in`);
    await page.getByLabel('Email address').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Trending alerts' }).click();
    await page.getByRole('heading', { name: 'Trending alerts' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Trending alerts' }).getAttribute('aria-current'), 'page');
    const row = page.getByRole('row', { name: /Address range: 198\.51\.100\.0\/24/ });
    assert.match(await row.innerText(), /5 of 6 \(83\.3 %\)[\s\S]*Ongoing/);
    await assertAccessible(page, 'the alerts list');

    await row.getByRole('link', { name: 'Test petition' }).click();
    await page.getByRole('heading', { name: 'Trending alerts' }).waitFor();
    await assertAccessible(page, 'a petition’s page with an alert');
    const dismiss = page.getByRole('button', { name: 'Dismiss the alert for Address range 198.51.100.0/24' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    await page.getByText('The alert is dismissed.').waitFor();
    assert.match(await page.getByRole('row', { name: /198\.51\.100\.0\/24/ }).innerText(), /Dismissed by operator@example\.org/);
    await assertAccessible(page, 'the petition’s page after dismissing');
    await context.close();
  });
});
