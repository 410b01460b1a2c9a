import { deliveredTo, invitationOf, OFFER, ok, proposedDay, replyAs, reviewModeMailbox, waitForReplies } from './day-walk-setup.ts';
import type { Locator } from '@playwright/test';
import { test, expect, useNewWorkspace, waitForSeededProspect, type Page } from './fixtures.ts';
import { expectFocusSeen, expectTabStaysIn, focusInside, skipToMain, tabTo, typeInto } from './keyboard.ts';

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

test('the day by keyboard alone: ICP → discovery → launch → the prospect → review → approve → Inbox → book', async ({ page, request }) => {
  test.setTimeout(480_000);
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const run = Date.now().toString(36); // each run (and each repeat) in a workspace, and from a seller, of its own
  const workspace = await useNewWorkspace(page, `e2e-keys-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const seller = `riley-keys-${run}@lumen-ledger.example`;
  // What the walk does not cover is set up through the API: the offer, and review-mode sending
  // from a mailbox on the local mail server.
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  const mailboxId = await reviewModeMailbox(request, at, seller);

  await page.setViewportSize({ width: 1400, height: 900 });
  const main = page.getByRole('main');
  const sidebar = page.getByRole('navigation', { name: 'App' });
  /** Goes to a screen through the sidebar (Shift+Tab reaches it from the page, past the top of the page), by Enter. */
  const navigate = async (name: string, path: RegExp) => {
    await tabTo(page, sidebar.getByRole('link', { name }), { back: true, most: 150 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  };

  // ICP: the first Tab is the skip link; the sample customer sites, then Generate ICP.
  await page.goto('/icp-builder');
  const useSamples = main.getByRole('button', { name: 'Use the sample customer sites' });
  await expect(useSamples).toBeVisible();
  await skipToMain(page);
  await tabTo(page, useSamples);
  await page.keyboard.press('Enter');
  await expect(main.getByRole('textbox', { name: /^Customer URL \d+$/ })).toHaveCount(4);
  await tabTo(page, main.getByRole('button', { name: 'Generate ICP' }));
  await page.keyboard.press('Enter');
  const slices = main.getByTestId('icp-slice');
  await expect(slices).toHaveCount(2, { timeout: 60_000 });

  // Discovery: the sales-technology slice's link fills the criteria; Discover Prospects; the best match added.
  await tabTo(page, slices.filter({ hasText: 'Sales technology' }).getByRole('link', { name: 'Discover prospects for this slice' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/prospect-discovery\?/);
  await tabTo(page, main.getByRole('button', { name: 'Discover Prospects' }), { most: 60 });
  await page.keyboard.press('Enter');
  const card = main.getByTestId('prospect-card').first();
  await expect(card).toBeVisible({ timeout: 45_000 });
  await tabTo(page, card.getByRole('button', { name: 'Add to Pipeline', exact: true }), { most: 60 });
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'In pipeline' })).toBeVisible();
  const [prospect] = (await ok(await request.get(at('/api/prospects')))) as Array<{
    id: number;
    firstName: string;
    lastName: string;
    email: string;
  }>;
  const name = `${prospect!.firstName} ${prospect!.lastName}`;

  // Launch: a new campaign of every prospect so far (none is scored yet), started at once.
  await navigate('Outreach Management', /\/outreach$/);
  await tabTo(page, main.getByRole('button', { name: 'New Campaign' }));
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByRole('textbox', { name: 'Name' }), 'Keyboard day');
  await typeInto(page, dialog.getByRole('spinbutton', { name: 'Minimum score' }), '');
  const startNow = dialog.getByRole('checkbox', { name: /^Start it now/ });
  await tabTo(page, startNow);
  await page.keyboard.press('Space');
  await expect(startNow).toBeChecked();
  await expect(dialog.getByTestId('matching')).toHaveText('1 prospects match.');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Campaign' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/outreach\/campaigns\/\d+$/);

  // The campaign researches, scores and writes to the prospect; a qualified one gets a sequence.
  await expect
    .poll(async () => ((await ok(await request.get(at(`/api/prospects/${prospect!.id}/profile`)))) as { sequence: unknown }).sequence, {
      timeout: 200_000,
      intervals: [2_000],
    })
    .not.toBeNull();

  // The prospect, from the Prospect Pipeline's table: its panel, Send step 1 now; Escape gives focus back to the row.
  await navigate('Prospect Pipeline', /\/prospects$/);
  const row = main.getByTestId('prospect-row').filter({ hasText: name }).getByRole('button', { name });
  await tabTo(page, row, { most: 60 });
  await page.keyboard.press('Enter');
  const panel = dialogOf(page);
  await expect(panel.getByRole('heading', { name, level: 3 })).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Send step 1 now' }), { most: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Next Step Queued');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(row).toBeFocused();

  // Review and approve: the email waits in the Review Queue; Enter on Approve.
  await expect
    .poll(async () => ((await ok(await request.get(at('/api/outbox?status=pending_review')))) as { total: number }).total, {
      timeout: 120_000,
      intervals: [1_000],
    })
    .toBe(1);
  await navigate('Review Queue', /\/review$/);
  await tabTo(page, main.getByRole('button', { name: `Approve the email to ${name}` }), { most: 60 });
  await page.keyboard.press('Enter');
  await expect(main.getByTestId('review-empty')).toContainText('Nothing waiting for review');

  // It is sent; the prospect answers, proposing a time; the mailbox reads the answer over IMAP.
  const delivered = await deliveredTo(request, at, prospect!, seller);
  const day = proposedDay();
  const dayText = day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  await replyAs({ name, address: prospect!.email }, seller, delivered[0]!, `Thanks, sounds useful. ${dayText} at 13:15 works for me.`);
  await waitForReplies(request, at, mailboxId, 1);

  // Inbox: the reply, opened by Enter; Book this time, by Enter.
  await navigate('Inbox', /\/inbox$/);
  await tabTo(page, main.getByRole('button', { name: new RegExp(name) }), { most: 40 });
  await page.keyboard.press('Enter');
  const detail = main.getByRole('article', { name });
  await expect(detail.getByRole('list', { name: 'Times they proposed' })).toContainText('1:15 PM');
  await tabTo(page, detail.getByRole('button', { name: 'Book this time' }).first(), { most: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Meeting Booked');

  // Booked at the time proposed, and the invitation reaches the prospect's mailbox.
  const meetings = (await ok(await request.get(at('/api/meetings')))) as Array<{ prospectId: number; scheduledAt: string }>;
  expect(meetings.map((meeting) => [meeting.prospectId, meeting.scheduledAt])).toEqual([[prospect!.id, day.toISOString()]]);
  const { calendar } = await invitationOf(prospect!.email, seller);
  expect(calendar).toContain('METHOD:REQUEST');
  expect(crashes).toEqual([]);
});
