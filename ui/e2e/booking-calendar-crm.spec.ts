import { test, expect, SIGNED_OUT, useNewWorkspace, type APIRequestContext } from './fixtures.ts';
import { OFFER } from './seller-offer.ts';

// Issue #34's end-to-end proof: in a workspace with a Radicale calendar and HubSpot (the fake the
// global setup runs) connected, a prospect books through their public link, signed out; the meeting
// is then on the Meeting Scheduler, in the Radicale calendar with the prospect as attendee, and,
// after "Sync now", in HubSpot's activity log on the prospect's contact.
const run = Date.now().toString(36);

interface Caldav {
  url: string;
  username: string;
  password: string;
}
interface HubSpot {
  token: string;
  activityLogUrl: string;
}
interface LoggedActivity {
  kind: 'email' | 'meeting';
  properties: Record<string, string | null>;
  contactEmails: string[];
}

function fromSetup<T>(variable: string): T {
  const raw = process.env[variable];
  if (!raw) throw new Error(`the e2e global setup did not set ${variable}`);
  return JSON.parse(raw) as T;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

const basic = ({ username, password }: Caldav) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A calendar of this spec's own under the demo owner's Radicale login (MKCALENDAR), so only this run's events are in it. */
async function makeCalendar(caldav: Caldav, slug: string): Promise<string> {
  const url = new URL(`${encodeURIComponent(caldav.username)}/${slug}/`, caldav.url).href;
  const made = await fetch(url, {
    method: 'MKCALENDAR',
    headers: { authorization: basic(caldav), 'content-type': 'application/xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
      `<D:set><D:prop><D:displayname>${slug}</D:displayname></D:prop></D:set></C:mkcalendar>`,
  });
  expect(made.status, await made.text()).toBe(201);
  return url;
}

/**
 * Every event in the calendar as iCalendar text, read as any CalDAV client reads it: the hrefs of
 * its objects (PROPFIND, depth 1), then a GET of each; lines unfolded (RFC 5545 §3.1).
 */
async function calendarObjects(caldav: Caldav, calendarUrl: string): Promise<string[]> {
  const listing = await fetch(calendarUrl, {
    method: 'PROPFIND',
    headers: { authorization: basic(caldav), depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
  });
  const xml = await listing.text();
  expect(listing.status, xml).toBe(207);
  const hrefs = [...xml.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map((match) => match[1]!);
  return Promise.all(
    hrefs.map(async (href) => {
      const object = await fetch(new URL(href, calendarUrl), { headers: { authorization: basic(caldav) } });
      const text = await object.text();
      expect(object.status, text).toBe(200);
      return text.replace(/\r?\n[ \t]/g, '');
    }),
  );
}

/** An instant as iCalendar's UTC form (DTSTART:20261203T140000Z). */
const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

test('a prospect books through the public page: the meeting is on the Meeting Scheduler, in the Radicale calendar and in HubSpot', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const caldav = fromSetup<Caldav>('MEETFLOW_E2E_CALDAV');
  const hubspot = fromSetup<HubSpot>('MEETFLOW_E2E_HUBSPOT');
  const workspace = await useNewWorkspace(page, `e2e-book-sync-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const email = `ines-${run}@pipelinepilot.example`;

  // The calendar, connected as a member does, from Settings → Integrations.
  const calendarUrl = await makeCalendar(caldav, `e2e-booking-${run}`);
  await page.goto('/settings/integrations');
  const calendarForm = page.getByRole('form', { name: 'Connect a calendar' });
  await calendarForm.getByLabel('Server or calendar URL').fill(calendarUrl);
  await calendarForm.getByLabel('Username').fill(caldav.username);
  await calendarForm.getByLabel(/^Password/).fill(caldav.password);
  await calendarForm.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('connected-calendar')).toContainText(calendarUrl);
  await expect(page.getByTestId('calendar-check')).toContainText('Connected');

  // HubSpot, with the private app token the fake accepts; connecting asks for a first sync.
  const crm = (await ok(
    await request.post(at('/api/crm'), { data: { pluginId: 'crm-hubspot', account: { privateAppToken: hubspot.token } } }),
    201,
  )) as { id: string };

  // A prospect enrolled through the product (ICP, offer, the prospect pipeline), which gives them a booking link.
  const samples = process.env.MEETFLOW_E2E_SAMPLES_URL;
  const urls = ['pipelinepilot', 'quotewell', 'callcraft'].map((site) => `${samples}/${site}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls }, timeout: 60_000 }));
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  const { id } = (await ok(
    await request.post(at('/api/prospects'), {
      data: {
        firstName: 'Ines',
        lastName: 'Moreau',
        company: 'Pipeline Pilot',
        jobTitle: 'Head of Revenue Operations',
        employeeCount: 90,
        email,
        website: `${samples}/pipelinepilot/`,
      },
    }),
    201,
  )) as { id: number };
  await ok(await request.post(at('/api/superagent/process-prospect'), { data: { prospectId: id }, timeout: 120_000 }));
  const link = (await ok(await request.get(at(`/api/booking-links/${id}`)))) as { url: string; state: string };
  expect(link.state).toBe('open');

  // The prospect books in a browser without the owner's session.
  const prospect = await browser.newContext({ baseURL, storageState: SIGNED_OUT, timezoneId: 'Europe/Paris' });
  try {
    const visitor = await prospect.newPage();
    await visitor.goto(new URL(link.url).pathname);
    await expect(visitor.getByRole('heading', { name: 'Pick a time' })).toBeVisible();
    // The second time offered: the first may slip into the notice period while the page is open.
    const second = visitor.getByRole('listitem').getByRole('button').nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await visitor.getByTestId('confirm').getByRole('button', { name: 'Book this time' }).click();
    // The booking runs on the worker (the meeting, the calendar event, the stop): a few seconds on a busy machine.
    await expect(visitor.getByTestId('booked').getByRole('heading', { name: 'Booked' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await prospect.close();
  }

  // (a) The Meeting Scheduler lists the meeting, and says its slots come from the connected calendar.
  await page.goto('/meetings');
  const upcoming = page.getByRole('list', { name: 'Upcoming meetings' }).getByTestId('meeting');
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText('Meeting with Ines Moreau');
  await expect(page.getByTestId('slot-source')).toContainText('Slots avoid the busy times of your calendar', { timeout: 30_000 });
  const meetings = (await ok(await request.get(at('/api/meetings')))) as Array<{ id: string; prospectId: number; scheduledAt: string }>;
  expect(meetings).toHaveLength(1);
  const [meeting] = meetings;
  expect(meeting!.prospectId).toBe(id);

  // (b) Radicale holds one event, at the meeting's time, with the prospect invited.
  await expect
    .poll(async () => (await calendarObjects(caldav, calendarUrl)).filter((text) => text.includes('BEGIN:VEVENT')), { timeout: 30_000 })
    .toEqual([expect.stringMatching(new RegExp(`^ATTENDEE[^\\r\\n]*:mailto:${email.replace(/[.]/g, '\\.')}\\r?$`, 'im'))]);
  const [event] = await calendarObjects(caldav, calendarUrl);
  expect(event).toMatch(new RegExp(`^DTSTART:${icsUtc(meeting!.scheduledAt)}\\r?$`, 'm'));

  // (c) Sync now; then HubSpot's activity log has the meeting, once, on the prospect's contact.
  await ok(await request.post(at(`/api/crm/${crm.id}/sync`)), 202);
  const loggedMeetings = async () => {
    const log = (await (await fetch(hubspot.activityLogUrl)).json()) as LoggedActivity[];
    return log.filter((activity) => activity.kind === 'meeting' && activity.properties.meetflow_id === `meeting:${meeting!.id}`);
  };
  await expect.poll(loggedMeetings, { timeout: 60_000 }).toHaveLength(1);
  const [logged] = await loggedMeetings();
  expect(logged!.contactEmails).toEqual([email]);
  expect(logged!.properties.hs_meeting_title).toBe('Meeting with Ines Moreau');
  expect(Date.parse(logged!.properties.hs_meeting_start_time ?? '')).toBe(Date.parse(meeting!.scheduledAt));
});
