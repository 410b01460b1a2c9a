import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import { callPricing } from '../pricing/pricing.ts';
import { createProspect } from '../../prospecting/prospects/prospects.ts';
import { serveForTest, serveRouters, serveWithAccess } from '../../../../dev/testing/http.ts';
import { meetingTookPlace } from '../../../../dev/testing/meetings.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { memberToken } from '../../../../dev/testing/principal.ts';
import { meetingsRouteDocs, meetingsRouter } from './routes.ts';

interface Meeting {
  id: string;
  scheduledAt: string;
  bookedAt: string;
  status: string;
  meetingUrl: string;
  prospectId: number;
  prospectName: string;
  durationMinutes: number;
}
interface Slot {
  start: string;
  end: string;
  label: string;
}

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveForTest>>;
let router: ReturnType<typeof meetingsRouter>;
let offered: Slot[];
let slots: Slot[];

const get = (path: string) => fetch(`${server.url}${path}`);
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const booking = (prospectId: number, scheduledAt: string) => ({
  prospectId,
  prospect: { name: `Prospect ${prospectId}`, email: `p${prospectId}@acme.com` },
  scheduledAt,
});
const list = async (workspace: string) => (await (await get(`/api/meetings?workspace=${workspace}`)).json()) as Meeting[];
const book = async (workspace: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await post(`/api/meetings?workspace=${workspace}`, body, headers);
  expect(response.status).toBe(201);
  return (await response.json()) as { meeting: Meeting; ics: string };
};

beforeAll(async () => {
  stack = await startTestPipelineWorker('meetings-api', [meetingBookingPlugin, ppmPricingPlugin]);
  router = meetingsRouter({
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
  });
  server = await serveRouters(router);
  // Meetings are booked for prospects the workspace has: acme has 1–4, globex only 1.
  for (const [workspace, id] of [
    ['acme', 1],
    ['acme', 2],
    ['acme', 3],
    ['acme', 4],
    ['globex', 1],
  ] as const) {
    const created = await createProspect(stack.db, workspace, {
      firstName: 'Prospect',
      lastName: String(id),
      company: 'Acme',
      email: `p${id}@acme.com`,
    });
    expect(created.id).toBe(id);
  }
  const response = await get('/api/meetings/slots?count=5&workspace=acme');
  expect(response.status).toBe(200);
  offered = ((await response.json()) as { slots: Slot[] }).slots;
  // The tests book from the second slot on: the first may slip into the notice period while they run.
  slots = offered.slice(1);
});
afterAll(async () => {
  await server.close();
  await stack.stop();
});

describe('/api/meetings', () => {
  it('describes every route it mounts, and only those', () => {
    const mounted = router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(meetingsRouteDocs.map((doc) => `${doc.method.toUpperCase()} ${doc.path}`).sort()).toEqual(mounted.sort());
  });

  it('lists nothing for a fresh workspace', async () => {
    expect(await list('fresh')).toEqual([]);
  });

  it('proposes the asked number of free slots, and refuses a bad count naming it', async () => {
    expect(offered).toHaveLength(5);
    expect(offered.map((slot) => slot.start)).toEqual([...offered.map((slot) => slot.start)].sort());
    expect(Date.parse(offered[0]!.start)).toBeGreaterThan(Date.now());
    const bad = await get('/api/meetings/slots?count=0');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^Invalid request: count: /);
  });

  it('books a meeting through the plugin, lists it by scheduledAt, and serves its invitation', async () => {
    const later = await book('acme', booking(2, slots[1]!.start));
    const earlier = await book('acme', booking(1, slots[0]!.start));
    expect(earlier.meeting).toEqual({
      id: expect.stringMatching(/^[a-f\d]{24}$/),
      prospectId: 1,
      prospectName: 'Prospect 1',
      scheduledAt: slots[0]!.start,
      durationMinutes: 30,
      status: 'scheduled',
      meetingUrl: `https://meet.jit.si/meetflow-${earlier.meeting.id}`,
      bookedAt: expect.any(String),
    });
    // Booked just now: the Meeting Scheduler's "This Week" counts by this time.
    expect(Math.abs(Date.parse(earlier.meeting.bookedAt) - Date.now())).toBeLessThan(60_000);
    expect(earlier.ics).toContain('METHOD:REQUEST');
    expect((await list('acme')).map((meeting) => meeting.id)).toEqual([earlier.meeting.id, later.meeting.id]);
    expect(await list('acme')).toEqual([earlier.meeting, later.meeting]);

    const invite = await get(`/api/meetings/${earlier.meeting.id}/invite.ics?workspace=acme`);
    expect(invite.status).toBe(200);
    expect(invite.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await invite.text()).toBe(earlier.ics);
  });

  it("refuses to double-book a slot with a 409 carrying the plugin's reason", async () => {
    const clash = await post('/api/meetings?workspace=acme', booking(3, slots[0]!.start));
    expect(clash.status).toBe(409);
    expect(await clash.text()).toBe(`cannot book ${slots[0]!.start}: it overlaps another meeting or its 15-minute buffer`);
    const past = await post('/api/meetings?workspace=acme', booking(3, '2020-01-06T10:00:00Z'));
    expect(past.status).toBe(409);
    expect(await past.text()).toMatch(/^cannot book: /);
    expect(await list('acme')).toHaveLength(2);
  });

  it('books once per idempotency key, or per prospect and start without one', async () => {
    const first = await book('acme', booking(4, slots[2]!.start), { 'Idempotency-Key': 'form-42' });
    const again = await book('acme', booking(4, slots[2]!.start), { 'Idempotency-Key': 'form-42' });
    expect(again.meeting.id).toBe(first.meeting.id);
    expect(again.ics).toBe(first.ics);
    const resubmitted = await book('acme', booking(1, slots[0]!.start));
    expect(resubmitted.meeting.id).toBe((await list('acme'))[0]!.id);
    const reused = await post('/api/meetings?workspace=acme', booking(4, slots[3]!.start), { 'Idempotency-Key': 'form-42' });
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain(`idempotency key "form-42" already booked meeting ${first.meeting.id}`);
    expect(await list('acme')).toHaveLength(3);
  });

  it('names every bad field of a booking', async () => {
    const response = await fetch(`${server.url}/api/meetings?workspace=acme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ prospectId: 'one', prospect: { name: '', email: 'not-an-email' }, scheduledAt: 'tomorrow' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['prospect.email', 'prospect.name', 'prospectId', 'scheduledAt']);
    expect(body.error).toMatch(/^Invalid request: prospectId: /);
    const missing = await post('/api/meetings?workspace=acme', {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/prospectId: .*prospect: .*scheduledAt: /);
  });

  it('refuses a prospect the workspace does not have with a 404 naming it, booking nothing', async () => {
    const booked = await list('acme');
    const unknown = await post('/api/meetings?workspace=acme', booking(99, slots[3]!.start));
    expect([unknown.status, await unknown.text()]).toEqual([404, 'No prospect 99 in this workspace']);
    // Prospect 3 is acme's: globex cannot book it, even at a time free in its own calendar.
    const theirs = await post('/api/meetings?workspace=globex', booking(3, slots[3]!.start));
    expect([theirs.status, await theirs.text()]).toEqual([404, 'No prospect 3 in this workspace']);
    expect((await post('/api/meetings?workspace=fresh', booking(1, slots[3]!.start))).status).toBe(404);
    expect([await list('acme'), await list('globex'), await list('fresh')]).toEqual([booked, [], []]);
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: { $in: ['globex', 'fresh'] } })).toBe(0);
  });

  it('refuses attendance (completed or no-show) before a meeting has started with a 422, and changes nothing', async () => {
    const before = await list('acme');
    const ahead = before[0]!;
    expect(Date.parse(ahead.scheduledAt)).toBeGreaterThan(Date.now());
    for (const [outcome, said] of [
      ['completed', 'attended'],
      ['no-show', 'a no-show'],
    ]) {
      const refused = await post(`/api/meetings/${ahead.id}/outcome?workspace=acme`, { outcome });
      expect([refused.status, await refused.text()]).toEqual([
        422,
        `The meeting with ${ahead.prospectName} starts at ${ahead.scheduledAt}: it can be marked ${said} once it has started, not before`,
      ]);
    }
    expect(await list('acme')).toEqual(before);
    expect(
      await stack.db.outcomeEvents.countDocuments({ workspaceId: 'acme', type: { $in: ['meeting_attended', 'meeting_no_show'] } }),
    ).toBe(0);
  });

  it("records outcomes through the plugin's transitions", async () => {
    const [ahead, other] = await list('acme');
    const mark = (id: string, outcome: string) => post(`/api/meetings/${id}/outcome?workspace=acme`, { outcome });
    const meeting = { ...ahead!, scheduledAt: await meetingTookPlace(stack.database, ahead!.id) };

    const noShow = await mark(meeting!.id, 'no-show');
    expect([noShow.status, await noShow.json()]).toEqual([200, { ...meeting, status: 'no-show' }]);
    const completed = await mark(meeting!.id, 'completed');
    expect(((await completed.json()) as Meeting).status).toBe('completed');
    expect(((await (await mark(meeting!.id, 'completed')).json()) as Meeting).status).toBe('completed');
    const refused = await mark(meeting!.id, 'cancelled');
    expect([refused.status, await refused.text()]).toEqual([409, `meeting ${meeting!.id} is completed and cannot become cancelled`]);

    const bad = await mark(other!.id, 'postponed');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^Invalid request: outcome: /);
    expect((await mark('0123456789abcdef01234567', 'completed')).status).toBe(404);
    expect((await mark('not-an-id', 'completed')).status).toBe(404);

    expect(((await (await mark(other!.id, 'cancelled')).json()) as Meeting).status).toBe('cancelled');
    const voided = await get(`/api/meetings/${other!.id}/invite.ics?workspace=acme`);
    expect([voided.status, await voided.text()]).toEqual([409, `Meeting ${other!.id} was cancelled; its invitation no longer holds`]);
    expect((await list('acme')).map((entry) => entry.status)).toEqual(['completed', 'cancelled', 'scheduled']);

    // Meetings are outcomes: every booking counts once, and a meeting's attendance once, as it stands now
    // (reported a no-show, then attended: counted attended, as the ledger charges it).
    const events = async (type: 'meeting_booked' | 'meeting_no_show' | 'meeting_attended') =>
      stack.db.outcomeEvents.countDocuments({ workspaceId: 'acme', type });
    expect(await events('meeting_booked')).toBe(3);
    expect([await events('meeting_no_show'), await events('meeting_attended')]).toEqual([0, 1]);
    expect(await stack.db.dashboardRollups.findOne({ workspaceId: 'acme', period: 'total' }).lean()).toMatchObject({
      meetingsBooked: 3,
      noShows: 0,
      meetingsAttended: 1,
    });
  });

  it('keeps workspaces apart: another workspace neither sees nor touches them, and books the same time freely', async () => {
    const [meeting] = await list('acme');
    expect(await list('globex')).toEqual([]);
    const invite = await get(`/api/meetings/${meeting!.id}/invite.ics?workspace=globex`);
    expect([invite.status, await invite.text()]).toEqual([404, `No meeting ${meeting!.id} in this workspace`]);
    const outcome = await post(`/api/meetings/${meeting!.id}/outcome?workspace=globex`, { outcome: 'no-show' });
    expect(outcome.status).toBe(404);
    expect((await list('acme'))[0]).toEqual(meeting);

    const theirs = await book('globex', booking(1, slots[2]!.start));
    expect((await list('globex')).map((entry) => entry.id)).toEqual([theirs.meeting.id]);
    expect((await list('acme')).map((entry) => entry.id)).not.toContain(theirs.meeting.id);
  });

  it("charges an attended meeting at the slice of the prospect's headcount, never a no-show or a prospect of unknown size", async () => {
    const deps = { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
    await ensureDefaultSlices(deps, 'billing');
    const sizes = [120, 20, undefined];
    for (const [index, employeeCount] of sizes.entries()) {
      await createProspect(stack.db, 'billing', {
        firstName: 'Billed',
        lastName: String(index + 1),
        company: 'Acme',
        email: `b${index + 1}@acme.com`,
        ...(employeeCount === undefined ? {} : { employeeCount }),
      });
    }
    const [attended, missed, unsized] = await Promise.all([1, 2, 3].map((id, index) => book('billing', booking(id, slots[index]!.start))));
    for (const [index, { meeting }] of [attended!, missed!, unsized!].entries())
      await meetingTookPlace(stack.database, meeting.id, (index + 1) * 3_600_000);
    const mark = (id: string, outcome: string) => post(`/api/meetings/${id}/outcome?workspace=billing`, { outcome });
    expect((await mark(attended!.meeting.id, 'completed')).status).toBe(200);
    expect((await mark(attended!.meeting.id, 'completed')).status).toBe(200); // a repeated report charges once
    expect((await mark(missed!.meeting.id, 'no-show')).status).toBe(200);
    expect((await mark(unsized!.meeting.id, 'completed')).status).toBe(200);

    const { slices } = (await callPricing(deps, 'listSlices', {}, testRunContext('billing'))) as {
      slices: Array<{ sliceId: string; ppm: number }>;
    };
    const standard = slices.find((slice) => slice.sliceId === 'standard')!;
    const ledger = await callPricing(deps, 'ledgerSummary', {}, testRunContext('billing'));
    expect(ledger).toMatchObject({
      meetingsCharged: 1,
      total: standard.ppm,
      noShows: 1,
      bySlice: [
        { sliceId: 'standard', meetingsCharged: 1, total: standard.ppm, noShows: 0 },
        { sliceId: 'volume', meetingsCharged: 0, total: 0, noShows: 1 },
      ],
    });
  });
});

describe('correcting an attended meeting to a no-show', () => {
  // The routes as the app mounts them for this: real API tokens and roles, and the audit trail.
  let secured: Awaited<ReturnType<typeof serveForTest>>;
  const tokens = {} as Record<'owner' | 'sales-ops' | 'rival', string>;
  beforeAll(async () => {
    for (const role of ['owner', 'sales-ops'] as const) tokens[role] = await memberToken(stack.db, 'fixes', role);
    tokens.rival = await memberToken(stack.db, 'rival', 'owner');
    secured = await serveWithAccess(stack.db, meetingsRouteDocs, router);
  });
  afterAll(async () => {
    await secured?.close();
  });

  const mark = async (as: keyof typeof tokens | null, id: string, body: unknown, workspace = 'fixes') => {
    const response = await fetch(`${secured.url}/api/meetings/${id}/outcome?workspace=${workspace}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  it('lets an owner credit the charge with a reason, audited; not a member, another workspace or no session', async () => {
    const deps = { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
    const run = testRunContext('fixes');
    await ensureDefaultSlices(deps, 'fixes');
    for (const n of [1, 2, 3])
      await createProspect(stack.db, 'fixes', {
        firstName: 'Fixed',
        lastName: String(n),
        company: 'Acme',
        email: `f${n}@acme.com`,
        employeeCount: 120,
      });
    const booked = await Promise.all([1, 2, 3].map((id, index) => book('fixes', booking(id, slots[index]!.start))));
    for (const [index, { meeting }] of booked.entries()) await meetingTookPlace(stack.database, meeting.id, (index + 1) * 3_600_000);
    const [corrected, attended, missed] = booked.map(({ meeting }) => meeting.id) as [string, string, string];
    const priceNow = async () =>
      Math.round(
        ((await callPricing(deps, 'listSlices', {}, run)) as { slices: Array<{ sliceId: string; ppm: number }> }).slices.find(
          (slice) => slice.sliceId === 'standard',
        )!.ppm * 100,
      );
    const ledger = async () => callPricing(deps, 'ledgerSummary', {}, run);

    // Each charge is at the price of its moment: the first attendance raises pm and so lowers the next price.
    const first = await priceNow();
    expect((await mark('owner', corrected, { outcome: 'completed' })).status).toBe(200);
    const second = await priceNow();
    expect((await mark('owner', attended, { outcome: 'completed' })).status).toBe(200);
    expect((await mark('sales-ops', missed, { outcome: 'no-show' })).status).toBe(200);
    const charged = await ledger();
    expect(charged).toMatchObject({ meetingsCharged: 2, noShows: 1, chargedMinor: first + second, creditedMinor: 0 });

    // A member below admin may mark a scheduled meeting a no-show, not correct an attended one.
    const member = await mark('sales-ops', corrected, { outcome: 'no-show', reason: 'the prospect never joined' });
    expect([member.status, member.text]).toEqual([
      403,
      'Only an owner or admin may correct an attended meeting to a no-show: it credits what the workspace was charged for it',
    ]);
    // Another workspace's owner: not a member of this one, and no such meeting in their own.
    expect((await mark('rival', corrected, { outcome: 'no-show', reason: 'x' })).status).toBe(404);
    expect((await mark('rival', corrected, { outcome: 'no-show', reason: 'x' }, 'rival')).status).toBe(404);
    expect((await mark(null, corrected, { outcome: 'no-show', reason: 'x' })).status).toBe(401);
    const unexplained = await mark('owner', corrected, { outcome: 'no-show' });
    expect([unexplained.status, unexplained.text]).toEqual([
      400,
      'Invalid request: reason: say why the attended meeting is corrected to a no-show (kept in the audit trail)',
    ]);
    expect(await ledger()).toEqual(charged);
    expect((await list('fixes')).find((meeting) => meeting.id === corrected)?.status).toBe('completed');

    const reason = 'marked attended by mistake: the prospect never joined';
    const fixed = await mark('owner', corrected, { outcome: 'no-show', reason });
    expect([fixed.status, (JSON.parse(fixed.text) as Meeting).status]).toEqual([200, 'no-show']);
    expect((await mark('owner', corrected, { outcome: 'no-show', reason })).status).toBe(200); // a retried request credits once
    const credited = await ledger();
    expect(credited).toMatchObject({
      meetingsCharged: 1,
      noShows: 2,
      chargedMinor: first + second,
      creditedMinor: first,
      netMinor: second,
      total: second / 100,
    });
    const audited = await stack.db.auditEntries.find({ workspaceId: 'fixes', 'after.status': 'no-show' }).lean();
    expect(audited).toEqual([
      expect.objectContaining({ target: { id: corrected }, before: { status: 'completed' }, after: { status: 'no-show', reason } }),
    ]);

    // Attendance evidence may still turn it back (as it may any no-show): a new charge at today's price.
    const third = await priceNow();
    expect((await mark('sales-ops', corrected, { outcome: 'completed' })).status).toBe(200);
    expect(await ledger()).toMatchObject({
      meetingsCharged: 2,
      noShows: 1,
      chargedMinor: first + second + third,
      creditedMinor: first,
      netMinor: second + third,
    });
  });
});
