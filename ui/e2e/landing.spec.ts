import { test, expect, SIGNED_OUT, type Page } from './fixtures.ts';
import { APP_SCREENS } from './screens.ts';

const SECTION_ORDER = [
  'hero-title',
  'comparison',
  'features',
  'results',
  'pricing',
  'Start your campaign',
  'enterprise',
  'trust',
  'faq',
  'Get started',
];

/**
 * Collects console errors and uncaught exceptions of a page. An answer the API gives by contract
 * is logged by the browser as a failed resource: a 404 for no ICP yet in a workspace, and a 401
 * from "who is signed in" for a visitor who is not. Those are not faults.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const { url } = message.location();
    const expected =
      (message.text().includes('status of 404') && url.endsWith('/api/icp')) ||
      (message.text().includes('status of 401') && url.endsWith('/api/auth/me'));
    if (message.type() === 'error' && !expected) errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('a visitor who is not signed in', () => {
  test.use({ storageState: SIGNED_OUT });

  test("every section in the spec's order, the anchors, the tiers and the calls to action", async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Give us 3 customer URLs');
    // Sections by id (anchors) or label (bands), in document order.
    const order = await page
      .locator('main > section')
      .evaluateAll((sections) =>
        sections.map((section) => section.id || section.getAttribute('aria-label') || section.getAttribute('aria-labelledby')),
      );
    expect(order).toEqual(SECTION_ORDER);
    await expect(page.locator('footer nav')).toHaveText([/^Product/, /^Resources/, /^Company/, /^Legal/]);

    for (const [anchor, id] of [
      ['Features', 'features'],
      ['Results', 'results'],
      ['Pricing', 'pricing'],
    ]) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: anchor! }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
    const tiers = page.getByTestId('pricing-tier');
    await expect(tiers).toHaveCount(3);
    await expect(tiers.nth(1)).toContainText('Standard Slice');
    await expect(tiers.nth(1)).toContainText('Most Popular');
    await expect(page.getByText('Most Popular')).toHaveCount(1);
    await expect(page.getByTestId('testimonial')).toHaveCount(2);
    await expect(page.getByTestId('testimonial').first()).toContainText('(illustrative)');

    // Signed out, every call to action leads to Sign Up, then on to the ICP builder; Sign In to Sign In.
    for (const name of ['Start Your Campaign', 'Start Your Campaign Now', 'START FREE ANALYSIS']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/signup?next=/icp-builder');
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('link', { name: 'Watch 3-Min Demo' })).toHaveAttribute('href', '#how-it-works');
    await page.screenshot({ path: test.info().outputPath('landing-desktop.png'), fullPage: true });
    await page.getByRole('link', { name: 'START FREE ANALYSIS' }).click();
    await expect(page).toHaveURL(/\/signup\?next=\/icp-builder$/);
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the FAQ keeps one answer open at most, and clicking the open one closes it', async ({ page }) => {
    await page.goto('/#faq');
    const questions = page.locator('#faq').getByRole('button');
    const [first, second] = [questions.nth(0), questions.nth(1)];
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'How do you build an ICP from 3 URLs?' })).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    // The keyboard works the same way.
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
  });

  test('on a phone: the menu button opens the anchors and buttons, nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('#pricing')).toBeInViewport();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('landing-phone.png'), fullPage: true });
  });
});

test('signed in, the landing leads into the app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Open app' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'START FREE ANALYSIS' })).toHaveAttribute('href', '/icp-builder');
  await page.getByRole('link', { name: 'START FREE ANALYSIS' }).click();
  await expect(page.getByRole('heading', { name: 'ICP Builder', level: 1 })).toBeVisible();
});

test('no page of the app logs a console error', async ({ page }) => {
  const errors = consoleErrors(page);
  for (const path of APP_SCREENS) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(new URL(page.url()).pathname, 'signed in, no screen sends the user to sign in').toBe(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});
