// An operator signing in to the console in Chromium, as the console's end-to-end tests begin.
import type { Page } from 'playwright-core';

/** Signs in at `origin`'s console and waits for the petitions list. */
export async function signInToConsole(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Petitions' }).waitFor();
}
