import { test, expect } from '@playwright/test';

// The first health poll may race the API's start-up; polling every 5 s catches up.
const HEALTH_TIMEOUT = 20_000;

test('home shows the product and both dependencies up', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Meetflow', exact: true })).toBeVisible();
  for (const check of ['database', 'temporal']) {
    // The badge, not the whole row: a down row's error text could itself contain "up".
    await expect(page.getByTestId(`health-${check}`).locator('.badge')).toContainText('up', {
      timeout: HEALTH_TIMEOUT,
    });
  }
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/some/unknown/path');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('home logs no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');
  // Wait for a completed health poll so its request (and any error it logs) has happened.
  await expect(page.getByTestId('health-temporal').locator('.badge')).toContainText('up', {
    timeout: HEALTH_TIMEOUT,
  });
  expect(errors).toEqual([]);
});
