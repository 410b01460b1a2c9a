import { test, expect, SIGNED_OUT, type Page } from './fixtures.ts';
import { APP_SCREENS } from './screens.ts';

/** The product spec's marketing claims nobody measured here, and integrations that do not exist: none may be on the page. */
const UNMEASURED = [
  '92%',
  '87%',
  '31%',
  '240+',
  '90-95%',
  '38 min',
  '2-4 hours',
  '30 minutes',
  '99.9%',
  '96%',
  '150+',
  '$25M+',
  '$200-400',
  '120K+',
  '60-70%',
  '12+',
  'illustrative',
  'Setup fee',
  'Starter Pack',
  'credits',
  'two payment providers',
  '3-Min',
  // Payment providers are not integrated (the calendars and CRMs named are: see the integrations test below).
  'Stripe',
  'PayPal',
];

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
    await expect(tiers).toContainText(['Volume Slice$25', 'Standard Slice$30', 'Premium Slice$50']);
    await expect(tiers.nth(1)).toContainText('Companies of 50 to 199 employees');
    await expect(tiers.nth(1)).toContainText('The price moves between $30 and $120');

    // Signed out, every call to action leads to Sign Up, then on to the ICP builder; Sign In to Sign In.
    for (const name of ['Start Your Campaign', 'Start Your Campaign Now', 'START FREE ANALYSIS']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/signup?next=/icp-builder');
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('link', { name: 'See How It Works' })).toHaveAttribute('href', '#how-it-works');
    await page.screenshot({ path: test.info().outputPath('landing-desktop.png'), fullPage: true });
    await page.getByRole('link', { name: 'START FREE ANALYSIS' }).click();
    await expect(page).toHaveURL(/\/signup\?next=\/icp-builder$/);
    await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("every figure is one the project measured, linked to how; none of the spec's unmeasured claims, and one time throughout", async ({
    page,
  }) => {
    await page.goto('/');
    const text = await page.locator('body').innerText();
    for (const claim of UNMEASURED) expect(text, claim).not.toContain(claim);
    // Every duration the page states: the batch's 51 s (hero, Results, FAQ), and the agents' own.
    const times = new Set(text.match(/\d[\d.,]*\s?(?:s|sec|seconds?|min|minutes?|hours?|days?)\b/g));
    expect([...times].sort()).toEqual(['15.6 s', '22.6 s', '4.9 s', '51 s']);

    // Each figure links to the note saying how it was measured, which names the command.
    const stats = page.getByTestId('stat');
    await expect(stats).toHaveCount(6);
    for (const stat of await stats.all()) {
      const link = stat.getByRole('link');
      const target = (await link.getAttribute('href'))!;
      expect(target).toMatch(/^#measured-\w+$/);
      await expect(page.locator(target)).toContainText((await link.textContent())!);
    }
    await expect(stats.first()).toContainText('92.9%ICP accuracy per field, on held-out sites');
    await expect(page.locator('#measured-icp')).toContainText('whose pages and misses nobody working on the extractors reads');
    await expect(page.locator('#measured-batch')).toContainText('npm run bench -- batch');
    const hero = page.getByTestId('hero-measured');
    await expect(hero).toContainText('1,000 prospects went from research to enrolled sequences in 51 s');
    await hero.getByRole('link', { name: 'How we measured it' }).click();
    await expect(page).toHaveURL(/#measured-batch$/);
    await expect(page.locator('#measured-batch')).toBeInViewport();
  });

  test('social proof only from the deployer: none by default, the sections absent; what it supplies, shown', async ({ page, request }) => {
    const none = await request.get('/api/landing-page/social-proof');
    expect(await none.json()).toEqual({ testimonials: [], logos: [], figures: [], mostPopularTier: null });
    await page.goto('/');
    await expect(page.getByTestId('stat')).toHaveCount(6);
    for (const id of ['testimonial', 'customer-logo', 'customer-figure']) await expect(page.getByTestId(id)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Customers' })).toHaveCount(0);
    await expect(page.getByText('Most Popular')).toHaveCount(0);

    // What a deployer's MEETFLOW_SOCIAL_PROOF file serves (the server side: social-proof.test.ts).
    await page.route('**/api/landing-page/social-proof', (route) =>
      route.fulfill({
        json: {
          testimonials: [
            { quote: 'Our first five meetings came in the first week.', name: 'Ada Quill', role: 'Head of Sales', company: 'Engine Co' },
            { quote: 'Every email said where its facts came from.', name: 'Tom Reed' },
          ],
          logos: [{ name: 'Engine Co', image: '/favicon.svg' }, { name: 'Textual Ltd' }],
          figures: [{ value: '12', label: 'teams use it', source: 'our customer list' }],
          mostPopularTier: 'standard',
        },
      }),
    );
    await page.reload();
    await expect(page.getByTestId('testimonial')).toHaveText([
      '“Our first five meetings came in the first week.”Ada Quill, Head of Sales, Engine Co',
      '“Every email said where its facts came from.”Tom Reed',
    ]);
    const customers = page.getByRole('list', { name: 'Customers' });
    await expect(customers.getByRole('img', { name: 'Engine Co' })).toHaveAttribute('src', '/favicon.svg');
    await expect(customers.getByTestId('customer-logo').nth(1)).toHaveText('Textual Ltd');
    await expect(page.getByTestId('customer-figure')).toHaveText(['12teams use itour customer list']);
    const tiers = page.getByTestId('pricing-tier');
    await expect(tiers.nth(1).getByText('Most Popular')).toBeVisible();
    await expect(page.getByText('Most Popular')).toHaveCount(1);
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

test('the integrations it names are the installed source, channel, calendar and CRM plugins, and no other', async ({ page, request }) => {
  const plugins = (await (await request.get('/api/plugins')).json()) as Array<{
    kind: string;
    source?: { displayName: string; standIn: boolean };
    channel?: { displayName: string };
  }>;
  const providers = async (path: string) =>
    ((await (await request.get(path)).json()) as { providers: Array<{ displayName: string }> }).providers.map(
      (provider) => provider.displayName,
    );
  const installed = [
    ...plugins.flatMap((plugin) =>
      plugin.source && !plugin.source.standIn ? [plugin.source.displayName] : plugin.channel ? [plugin.channel.displayName] : [],
    ),
    ...(await providers('/api/calendars')),
    ...(await providers('/api/crm')),
  ];
  expect(installed.length).toBeGreaterThan(1);
  await page.goto('/#enterprise');
  const named = await page.getByTestId('integration').allTextContents();
  expect([...named].sort()).toEqual([...installed].sort());
  await expect(page.locator('#enterprise')).toContainText('Payment providers are not integrated yet');
  await page.locator('#faq').getByRole('button', { name: 'Which tools do you integrate with?' }).click();
  const answer = page.getByRole('region', { name: 'Which tools do you integrate with?' });
  for (const name of installed) await expect(answer).toContainText(name);
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
