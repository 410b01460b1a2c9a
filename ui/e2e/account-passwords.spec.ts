import { simpleParser } from 'mailparser';
import { readInbox } from '@meetflow/platform/dev/testing/mail-server';
import { test, expect, SIGNED_OUT, signUpAndSignIn, type Page } from './fixtures.ts';

// Passwords and addresses as a person handles them: the emails come through the local mail server
// the app runs (GreenMail), read over IMAP, and their links are opened in the browser.
test.use({ storageState: SIGNED_OUT });

const [mailHost = '127.0.0.1', mailPort = '0'] = (process.env.MEETFLOW_E2E_MAIL_IMAP ?? '').split(':');

/** The texts of the emails `address` received, oldest first. */
async function inbox(address: string): Promise<string[]> {
  const sources = await readInbox({ host: mailHost, port: Number(mailPort) }, address);
  return Promise.all(sources.map(async (source) => (await simpleParser(source)).text ?? ''));
}

/** The path and fragment of the link in the `count`th email to `address` (waiting for it). */
async function emailedLink(address: string, count: number): Promise<string> {
  let texts: string[] = [];
  await expect.poll(async () => (texts = await inbox(address)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const link = /https?:\/\/[^/\s]+(\/[\w-]+#token=[\w-]+)/.exec(texts[count - 1]!)?.[1];
  expect(link, texts[count - 1]).toBeDefined();
  return link!;
}

/** A screen at desktop (1400 px) and phone (390 px) widths. */
async function screenshots(page: Page, name: string) {
  for (const [width, label] of [
    [1400, 'desktop'],
    [390, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('forgot password: the emailed link sets a new one; the sign-up email verifies the address', async ({ page, playwright, baseURL }) => {
  // The e2e stack always runs the local mail server: without it this test cannot run, and fails saying so.
  if (!process.env.MEETFLOW_E2E_MAIL_IMAP)
    throw new Error('the e2e stack started no local mail server (MEETFLOW_MAIL=off?): the emailed links cannot be read');
  const email = `rosa-${Date.now().toString(36)}@reset.example`;
  const elsewhere = await playwright.request.newContext({ baseURL });
  await signUpAndSignIn(elsewhere, { email, password: 'the first passphrase', name: 'Rosa Reset' });

  await page.goto('/verify-email#token=');
  await expect(page.getByTestId('verify-failed')).toContainText('no token');
  await page.goto(await emailedLink(email, 1));
  await expect(page.getByTestId('email-verified')).toContainText(`${email} is verified.`);
  await screenshots(page, 'verify-email');

  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await screenshots(page, 'forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('reset-requested')).toContainText('30 minutes');

  await page.goto(await emailedLink(email, 2));
  await expect(page.getByRole('heading', { name: 'Set a new password', level: 1 })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('the second passphrase');
  await page.getByLabel('Confirm new password').fill('the second passphrase, mistyped');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByTestId('error-confirmPassword')).toContainText('does not match');
  await screenshots(page, 'reset-password');
  await page.getByLabel('Confirm new password').fill('the second passphrase');
  await page.getByRole('button', { name: 'Set Password' }).click();

  await expect(page).toHaveURL(/\/signin\?reset=done/);
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('the second passphrase');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The reset ended the session signed in elsewhere.
  expect((await elsewhere.get('/api/auth/me')).status()).toBe(401);
  await elsewhere.dispose();
});

test('change password from the account menu: the current one is asked for, then back to the page', async ({ page }) => {
  const email = `chen-${Date.now().toString(36)}@change.example`;
  await signUpAndSignIn(page.request, { email, password: 'the first passphrase', name: 'Chen Change' });
  await page.goto('/prospects');
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.locator('#user-menu').getByTestId('email-unverified')).toContainText('Email not verified');
  await page.screenshot({ path: test.info().outputPath('account-menu-desktop.png') });
  await page.locator('#user-menu').getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password\?next=\/prospects$/);
  await page.getByLabel('Current password').fill('not the passphrase');
  await page.getByLabel('New password', { exact: true }).fill('the second passphrase');
  await page.getByLabel('Confirm new password').fill('the second passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('error-currentPassword')).toContainText('is not your current password');
  await screenshots(page, 'change-password');
  await page.getByLabel('Current password').fill('the first passphrase');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/prospects$/);
  await expect(page.getByTestId('toast')).toContainText('Every other session of your account was signed out.');
});
