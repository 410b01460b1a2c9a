// WCAG 2.2 AA (README "Accessibility"): axe-core finds nothing on any screen, in its main states
// (loaded with the seeded data, empty in a new workspace, a dialog open, a toast shown, a form's
// errors shown), at desktop and phone widths and in the dark theme; the keyboard reaches the page
// past the sidebar and sees where it is; motion stops for who asks for less.
import type { Locator } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import {
  test,
  expect,
  SEED_TIMEOUT,
  SIGNED_OUT,
  useNewWorkspace,
  waitForSeededProspect,
  type APIRequestContext,
  type Page,
} from './fixtures.ts';
import { APP_SCREENS } from './screens.ts';

/** Desktop and phone widths, and the dark theme (which the app takes when the system prefers dark) at desktop width. */
const LOOKS = [
  { name: '1400 px', slug: 'desktop', viewport: { width: 1400, height: 900 }, colorScheme: 'light' },
  { name: '390 px', slug: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: '1400 px, dark', slug: 'dark', viewport: { width: 1400, height: 900 }, colorScheme: 'dark' },
] as const;

/** The screens APP_SCREENS leaves out: the review queue and the settings with no page of their own there. */
const MORE_SCREENS = ['/review', '/settings/mailboxes', '/settings/suppressions'] as const;

/** Waits until a screen has drawn what it fetched: `ready` (its heading, unless said) is there and no spinner shows. */
async function settled(page: Page, ready: Locator = page.locator('h1').first()): Promise<void> {
  await expect(ready).toBeVisible();
  await expect(page.locator('.loading-spinner, .loading-dots').filter({ visible: true })).toHaveCount(0);
}

/** Opens `path` and checks it as it loaded. */
async function checkScreen(page: Page, path: string, state: string, ready?: Locator): Promise<void> {
  await page.goto(path);
  await settled(page, ready);
  await expectNoViolations(page, `${path} (${state})`);
}

/**
 * An email waiting in the demo workspace's Review Queue (it reviews every email): the next step of
 * the first seeded prospect whose sequence runs, sent now. Once per run; the second width finds it there.
 */
async function emailAwaitingReview(request: APIRequestContext): Promise<void> {
  const pending = async () =>
    ((await (await request.get('/api/outbox?status=pending_review')).json()) as { items: unknown[] }).items.length;
  if ((await pending()) > 0) return;
  let enrolled: number | undefined;
  await expect
    .poll(
      async () => {
        const prospects = (await (await request.get('/api/prospects')).json()) as Array<{ id: number }>;
        for (const { id } of prospects) {
          const profile = (await (await request.get(`/api/prospects/${id}/profile`)).json()) as {
            sequence: { state: { status: string; nextStep: number | null } | null } | null;
          };
          if (profile.sequence?.state?.status === 'active' && profile.sequence.state.nextStep !== null) return (enrolled = id);
        }
        return undefined;
      },
      { message: 'a seeded prospect with a running sequence', timeout: SEED_TIMEOUT, intervals: [3_000] },
    )
    .toBeDefined();
  const sent = await request.post(`/api/prospects/${enrolled}/sequence`, { data: { action: 'send-now' } });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect.poll(pending, { message: 'the email waits for review', timeout: 30_000 }).toBeGreaterThan(0);
}

test.describe('axe finds nothing', () => {
  // Checked at rest: with motion reduced nothing is caught half faded in (a dialog, a toast).
  test.use({ reducedMotion: 'reduce' });

  for (const look of LOOKS) {
    test.describe(`at ${look.name}`, () => {
      test.use({ viewport: look.viewport, colorScheme: look.colorScheme });

      test('on every screen with the seeded data, a prospect, a pipeline and a run, an email to review, the bid dialog and an error toast', async ({
        page,
        request,
      }) => {
        test.setTimeout(2 * SEED_TIMEOUT);
        await waitForSeededProspect(request);
        for (const path of [...APP_SCREENS, ...MORE_SCREENS]) await checkScreen(page, path, 'seeded');

        await checkScreen(page, '/prospects?prospect=1', 'prospect detail open');
        await expect(page.getByRole('dialog')).toBeVisible();
        const pipelines = (await (await request.get('/api/pipelines')).json()) as Array<{
          pipelineId: string;
          runs: { last: { runId: string } | null } | null;
        }>;
        const ran = pipelines.find((pipeline) => pipeline.runs?.last);
        expect(ran, 'a pipeline the seed ran').toBeDefined();
        await checkScreen(page, `/pipelines/${ran!.pipelineId}`, 'a pipeline');
        await checkScreen(page, `/pipelines/runs/${ran!.runs!.last!.runId}`, 'a run');
        // The editor has no page heading: its palette, or on a phone the notice that it needs a wider screen.
        await checkScreen(page, '/pipelines/new', 'a new pipeline', page.getByRole('main').getByText(/^Activities$|needs a wider screen/));
        const campaigns = (await (await request.get('/api/campaigns')).json()) as Array<{ id: number }>;
        expect(campaigns.length, 'the seeded campaign').toBeGreaterThan(0);
        const campaign = (await (await request.get(`/api/campaigns/${campaigns[0]!.id}`)).json()) as { batch: { batchId: string } | null };
        await checkScreen(page, `/outreach/campaigns/${campaigns[0]!.id}`, 'a campaign');
        expect(campaign.batch, "the campaign's batch (the seed runs its prospects as one)").not.toBeNull();
        await checkScreen(page, `/batches/${campaign.batch!.batchId}`, "the campaign's batch");
        await checkScreen(page, '/outreach/campaigns/new', 'a new campaign');

        await emailAwaitingReview(request);
        await page.goto('/review');
        await settled(page);
        await expect(page.getByTestId('review-item').first()).toBeVisible();
        await expectNoViolations(page, '/review (an email to review)');

        // A dialog: a slice's bid.
        await page.goto('/pricing');
        await settled(page);
        await page.getByRole('button', { name: 'Configure' }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoViolations(page, '/pricing (bid dialog open)');

        // An error toast: Discover with nothing filled in.
        await page.goto('/prospect-discovery');
        await settled(page);
        await page.getByRole('button', { name: 'Discover Prospects' }).click();
        await expect(page.getByTestId('toast')).toContainText('Missing Information');
        await expectNoViolations(page, '/prospect-discovery (error toast)');
      });

      test("on every screen of a new workspace, a dialog, its form's errors and a success toast", async ({ page }) => {
        test.setTimeout(180_000);
        await useNewWorkspace(page, `e2e-a11y-${look.slug}-${Date.now().toString(36)}`);
        for (const path of [...APP_SCREENS, ...MORE_SCREENS]) await checkScreen(page, path, 'empty');

        await page.goto('/prospects');
        await settled(page);
        await page.getByRole('button', { name: 'Add Prospect' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expectNoViolations(page, '/prospects (Add Prospect dialog)');
        await dialog.getByLabel('Email').fill('not-an-email');
        await dialog.getByRole('button', { name: 'Add Prospect' }).click();
        await expect(dialog.getByTestId('error-email')).toBeVisible();
        await expectNoViolations(page, '/prospects (Add Prospect refused)');
        for (const [label, value] of [
          ['First name', 'Ada'],
          ['Last name', 'Lane'],
          ['Email', 'ada@lane.example'],
          ['Company', 'Lane Labs'],
        ] as const) {
          await dialog.getByLabel(label).fill(value);
        }
        await dialog.getByRole('button', { name: 'Add Prospect' }).click();
        await expect(page.getByTestId('toast')).toBeVisible();
        await expectNoViolations(page, '/prospects (success toast)');
      });
    });
  }

  test.describe('signed out', () => {
    test.use({ storageState: SIGNED_OUT });

    for (const look of LOOKS) {
      test(`on the landing page, sign-in, sign-up and a refused sign-in at ${look.name}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: look.colorScheme });
        await page.setViewportSize(look.viewport);
        for (const path of ['/', '/signin', '/signup']) await checkScreen(page, path, 'signed out');
        await page.goto('/signin');
        await page.getByLabel('Email').fill('nobody@meetflow.example');
        await page.getByLabel('Password').fill('not the password');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
        await expectNoViolations(page, '/signin (refused)');
      });
    }
  });
});

test('the first Tab reaches "Skip to main content", and Enter moves focus to the page', async ({ page }) => {
  await page.goto('/prospects');
  await settled(page);
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/prospects$/);
  // The next Tab goes on inside the page, not back to the header or the sidebar.
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});

test('focus is visible: a ring on the sidebar links (the current page too), buttons, links and fields', async ({ page, request }) => {
  await waitForSeededProspect(request);
  await page.goto('/prospects');
  await settled(page);
  const sidebar = page.getByRole('navigation', { name: 'App' });
  const targets = {
    'the current page in the sidebar': sidebar.getByRole('link', { name: 'Prospect Pipeline' }),
    'another sidebar link': sidebar.getByRole('link', { name: 'ICP Builder' }),
    'the account button': page.getByRole('button', { name: /^Account: / }),
    'a primary button': page.getByRole('main').getByRole('button', { name: 'Add Prospect' }),
    'a prospect (a link-styled button)': page.getByTestId('prospect-row').first().getByRole('button').first(),
    'a search field': page.getByLabel('Search prospects'),
  };
  for (const [what, target] of Object.entries(targets)) {
    await target.focus();
    await expect(target, what).toBeFocused();
    await expect(target, `${what}: a solid ring`).toHaveCSS('outline-style', 'solid');
    await expect(target, `${what}: 2 px wide`).toHaveCSS('outline-width', '2px');
  }
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test("nothing pulses or slides: the analyzing dot's pulse runs once at once, transitions take no time", async ({ page }) => {
    await page.goto('/prospects');
    await settled(page);
    // The pulse of an "analyzing" agent's dot, drawn with the app's own class (agents analyze only now and then).
    await page.evaluate(
      `document.querySelector('main').insertAdjacentHTML('beforeend', '<span data-testid="pulse" class="animate-pulse">x</span>')`,
    );
    await expect(page.getByTestId('pulse')).toHaveCSS('animation-duration', '1e-05s');
    await expect(page.getByTestId('pulse')).toHaveCSS('animation-iteration-count', '1');
    await expect(page.getByRole('button', { name: 'Add Prospect' }).first()).toHaveCSS('transition-duration', '1e-05s');
  });
});

test('without a motion preference the pulse and transitions stay', async ({ page }) => {
  await page.goto('/prospects');
  await settled(page);
  await page.evaluate(
    `document.querySelector('main').insertAdjacentHTML('beforeend', '<span data-testid="pulse" class="animate-pulse">x</span>')`,
  );
  await expect(page.getByTestId('pulse')).toHaveCSS('animation-iteration-count', 'infinite');
  await expect(page.getByRole('button', { name: 'Add Prospect' }).first()).not.toHaveCSS('transition-duration', '1e-05s');
});

test('every chart has a text alternative: Learning Progress says its figures in a sentence and a table, the same as the chart', async ({
  page,
  request,
}) => {
  test.setTimeout(SEED_TIMEOUT + 90_000);
  await waitForSeededProspect(request);
  await page.goto('/dashboard');
  const chart = page.getByTestId('progress-chart');
  const table = page.getByTestId('progress-table');
  const show = page.getByRole('button', { name: 'Show as table' });
  // The dashboard's six queries answer first (slowly while the seed's runs share the machine).
  await expect(chart).toBeVisible({ timeout: 30_000 });

  // A screen reader has the table before anyone asks for it; on screen it shows on demand.
  await expect(table).toBeAttached();
  await expect(table).not.toBeInViewport();
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(page.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Response rate %', 'Meeting booking rate %', 'Lead quality score']);

  // Its figures are the chart's: a row per point, each the API's figure (the seed's runs may still add to today's).
  const figure = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  let count = 0;
  let lastQuality = '';
  await expect(async () => {
    const points = (await (await request.get('/api/dashboard/trends?range=30d')).json()) as Array<{
      responseRate: number;
      meetingBookingRate: number;
      leadQualityScore: number;
    }>;
    expect(points.length, 'the seed scored leads this month').toBeGreaterThan(0);
    await expect(chart).toHaveAttribute('data-points', String(points.length), { timeout: 1_000 });
    const rows = points.map((point) => [point.responseRate, point.meetingBookingRate, point.leadQualityScore].map(figure).join(' | '));
    const shown = await Promise.all(
      (await table.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allTextContents()).join(' | ')),
    );
    expect(shown).toEqual(rows);
    count = points.length;
    lastQuality = figure(points[points.length - 1]!.leadQualityScore);
  }).toPass({ timeout: 60_000 });

  // The sentence under the chart says the period and each line's figures (the last one too).
  const summary = page.getByTestId('progress-summary');
  await expect(summary).toContainText(new RegExp(`^${count} days?, `));
  await expect(summary).toContainText(count === 1 ? `Lead quality score ${lastQuality}.` : `${lastQuality} at the end`);
  // The chart's own tooltip, reached by keyboard (focus shows its first point), says the table's first row.
  await chart.locator('svg[role="img"]').first().focus();
  const firstRow = (await table.locator('tbody tr').first().locator('th, td').allTextContents()).map((text) => text.trim());
  const tooltip = chart.locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toContainText(firstRow[0]!);
  for (const value of firstRow.slice(1)) await expect(tooltip).toContainText(value);
  await expectNoViolations(page, '/dashboard (chart shown as a table)');
  await page.screenshot({ path: test.info().outputPath('dashboard-chart-table.png'), fullPage: true });
});
