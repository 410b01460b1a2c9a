import { test, expect, SIGNED_OUT, signUpAndSignIn } from './fixtures.ts';

// Signing up, signing in and out as a person does it, in a browser that starts signed out.
test.use({ storageState: SIGNED_OUT });

const demo = { email: process.env.MEETFLOW_E2E_DEMO_EMAIL ?? '', password: process.env.MEETFLOW_E2E_DEMO_PASSWORD ?? '' };

test('sign up from a page of the app: back on that page, in an empty workspace of your own', async ({ page }) => {
  await page.goto('/prospects');
  await expect(page).toHaveURL(/\/signin\?next=%2Fprospects$|\/signin\?next=\/prospects$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  await page.getByLabel('Your name').fill('Nia Park');
  await page.getByLabel('Work email').fill(`nia-${Date.now().toString(36)}@signup.example`);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The API's refusal on its field; nothing else lost.
  await expect(page.getByTestId('error-password')).toContainText('at least 10 characters');
  await expect(page.getByLabel('Your name')).toHaveValue('Nia Park');
  await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase');
  await page.getByLabel('Workspace name').fill('Park Sales');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/prospects$/);
  await expect(page.getByTestId('prospects-empty')).toContainText('No prospects found');
  await expect(page.getByRole('button', { name: 'Workspace: Park Sales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account: Nia Park' })).toBeVisible();
});

test('sign in as the demo owner: the seeded workspace; then sign out, and the app asks to sign in again', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(demo.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('auth-error')).toContainText('The email or password is wrong.');
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The first start's seed fills the default workspace with sample prospects in the background (looked at again until it has).
  await expect(async () => {
    await page.goto('/prospects');
    await expect(page.getByTestId('prospect-row').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 180_000, intervals: [2_000] });
  await expect(page.getByTestId('prospect-row').first()).toContainText('Sample data');
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.locator('#user-menu').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin\?next=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sign in');
});

test('a viewer, invited by the owner, sees the settings but cannot press Save', async ({ page, playwright, baseURL }) => {
  // The demo owner makes a workspace and invites a viewer into it (a single-use link).
  const owner = await playwright.request.newContext({ baseURL, storageState: process.env.MEETFLOW_E2E_STATE });
  const workspace = `e2e-viewer-${Date.now().toString(36)}`;
  expect((await owner.post('/api/workspaces', { data: { name: 'Viewed team', slug: workspace } })).status()).toBe(201);
  const invited = await owner.post(`/api/invitations?workspace=${workspace}`, { data: { role: 'viewer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  await owner.dispose();

  // The invitee signs up in this browser and accepts it.
  const email = `vera-${Date.now().toString(36)}@viewer.example`;
  await signUpAndSignIn(page.request, { email, password: 'a long passphrase', name: 'Vera Viewer' });
  const accepted = await page.request.post('/api/invitations/accept', { data: { token } });
  expect([accepted.status(), await accepted.json()]).toEqual([200, { slug: workspace, name: 'Viewed team', role: 'viewer' }]);
  expect((await page.request.post('/api/invitations/accept', { data: { token } })).status(), 'a link works once').toBe(404);

  await page.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await page.goto('/agents');
  await expect(page.getByRole('button', { name: 'Workspace: Viewed team' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('title', 'Viewers cannot change settings');
  // And the API agrees, whatever the page shows.
  const put = await page.request.put(`/api/config/scoringWeights?workspace=${workspace}`, { data: { configValue: {} } });
  expect(put.status()).toBe(403);
});
