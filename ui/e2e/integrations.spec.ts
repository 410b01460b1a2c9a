import { test, expect, useNewWorkspace } from './fixtures.ts';

/** The demo owner's calendar on the local CalDAV server the stack runs (global setup passes its URL and login). */
function demoCalendar(): { calendarUrl: string; username: string; password: string } {
  const raw = process.env.MEETFLOW_E2E_CALDAV;
  if (!raw) throw new Error('the e2e stack runs no CalDAV server (MEETFLOW_E2E_CALDAV is not set)');
  return JSON.parse(raw) as { calendarUrl: string; username: string; password: string };
}

test('connect the demo CalDAV calendar from Settings → Integrations, test it, see the Meeting Scheduler offer slots from it, disconnect it', async ({
  page,
}) => {
  const calendar = demoCalendar();
  await useNewWorkspace(page, `e2e-integrations-${Date.now().toString(36)}`);
  await page.goto('/settings/integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Calendars', level: 2 })).toBeVisible();
  // Only sections that exist: calendars and CRMs, no webhook heading yet.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Calendars', 'CRMs']);

  // CRMs: one with an API token keeps its form; Salesforce, which connects only through its own sign-in, has a button instead.
  const crmForm = page.getByRole('form', { name: 'Connect a CRM' });
  await crmForm.getByLabel('CRM', { exact: true }).selectOption({ label: 'HubSpot' });
  await expect(crmForm.getByLabel('Private app access token')).toBeVisible();
  await crmForm.getByLabel('CRM', { exact: true }).selectOption({ label: 'Salesforce' });
  await expect(crmForm.locator('input')).toHaveCount(0);
  // This stack has no Salesforce OAuth client: the API says which variables the operator sets.
  await crmForm.getByRole('button', { name: 'Connect with Salesforce' }).click();
  await expect(page.getByTestId('crm-connect-error')).toContainText('MEETFLOW_SALESFORCE_CLIENT_ID and MEETFLOW_SALESFORCE_CLIENT_SECRET');
  // With a client set up, the start answers Salesforce's sign-in page and the browser goes there (both stood in for here:
  // this stack has no client, and the test no internet).
  const signIn = 'https://login.salesforce.com/services/oauth2/authorize?response_type=code&state=e2e';
  await page.route(/\/api\/oauth\/crm-salesforce\/start(\?|$)/, (route) =>
    route.fulfill({ json: { authorizationUrl: signIn, expiresAt: new Date(Date.now() + 600_000).toISOString() } }),
  );
  await page.route(
    (url) => url.hostname === 'login.salesforce.com',
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>Salesforce sign-in</title>' }),
  );
  await crmForm.getByRole('button', { name: 'Connect with Salesforce' }).click();
  await expect(page).toHaveURL(signIn);
  await page.unrouteAll();

  // Before: the Meeting Scheduler's slots avoid only the meetings booked here, and say where to connect a calendar.
  await page.goto('/meetings');
  await expect(page.getByTestId('slot-source')).toContainText('Slots avoid only the meetings booked here.');
  await page.getByRole('link', { name: 'Connect your calendar' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);

  await page.getByLabel('Server or calendar URL').fill(calendar.calendarUrl);
  await page.getByLabel('Username').fill(calendar.username);
  await page.getByLabel(/^Password/).fill('not the password');
  await page.getByRole('form', { name: 'Connect a calendar' }).getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('calendar-connect-error')).toHaveText(
    'The calendar refused the login (authentication failed): check the username and password. Nothing was connected.',
  );

  await page.getByLabel(/^Password/).fill(calendar.password);
  await page.getByRole('form', { name: 'Connect a calendar' }).getByRole('button', { name: 'Connect' }).click();
  const card = page.getByTestId('connected-calendar');
  await expect(card.getByRole('heading', { name: 'CalDAV (Apple, Fastmail, Nextcloud…)' })).toBeVisible();
  await expect(card).toContainText(calendar.calendarUrl);
  await expect(card).toContainText('Stored encrypted');
  await expect(card).not.toContainText(calendar.password);
  await expect(page.getByTestId('calendar-check')).toContainText('Connected');
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByTestId('calendar-check')).toContainText('Connected');

  // The Meeting Scheduler names the calendar its slots come from, and offers slots.
  // Reading the calendar's free/busy over the booking horizon, then the plugin's slots on the worker: give it a loaded machine's time.
  await page.goto('/meetings');
  await expect(page.getByTestId('slot-source')).toContainText(
    'Slots avoid the busy times of your calendar, CalDAV (Apple, Fastmail, Nextcloud…), and each booking is put in it.',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Offered slots (your time zone)' }).getByRole('radio').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/settings/integrations');
  await page.getByTestId('connected-calendar').getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('heading', { name: 'Connect a calendar' })).toBeVisible();
  await expect(page.getByTestId('connected-calendar')).toHaveCount(0);
});
