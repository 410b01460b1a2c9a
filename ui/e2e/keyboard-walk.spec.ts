import type { Locator } from '@playwright/test';
import { ok } from './day-walk-setup.ts';
import { test, expect, waitForSeededProspect, type Page } from './fixtures.ts';
import { expectFocusSeen, expectTabStaysIn, focusInside, skipToMain, tabTo } from './keyboard.ts';

// Keyboard all the way (WCAG 2.1.1, 2.1.2, 2.4.1, 2.4.3, 2.4.7, 2.4.11): no .click() and no
// .fill() on the page, only Tab, Shift+Tab, Enter, Space, Escape and typed text; every
// Tab stop on the way is checked to be on screen, not covered, and ringed (keyboard.ts).

/** The open dialog (the app shows one at a time). */
const dialogOf = (page: Page) => page.getByRole('dialog');

/** How many elements in a dialog Tab stops on: pressing one more than that goes round it. */
const tabStops = (dialog: Locator) =>
  dialog.evaluate(
    (element) =>
      [...element.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')].filter(
        (item) => item.tabIndex >= 0 && !item.matches(':disabled') && item.getClientRects().length > 0,
      ).length,
  );

/**
 * A dialog opened from `opener` by Enter: focus lands inside it, Tab and Shift+Tab go round inside
 * it, Escape closes it and focus is back on the opener; opened again, its Cancel (or ✕) does the same.
 */
async function checkDialog(page: Page, opener: Locator, title: string) {
  await tabTo(page, opener, { most: 120 });
  for (const closeWith of ['Escape', 'its button'] as const) {
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page);
    await expect(dialog, `${title} opens`).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 }).first()).toContainText(title);
    expect(await focusInside(dialog), `focus lands inside ${title}`).toBe(true);
    await expectFocusSeen(page);
    if (closeWith === 'Escape') {
      await expectTabStaysIn(page, dialog, (await tabStops(dialog)) + 1);
      await page.keyboard.press('Escape');
    } else {
      await tabTo(page, dialog.getByRole('button', { name: /^(Cancel|Close)$/ }).first(), { most: 60 });
      await page.keyboard.press('Enter');
    }
    await expect(dialog, `${title} closes with ${closeWith}`).toHaveCount(0);
    await expect(opener, `focus is back on what opened ${title} (closed with ${closeWith})`).toBeFocused();
    await expectFocusSeen(page);
  }
}

test('every dialog: focus lands inside, Tab stays inside, Escape or Cancel closes it and focus returns to its opener', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await waitForSeededProspect(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  const campaigns = (await ok(await request.get('/api/campaigns'))) as Array<{ id: number }>;
  const main = page.getByRole('main');
  const cases: Array<{ path: string; opener: Locator; title: string }> = [
    { path: '/prospects', opener: main.getByRole('button', { name: 'Add Prospect' }), title: 'Add Prospect' },
    { path: '/prospects', opener: main.getByRole('button', { name: 'Import CSV' }), title: 'Import CSV' },
    {
      path: '/prospects',
      opener: main.getByTestId('prospect-row').first().getByRole('button').first(),
      title: '',
    },
    { path: '/settings/mailboxes', opener: main.getByRole('button', { name: 'Add Mailbox' }), title: 'Add mailbox' },
    { path: '/meetings', opener: main.getByRole('button', { name: 'Schedule Meeting' }), title: 'Schedule Meeting' },
    { path: '/pricing', opener: main.getByRole('button', { name: 'Configure' }).first(), title: 'Configure' },
    { path: '/outreach', opener: main.getByRole('button', { name: 'New Campaign' }), title: 'New Campaign' },
    {
      path: `/outreach/campaigns/${campaigns[0]!.id}`,
      opener: main.getByRole('button', { name: 'Add prospects' }),
      title: 'Add prospects',
    },
    {
      path: '/settings/suppressions',
      opener: main.getByRole('button', { name: 'Add to Suppression List' }).first(),
      title: 'Add to suppression list',
    },
  ];
  for (const { path, opener, title } of cases) {
    await test.step(`${path}: ${title || 'a prospect'}`, async () => {
      await page.goto(path);
      await expect(opener).toBeVisible({ timeout: 15_000 });
      await skipToMain(page);
      await checkDialog(page, opener, title);
    });
  }
});
