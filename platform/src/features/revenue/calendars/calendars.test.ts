import { randomBytes } from 'node:crypto';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { CalendarReadBack } from '@meetflow/workflows';
import { MockActivityEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRouters } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { startTestCalDavServer, unusedLocalUrl, type TestCalDavServer } from '../../../../dev/testing/radicale.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createProspect } from '../../prospecting/prospects/prospects.ts';
import { meetingsRouter } from '../meetings/routes.ts';
import type { MeetingDeps } from '../meetings/meetings.ts';
import { sealCalendarSecret } from './account-secret.ts';
import { calendarBusyOverHorizon } from './availability.ts';
import { calendarsRouter } from './routes.ts';
import { calendarSyncActivities, calendarSyncWorkflowId } from './run.ts';
import { readBackCalendar } from './sync.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';

// The connected calendar end to end, against a real Radicale 3.9 (started for this file) and a real
// worker running the meeting-booking plugin: connect, free/busy in the slots, booking writes the
// event, cancelling it (or moving it) in the calendar is read back by the sync (the calendarSync
// workflow's activity, run here as that workflow would run it; the workflow itself: calendar-sync.test.ts).

const rep = { username: 'rep@acme.test', password: 'correct horse battery' };
const box = secretsBox(randomBytes(32));
let radicale: TestCalDavServer;
let calendarUrl: string;
let stack: TestPipelineWorker;
let meetingDeps: MeetingDeps;
let server: Awaited<ReturnType<typeof serveRouters>>;
/** Where connecting starts the read-back here: a queue no worker polls, so the test's own read-backs are the only ones. */
const idleQueue = `calendars-idle-${randomBytes(4).toString('hex')}`;
const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };

/** One read-back of the workspace's calendar by the activity, in the run context of that workspace's calendarSync. */
const readBack = (workspace: string): Promise<CalendarReadBack> =>
  new MockActivityEnvironment(
    { workflowType: 'calendarSync', workflowExecution: { workflowId: calendarSyncWorkflowId(workspace), runId: 'r' } },
    silent,
  ).run(calendarSyncActivities((workspaceId) => readBackCalendar(meetingDeps, workspaceId)).readBackCalendar);

interface Slot {
  start: string;
  end: string;
  label: string;
}
interface SlotsAnswer {
  slots: Slot[];
  timeZone: string;
  source: { calendar: { id: string; provider: string } | null; warning: string | null };
}

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const slotsOf = async (workspace: string, query = '') => {
  const response = await api('GET', `/api/meetings/slots?workspace=${workspace}&count=6${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SlotsAnswer;
};
const account = (password = rep.password) => ({ serverUrl: radicale.url, username: rep.username, password });
const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Another CalDAV client puts an event in the rep's calendar (a raw PUT), answering its URL. */
async function putEvent(uid: string, start: string, end: string, extra: string[] = []): Promise<string> {
  const url = `${calendarUrl}${uid}.ics`;
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Another client//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    'SUMMARY:Dentist',
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const response = await radicale.request(rep, url, { method: 'PUT', body, headers: { 'content-type': 'text/calendar' } });
  expect(response.status).toBeLessThan(300);
  return url;
}
const eventText = async (url: string) => {
  const response = await radicale.request(rep, url, { method: 'GET' });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\r?\n[ \t]/g, '');
};
const overlaps = (slot: Slot, start: string, end: string, bufferMinutes = 15) =>
  Date.parse(slot.start) < Date.parse(end) + bufferMinutes * 60_000 && Date.parse(slot.end) > Date.parse(start) - bufferMinutes * 60_000;

beforeAll(async () => {
  radicale = await startTestCalDavServer([rep]);
  calendarUrl = await radicale.calendar(rep, 'meetings');
  // The installed CalDAV plugin, as start-up finds it (a static import would make the plugin's
  // project, whose tests use the platform's Radicale helper, and the platform's reference each other).
  const calDavCalendar = installedPlugins.find((plugin) => plugin.manifest.id === 'calendar-caldav');
  if (!calDavCalendar) throw new Error('the CalDAV calendar plugin is not installed');
  stack = await startTestPipelineWorker('calendars', [meetingBookingPlugin, calDavCalendar]);
  const allowHosts = ['127.0.0.1'];
  meetingDeps = {
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
    secrets: box,
    httpAllowHosts: allowHosts,
  };
  const workflows = { client: stack.runner.temporal, taskQueue: idleQueue };
  server = await serveRouters(
    calendarsRouter({ db: stack.db, host: stack.host, secrets: box, allowHosts, workflows }),
    meetingsRouter(meetingDeps),
  );
  for (const workspace of ['acme', 'down'])
    for (const n of [1, 2, 3, 4])
      await createProspect(stack.db, workspace, {
        firstName: 'Pat',
        lastName: `Lee ${n}`,
        company: 'Northwind',
        email: `pat${n}@northwind.example`,
        ...(n === 1 ? { timeZone: 'America/New_York' } : {}),
      });
}, 120_000);

afterAll(async () => {
  await stack?.runner.temporal.workflow
    .getHandle(calendarSyncWorkflowId('acme'))
    .terminate('test over')
    .catch(() => undefined);
  await server?.close();
  await stack?.stop();
  await radicale?.close();
});

describe('connecting a calendar', () => {
  it('refuses a wrong password, an unknown plugin, bad fields and a private address, storing nothing', async () => {
    const wrong = await api('POST', '/api/calendars?workspace=acme', { pluginId: 'calendar-caldav', account: account('not it') });
    expect([wrong.status, await wrong.text()]).toEqual([
      422,
      'The calendar refused the login (authentication failed): check the username and password. Nothing was connected.',
    ]);
    const down = await api('POST', '/api/calendars?workspace=acme', {
      pluginId: 'calendar-caldav',
      account: { ...account(), serverUrl: await unusedLocalUrl() },
    });
    expect(down.status).toBe(503);
    expect(await down.text()).toMatch(/^The calendar server did not answer \(.+\)\. Nothing was connected: try again later\.$/);
    const unknown = await api('POST', '/api/calendars?workspace=acme', { pluginId: 'calendar-gopher', account: account() });
    expect([unknown.status, await unknown.text()]).toEqual([422, 'No calendar plugin "calendar-gopher" is installed: calendar-caldav.']);
    const bad = await fetch(`${server.url}/api/calendars?workspace=acme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ pluginId: 'calendar-caldav', account: { serverUrl: 'ftp://x', username: '', colour: 'red' } }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: Record<string, string> }).fields).sort()).toEqual([
      'account.colour',
      'account.password',
      'account.serverUrl',
      'account.username',
    ]);
    const inward = await api('POST', '/api/calendars?workspace=acme', {
      pluginId: 'calendar-caldav',
      account: { ...account(), serverUrl: 'http://169.254.169.254/latest/' },
    });
    expect(inward.status).toBe(400);
    expect(await inward.text()).toContain('account.serverUrl: address not allowed');
    expect(await stack.db.calendarAccounts.countDocuments({}, ACROSS_WORKSPACES)).toBe(0);
  });

  it('connects with a login the calendar accepts, seals the password and never returns it', async () => {
    const connected = await api('POST', '/api/calendars?workspace=acme', { pluginId: 'calendar-caldav', account: account() });
    expect(connected.status).toBe(201);
    const view = (await connected.json()) as { id: string; fields: Record<string, string> };
    expect(view).toMatchObject({
      pluginId: 'calendar-caldav',
      provider: 'CalDAV (Apple, Fastmail, Nextcloud…)',
      fields: { serverUrl: radicale.url, username: rep.username },
      secretSet: true,
      lastCheck: { ok: true, error: null },
    });
    expect(JSON.stringify(view)).not.toContain(rep.password);
    const stored = await stack.db.calendarAccounts.findOne({ workspaceId: 'acme' }).lean();
    expect(JSON.stringify(stored)).not.toContain(rep.password);
    // Its read-back started: one workflow for the workspace, on the platform's task queue.
    const described = await stack.runner.temporal.workflow.getHandle(calendarSyncWorkflowId('acme')).describe();
    expect([described.type, described.status.name, described.taskQueue]).toEqual(['calendarSync', 'RUNNING', idleQueue]);
    // Sealed bound to this account: the same ciphertext opens for no other.
    expect(() => box.open(stored!.secret, `calendar-secret:acme/${'0'.repeat(16)}`)).toThrow();

    const listed = (await (await api('GET', '/api/calendars?workspace=acme')).json()) as {
      calendars: Array<{ id: string }>;
      providers: Array<{ pluginId: string; fields: Array<{ key: string; secret: boolean }> }>;
    };
    expect(listed.calendars.map((calendar) => calendar.id)).toEqual([view.id]);
    expect(listed.providers).toEqual([
      expect.objectContaining({
        pluginId: 'calendar-caldav',
        connect: 'fields',
        fields: [
          expect.objectContaining({ key: 'serverUrl', secret: false }),
          expect.objectContaining({ key: 'username', secret: false }),
          expect.objectContaining({ key: 'password', secret: true }),
        ],
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(rep.password);
    const again = await api('POST', '/api/calendars?workspace=acme', { pluginId: 'calendar-caldav', account: account() });
    expect([again.status, await again.text()]).toEqual([409, 'This workspace has a calendar connected already: disconnect it first.']);
    expect(await (await api('POST', `/api/calendars/${view.id}/test?workspace=acme`)).json()).toEqual({ ok: true });
    // Another workspace neither sees nor tests it.
    expect(((await (await api('GET', '/api/calendars?workspace=down')).json()) as { calendars: unknown[] }).calendars).toEqual([]);
    expect((await api('POST', `/api/calendars/${view.id}/test?workspace=down`)).status).toBe(404);
    expect((await api('DELETE', `/api/calendars/${view.id}?workspace=down`)).status).toBe(404);
  });
});

describe('slots and bookings with the connected calendar', () => {
  it('offers no slot within the buffer of a busy time put in the calendar out of band, and names the calendar', async () => {
    const before = await slotsOf('acme');
    expect(before.source).toEqual({
      calendar: { id: expect.any(String), provider: 'CalDAV (Apple, Fastmail, Nextcloud…)' },
      warning: null,
    });
    const [first] = before.slots;
    await putEvent('dentist-1', first!.start, first!.end);
    const after = await slotsOf('acme');
    expect(after.slots.length).toBeGreaterThan(0);
    for (const slot of after.slots) expect(overlaps(slot, first!.start, first!.end), slot.start).toBe(false);
    expect(after.slots[0]!.start).not.toBe(first!.start);
    // The email after an interested reply reads the same busy times (the worker composes this into the sequences' proposal).
    expect(await calendarBusyOverHorizon(meetingDeps)('acme')).toContainEqual({
      start: new Date(first!.start).toISOString(),
      end: new Date(first!.end).toISOString(),
    });
    expect(await calendarBusyOverHorizon(meetingDeps)('nobody')).toEqual([]);
    // Labelled in the prospect's own zone when it is known.
    const forPat = await slotsOf('acme', '&prospect=1');
    expect(forPat.timeZone).toBe('America/New_York');
    expect(forPat.slots.map((slot) => slot.start)).toEqual(after.slots.map((slot) => slot.start));
  });

  it('books into the calendar: the event carries the prospect as attendee under the meeting’s UID, once', async () => {
    const [slot] = (await slotsOf('acme')).slots;
    const body = { prospectId: 2, prospect: { name: 'Pat Lee 2', email: 'pat2@northwind.example' }, scheduledAt: slot!.start };
    const booked = await api('POST', '/api/meetings?workspace=acme', body);
    expect(booked.status).toBe(201);
    const answer = (await booked.json()) as { meeting: { id: string }; ics: string; calendar: { event: string } };
    expect(answer.calendar).toEqual({ event: 'created' });
    const uid = /UID:(\S+)/.exec(answer.ics)![1]!;
    const link = await stack.db.calendarEvents.findOne({ workspaceId: 'acme', meetingId: answer.meeting.id }).lean();
    expect(link).toMatchObject({ uid, state: 'created' });
    const text = await eventText(link!.eventId!);
    expect(text).toContain(`UID:${uid}`);
    expect(text).toMatch(/ATTENDEE[^\r\n]*:mailto:pat2@northwind\.example/i);
    expect(text).toContain(`DTSTART:${icsTime(slot!.start)}`);
    // The same booking again (a retry): the same meeting, still one event.
    const retried = await api('POST', '/api/meetings?workspace=acme', body);
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as { meeting: { id: string } }).meeting.id).toBe(answer.meeting.id);
    expect(await stack.db.calendarEvents.countDocuments({ workspaceId: 'acme', uid })).toBe(1);
  });

  it('refuses with a 409 a time taken in the calendar since the slots were offered', async () => {
    const [slot] = (await slotsOf('acme')).slots;
    await putEvent('taken-meanwhile', slot!.start, slot!.end);
    const clash = await api('POST', '/api/meetings?workspace=acme', {
      prospectId: 3,
      prospect: { name: 'Pat Lee 3', email: 'pat3@northwind.example' },
      scheduledAt: slot!.start,
    });
    expect([clash.status, await clash.text()]).toEqual([
      409,
      `cannot book ${new Date(slot!.start).toISOString()}: it is taken in the calendar (or within its 15-minute buffer)`,
    ]);
  });

  it('books one of two simultaneous requests for one slot: one event, one 409', async () => {
    const [slot] = (await slotsOf('acme')).slots;
    const answers = await Promise.all(
      [3, 4].map((n) =>
        api('POST', '/api/meetings?workspace=acme', {
          prospectId: n,
          prospect: { name: `Pat Lee ${n}`, email: `pat${n}@northwind.example` },
          scheduledAt: slot!.start,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { changed } = (await stack.host
      .calendar('calendar-caldav')!
      .activities.changesSince({ account: account(), syncToken: null })) as {
      changed: Array<{ start: string; status: string }>;
    };
    expect(changed.filter((event) => Date.parse(event.start) === Date.parse(slot!.start))).toHaveLength(1);
  });

  it('answers slots clear of its own meetings, with a warning, when the calendar does not answer', async () => {
    const publicId = 'ab'.repeat(8);
    await stack.db.calendarAccounts.create({
      workspaceId: 'down',
      publicId,
      pluginId: 'calendar-caldav',
      auth: 'fields',
      fields: { serverUrl: await unusedLocalUrl(), username: rep.username },
      secret: sealCalendarSecret(box, { workspaceId: 'down', publicId }, { password: rep.password }),
    });
    const answer = await slotsOf('down');
    expect(answer.slots.length).toBeGreaterThan(0);
    expect(answer.source.warning).toMatch(
      /^The calendar server did not answer \(.+\)\. These slots avoid only the meetings booked here, not the rest of the calendar\.$/,
    );
    const stored = await stack.db.calendarAccounts.findOne({ workspaceId: 'down' }).lean();
    expect(stored?.lastCheck).toMatchObject({ ok: false, error: expect.stringMatching(/^The calendar server did not answer/) });
  });
});

describe('changes made in the calendar', () => {
  it('cancels a meeting whose event was deleted, moves one whose event moved, and cancels the event of a meeting called off here', async () => {
    const meetings = async () =>
      (await (await api('GET', '/api/meetings?workspace=acme')).json()) as Array<{ id: string; status: string; scheduledAt: string }>;
    const links = await stack.db.calendarEvents.find({ workspaceId: 'acme', state: 'created' }).sort({ start: 1 }).lean();
    expect(links).toHaveLength(2);
    const [deleted, moved] = links;

    expect((await radicale.request(rep, deleted!.eventId!, { method: 'DELETE' })).status).toBeLessThan(300);
    const text = await eventText(moved!.eventId!);
    const later = new Date(moved!.start.getTime() + 2 * 3_600_000).toISOString();
    const movedText = text
      .replace(/DTSTART:\d{8}T\d{6}Z/, `DTSTART:${icsTime(later)}`)
      .replace(/DTEND:\d{8}T\d{6}Z/, `DTEND:${icsTime(new Date(Date.parse(later) + 30 * 60_000).toISOString())}`);
    expect(movedText).not.toBe(text);
    await radicale.request(rep, moved!.eventId!, { method: 'PUT', body: movedText, headers: { 'content-type': 'text/calendar' } });

    expect(await readBack('acme')).toEqual({ connected: true, cancelled: 1, moved: 1, created: 0, error: null });
    const after = await meetings();
    expect(after.find((meeting) => meeting.id === deleted!.meetingId)?.status).toBe('cancelled');
    expect(after.find((meeting) => meeting.id === moved!.meetingId)).toMatchObject({ status: 'scheduled', scheduledAt: later });
    // The screen shows when it was read back.
    const [shown] = ((await (await api('GET', '/api/calendars?workspace=acme')).json()) as { calendars: Array<{ sync: object }> })
      .calendars;
    expect(shown!.sync).toEqual({ at: expect.any(String), error: null });
    // The calendar that did not answer records why on its sync, for the screen; the other workspace's meetings are untouched.
    const down = await readBack('down');
    expect(down).toMatchObject({
      connected: true,
      cancelled: 0,
      moved: 0,
      error: expect.stringMatching(/^The calendar server did not answer/),
    });
    expect((await stack.db.calendarAccounts.findOne({ workspaceId: 'down' }).lean())?.sync.error).toBe(down.error);

    // A second read-back with nothing changed changes nothing.
    expect(await readBack('acme')).toEqual({ connected: true, cancelled: 0, moved: 0, created: 0, error: null });

    // Called off here: its event is cancelled in the calendar (kept, STATUS:CANCELLED).
    const cancelled = await api('POST', `/api/meetings/${moved!.meetingId}/outcome?workspace=acme`, { outcome: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await eventText(moved!.eventId!)).toContain('STATUS:CANCELLED');
    expect(await stack.db.calendarEvents.findOne({ workspaceId: 'acme', meetingId: moved!.meetingId }).lean()).toMatchObject({
      state: 'cancelled',
    });
  });

  it('disconnects: the account and its sealed password are gone, slots come from the meetings alone', async () => {
    const [calendar] = ((await (await api('GET', '/api/calendars?workspace=acme')).json()) as { calendars: Array<{ id: string }> })
      .calendars;
    const removed = await api('DELETE', `/api/calendars/${calendar!.id}?workspace=acme`);
    expect([removed.status, await removed.json()]).toEqual([200, { removed: true }]);
    expect(await stack.db.calendarAccounts.countDocuments({ workspaceId: 'acme' })).toBe(0);
    expect((await slotsOf('acme')).source).toEqual({ calendar: null, warning: null });
    expect((await api('POST', `/api/calendars/${calendar!.id}/test?workspace=acme`)).status).toBe(404);
    // Its read-back finds no calendar: the workflow ends there.
    expect(await readBack('acme')).toEqual({ connected: false, cancelled: 0, moved: 0, created: 0, error: null });
  });

  it('runs the read-back only in a calendarSync workflow, in the workspace of its id', async () => {
    const activity = calendarSyncActivities((workspaceId) => readBackCalendar(meetingDeps, workspaceId)).readBackCalendar;
    const before = await stack.db.calendarAccounts.findOne({ workspaceId: 'down' }).lean();
    expect(before?.sync.at).toBeInstanceOf(Date);
    for (const [workflowType, workflowId] of [
      ['runPipeline', calendarSyncWorkflowId('down')],
      ['calendarSync', 'crm-sync:down'],
      ['calendarSync', calendarSyncWorkflowId('')],
    ] as const) {
      const other = new MockActivityEnvironment({ workflowType, workflowExecution: { workflowId, runId: 'r' } }, silent);
      await expect(other.run(activity)).rejects.toMatchObject({ type: 'NotACalendarSync', nonRetryable: true });
    }
    // Refused before reading anything: the other workspace's account is as it was.
    expect(await stack.db.calendarAccounts.findOne({ workspaceId: 'down' }).lean()).toEqual(before);
  });
});
