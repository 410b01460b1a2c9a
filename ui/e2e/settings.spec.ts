import { test, expect, SIGNED_OUT, useNewWorkspace } from './fixtures.ts';

// An owner invites a teammate with a link, the teammate joins, and the owner manages them; an API token is made and revoked.
test('invite a sales-ops teammate by link: they sign up, join, and show in Members; then the owner changes their role', async ({
  page,
  browser,
}) => {
  const workspace = await useNewWorkspace(page, `e2e-team-${Date.now().toString(36)}`);
  await page.goto('/settings/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await page.locator('#invite-role').selectOption({ label: 'Sales ops' });
  await page.getByRole('button', { name: 'Create Invitation Link' }).click();
  const link = (await page.getByTestId('invitation-link').textContent())!.trim();
  expect(link).toMatch(/\/invite\/[\w-]{43}$/);
  await expect(page.getByTestId('invitation-link-panel')).toContainText('Shown once.');

  // The teammate, in a browser of their own, opens the link, creates an account and joins.
  const teammate = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await teammate.newPage();
  await theirs.goto(link);
  await expect(theirs.getByTestId('invitation-signed-out')).toBeVisible();
  await theirs.getByRole('link', { name: 'Create Account' }).click();
  await theirs.getByLabel('Your name').fill('Sam Teammate');
  const email = `sam-${Date.now().toString(36)}@team.example`;
  await theirs.getByLabel('Work email').fill(email);
  await theirs.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
  await theirs.getByRole('button', { name: 'Create Account' }).click();
  await expect(theirs.getByTestId('invitation-accept')).toBeVisible();
  await theirs.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(theirs).toHaveURL(/\/dashboard$/);
  await expect(theirs.getByRole('button', { name: `Workspace: ${workspace}` })).toBeVisible();
  await teammate.close();

  await page.reload();
  const row = page.locator(`[data-testid="member-row"][data-email="${email}"]`);
  await expect(row).toBeVisible();
  await row.getByLabel('Role of Sam Teammate').selectOption({ label: 'Viewer' });
  await expect(page.getByTestId('toast').first()).toContainText('Role Changed');
  await page.screenshot({ path: test.info().outputPath('members-desktop.png'), fullPage: true });
});

test('an API token is shown once, works as a Bearer credential, and stops working when revoked', async ({ page, playwright, baseURL }) => {
  await useNewWorkspace(page, `e2e-tokens-${Date.now().toString(36)}`);
  await page.goto('/settings/api-tokens');
  await page.locator('#token-name').fill('Nightly export');
  await page.locator('#token-role').selectOption({ label: 'Viewer' });
  await expect(page.locator('#token-expiry')).toHaveValue('90'); // a new token expires unless told otherwise
  await page.getByRole('button', { name: 'Create Token' }).click();
  const token = (await page.getByTestId('api-token').textContent())!.trim();
  expect(token).toMatch(/^mf_[\w-]{43}$/);
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await script.get('/api/prospects')).status()).toBe(200);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('token-row')).toHaveCount(1);
  await expect(page.getByTestId('token-expiry')).toHaveText(/^Expires \S/);
  await page.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('tokens-empty')).toBeVisible();
  expect((await script.get('/api/prospects')).status()).toBe(401);
  await script.dispose();
});
