import { meetingTookPlaceAt } from '@meetflow/platform/dev/testing/meetings';
import { test, expect, type Page, useNewWorkspace } from './fixtures.ts';

/** Points the UI at a workspace of its own. */
async function useFreshWorkspace(page: Page, name: string): Promise<string> {
  const workspace = `e2e-meet-${name}-${Date.now().toString(36)}`;
  await useNewWorkspace(page, workspace);
  return workspace;
}

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

test("a fresh workspace: the four stats at zero and the spec's empty state", async ({ page }) => {
  await useFreshWorkspace(page, 'empty');
  await page.goto('/meetings');
  await expect(page.getByRole('heading', { name: 'Meeting Scheduler', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage and track scheduled meetings')).toBeVisible();
  for (const [label, value] of [
    ['Total Meetings', '0'],
    ['This Week', '0'],
    ['Completed', '0'],
    ['Success Rate', '0%'],
  ]) {
    await expect(stat(page, label!)).toContainText(value!);
  }
  await expect(page.getByTestId('meetings-empty')).toContainText('No meetings scheduled');
  await expect(page.getByTestId('meetings-empty')).toContainText('Meetings will appear here once prospects book time with you.');
});

test('schedule a meeting on an offered slot: it shows in Upcoming, offers no attendance before it starts (the API refuses it), then in Past is marked attended', async ({
  page,
  request,
}) => {
  const workspace = await useFreshWorkspace(page, 'book');
  for (const [firstName, email] of [
    ['Ada', 'ada@lane.example'],
    ['Bo', 'bo@reyes.example'],
  ]) {
    const created = await request.post(`/api/prospects?workspace=${workspace}`, {
      data: { firstName, lastName: 'Tester', email, company: 'Lane Labs', employeeCount: 80 },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/meetings');
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Search by name, company or email').fill('ada');
  await expect(dialog.getByRole('list', { name: 'Prospects' }).getByRole('radio')).toHaveCount(1);
  await dialog.getByLabel(/Ada Tester/).check();
  // The second offered slot: the first may slip into the notice period while the test runs.
  await dialog
    .getByRole('group', { name: /Offered slots/ })
    .getByRole('radio')
    .nth(1)
    .check();
  await dialog.getByRole('button', { name: 'Book Meeting' }).click();
  await expect(dialog.getByTestId('booked')).toContainText('Booked: meeting with Ada Tester');
  await expect(dialog.getByRole('link', { name: 'Download invitation (.ics)' })).toHaveAttribute('href', /^data:text\/calendar/);
  await expect(page.getByTestId('toast')).toContainText('Meeting Scheduled');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const upcoming = page.getByRole('list', { name: 'Upcoming meetings' }).getByTestId('meeting');
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText('Meeting with Ada Tester');
  await expect(upcoming).toContainText('Video call available');
  await expect(upcoming.getByRole('link', { name: 'Join' })).toHaveAttribute('href', /^https:\/\//);
  await expect(stat(page, 'Total Meetings')).toContainText('1');
  await expect(stat(page, 'This Week')).toContainText('1');
  await page.screenshot({ path: test.info().outputPath('meetings-desktop.png'), fullPage: true });

  // Before it starts a meeting cannot be marked attended: the card offers no such action and the API refuses it.
  await expect(upcoming.getByRole('button', { name: /Mark/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Past meetings' })).toHaveCount(0);
  const [meeting] = (await (await request.get(`/api/meetings?workspace=${workspace}`)).json()) as Array<{
    id: string;
    scheduledAt: string;
  }>;
  expect(Date.parse(meeting!.scheduledAt)).toBeGreaterThan(Date.now());
  const early = await request.post(`/api/meetings/${meeting!.id}/outcome?workspace=${workspace}`, { data: { outcome: 'completed' } });
  expect([early.status(), await early.text()]).toEqual([422, expect.stringContaining('can be marked attended once it has started')]);

  // Once its time has come (moved an hour back: no test waits for a slot), it is in Past and marked attended there.
  await meetingTookPlaceAt(process.env.MEETFLOW_E2E_MONGO_URI!, meeting!.id);
  await page.reload();
  const past = page.getByRole('list', { name: 'Past meetings' }).getByTestId('meeting');
  await expect(past).toHaveCount(1);
  await expect(page.getByTestId('meetings-empty')).toBeVisible();
  await past.getByRole('button', { name: 'Mark attended' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast')).toContainText('Meeting with Ada Tester marked attended');
  await expect(past.getByTestId('meeting-status')).toHaveText('completed');
  await expect(past.getByRole('button', { name: /Mark/ })).toHaveCount(0);
  await expect(stat(page, 'Completed')).toContainText('1');
  await expect(stat(page, 'Success Rate')).toContainText('100%');
  await expect(page.getByTestId('meetings-empty')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload(); // loaded at phone width, as a phone would: the sidebar starts closed
  await expect(stat(page, 'Completed')).toContainText('1');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('meetings-phone.png'), fullPage: true });

  // Marked attended by mistake: the owner corrects it to a no-show, saying why (the ledger's credit: meetings/routes.test.ts).
  await past.getByRole('button', { name: 'Correct to no-show' }).click();
  const correcting = page.getByRole('dialog');
  await expect(correcting).toContainText('Correct to no-show?');
  await correcting.getByRole('button', { name: 'Confirm' }).click();
  await expect(correcting.getByText('Say why: the reason is kept in the audit trail with the credit.')).toBeVisible();
  await correcting.getByLabel('Reason').fill('The prospect never joined; marked attended by mistake.');
  await page.screenshot({ path: test.info().outputPath('meetings-correction-phone.png'), fullPage: true });
  await correcting.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Meeting with Ada Tester marked no-show');
  await expect(past.getByTestId('meeting-status')).toHaveText('no-show');
  await expect(past.getByRole('button', { name: 'Correct to attended' })).toBeVisible();
});
