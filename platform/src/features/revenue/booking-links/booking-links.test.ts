import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdOf, eventModel } from '../../../core/events.ts';
import { systemRunContext, type WorkspaceRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createEnrollmentActivity, ENROLL_ACTIVITY } from '../../email/sequences/enrollment.ts';
import { meetingProposalEmail } from '../../email/sequences/meeting-proposal.ts';
import { sequenceStateOf } from '../../email/services.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { meetingTookPlace } from '../../../../dev/testing/meetings.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { markOutcome, type MeetingDeps } from '../meetings/meetings.ts';
import { bookingUrlForEmail, LINK_DAYS, linksAtEnrolment } from './links.ts';

// Public booking links over a real Temporal dev server and worker (meeting booking books), the whole
// app over HTTP, and a real SMTP server on loopback that receives the invitations. Workspace A has
// the links; workspace B has a prospect of the same id, whose data no link of A's ever reaches.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let sink: SmtpSink;
const box = secretsBox(randomBytes(32));
const PUBLIC_URL = 'https://meetflow.example';
const A = 'book-a';
const B = 'book-b';
// The first step is days away: nothing is sent but what booking sends, and the sequence runs until booking stops it.
const steps = [3, 8].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));

interface Answer {
  status: number;
  body: any;
  text: string;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed, text };
}
/** A member's call (the test app's owner), in a workspace. */
const member = (method: string, path: string, workspace = A, body?: unknown) => call(method, `${path}?workspace=${workspace}`, body);

/** Enrols a prospect through platform.enrollSequence as the worker composes it (its booking link made with the sequence). */
async function enrol(workspace: string, id: number) {
  const email = `pat${id}@acme${id}.test`;
  await stack.db.prospects.create({
    workspaceId: workspace,
    id,
    firstName: 'Pat',
    lastName: `P${id}`,
    company: 'Acme',
    email,
    emailLower: email,
    timeZone: 'America/New_York',
  });
  const activity = createEnrollmentActivity(stack.runner.temporal, stack.runner.taskQueue, undefined, linksAtEnrolment(stack.db, box))[
    ENROLL_ACTIVITY
  ]!;
  await activity({ prospectId: id, email, sequence: steps }, { run: systemRunContext(workspace, 'test-enrolment') });
  return email;
}

/** The token of a prospect's link, as a member reads it (GET /api/booking-links/{id}). */
async function tokenOf(id: number, workspace = A): Promise<string> {
  const { status, body } = await member('GET', `/api/booking-links/${id}`, workspace);
  expect(status).toBe(200);
  return (body.url as string).split('/book/')[1]!;
}

/**
 * An iCalendar file read as RFC 5545 writes it (§3.1): lines unfolded, each `NAME[;PARAM=…]:VALUE`
 * (a quoted parameter value may hold a colon); the calendar's own properties and its one VEVENT's,
 * by name, parameters dropped.
 */
function readCalendar(text: string): { calendar: Record<string, string>; event: Record<string, string> } {
  const calendar: Record<string, string> = {};
  const event: Record<string, string> = {};
  let events = 0;
  let inEvent = false;
  for (const line of text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)) {
    if (!line) continue;
    let quoted = false;
    let colon = -1;
    for (let at = 0; at < line.length && colon < 0; at++) {
      if (line[at] === '"') quoted = !quoted;
      else if (line[at] === ':' && !quoted) colon = at;
    }
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    const value = line.slice(colon + 1);
    if (`${name}:${value}` === 'BEGIN:VEVENT') [inEvent, events] = [true, events + 1];
    else if (`${name}:${value}` === 'END:VEVENT') inEvent = false;
    else (inEvent ? event : calendar)[name] = value;
  }
  expect(events).toBe(1);
  return { calendar, event };
}

/** The .ics (the invite.ics part) of every email the SMTP server received for an address, in order, read. */
const calendarsTo = (email: string) =>
  sink.messages
    .filter((message) => message.to.includes(email))
    .map((message) => {
      const file = message.parsed.attachments.find((part) => part.filename === 'invite.ics');
      if (!file) throw new Error(`an email to ${email} carries no invite.ics: ${message.parsed.subject ?? ''}`);
      return { subject: message.parsed.subject, ...readCalendar(file.content.toString('utf8')) };
    });
/** An instant as a UTC DATE-TIME of iCalendar: 20261201T140000Z. */
const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** The cancellations queued for a prospect (one-off emails of the cancellation template; every other carries no CANCEL). */
const cancellationsOf = async (prospectId: number) => {
  expect(
    await stack.db.outbox.countDocuments({
      workspaceId: A,
      prospectId,
      template: { $ne: 'meeting-cancelled' },
      'calendar.method': 'CANCEL',
    }),
  ).toBe(0);
  return stack.db.outbox.countDocuments({ workspaceId: A, prospectId, template: 'meeting-cancelled', 'calendar.method': 'CANCEL' });
};

const meetingsOf = async (workspace: string) => (await member('GET', '/api/meetings', workspace)).body as Array<Record<string, any>>;
const invitationsTo = (email: string) => stack.db.outbox.countDocuments({ workspaceId: A, email, template: 'meeting-invitation' });

beforeAll(async () => {
  stack = await startTestPipelineWorker('booking-links', [emailSmtpChannel, meetingBookingPlugin], { secrets: box, publicUrl: PUBLIC_URL });
  server = await serveProductApp(stack, { secrets: box, publicUrl: PUBLIC_URL });
  sink = await startSmtpSink();
  for (const workspace of [A, B]) {
    await stack.db.workspaces.create({ slug: workspace, name: workspace });
    await configureSending(stack.db, workspace, {
      mode: 'autonomous',
      timeZone: morningZone(Date.now()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' },
      gapMinutes: { min: 0, max: 0 },
    });
    await connectSinkMailbox(stack.db, box, workspace, sink, { fromAddress: `alex@${workspace}.test`, dailyCap: 1000, warmedUp: true });
  }
  const offer = await member('PUT', '/api/offer', A, {
    companyName: 'Lumen Ledger',
    oneLiner: 'closes your books in days instead of weeks',
    valueProps: [
      { pain: 'manual month-end reconciliation', value: 'your finance team signs off without spreadsheets' },
      { pain: 'late revenue reports', value: 'sales leaders see bookings the day they close' },
    ],
    personas: { titles: ['VP of Sales'] },
    callToAction: { meetingMinutes: 30 },
    senderName: 'Riley Chen',
  });
  expect(offer.status, offer.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sink?.close();
  await stack?.stop();
});

describe('booking links: made at enrolment, one per prospect and sequence', () => {
  it('enrolment makes the link; a member reads it under the public URL; only hashes of its token are stored', async () => {
    const enrolledAt = Date.now();
    await enrol(A, 1);
    const stored = await stack.db.bookingLinks.find({ workspaceId: A }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ prospectId: 1, sequenceId: `sequence-${A}-1`, meetingId: null, revokedAt: null });
    // Its lifetime: the sequence's last planned step (day 8) and LINK_DAYS more.
    const days = (stored[0]!.expiresAt.getTime() - enrolledAt) / 86_400_000;
    expect(days).toBeGreaterThan(8 + LINK_DAYS - 0.01);
    expect(days).toBeLessThan(8 + LINK_DAYS + 0.01);

    const { body } = await member('GET', '/api/booking-links/1');
    expect(body).toMatchObject({ prospectId: 1, state: 'open', meetingId: null, reschedules: 0 });
    const token = (body.url as string).slice(`${PUBLIC_URL}/book/`.length);
    expect(body.url).toBe(`${PUBLIC_URL}/book/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(JSON.stringify(stored)).not.toContain(token);
    // Asked again (or enrolled again): the same link.
    expect((await member('GET', '/api/booking-links/1')).body.url).toBe(body.url);
    expect(await stack.db.bookingLinks.countDocuments({ workspaceId: A })).toBe(1);
  });

  it('an interested reply: the email offering times, written and sent by the sequence, carries the link', async () => {
    const email = await enrol(A, 8);
    await stack.runner.temporal.workflow
      .getHandle(`sequence-${A}-8`)
      .signal('reply', { category: 'interested', action: 'stop', proposeMeeting: true });
    await expect
      .poll(async () => (await stack.db.outbox.findOne({ workspaceId: A, prospectId: 8, step: 100 }).lean())?.body, { timeout: 20_000 })
      .toContain(`Or pick any free time yourself (the invitation comes at once): ${PUBLIC_URL}/book/${await tokenOf(8)}`);
    await expect.poll(() => sink.messages.filter((message) => message.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
  });

  it('the email that offers a meeting carries the link (and keeps it alive); a withdrawn link is left out', async () => {
    await enrol(A, 9);
    const url = await bookingUrlForEmail({ db: stack.db, secrets: box, publicUrl: PUBLIC_URL }, A, 9);
    expect(url).toBe((await member('GET', '/api/booking-links/9')).body.url);
    const slot = { start: '2026-12-01T14:00:00.000Z', end: '2026-12-01T14:30:00.000Z', label: 'Tuesday 1 December 2026, 14:00–14:30 UTC' };
    const { body } = meetingProposalEmail({ firstName: 'Pat', firstSubject: 'Books', slots: [slot], bookingUrl: url });
    expect(body).toContain(`Or pick any free time yourself (the invitation comes at once): ${url}`);
    expect(meetingProposalEmail({ firstName: 'Pat', firstSubject: 'Books', slots: [slot] }).body).not.toContain('/book/');
    expect((await member('DELETE', '/api/booking-links/9')).body).toEqual({ revoked: true, prospectId: 9 });
    expect(await bookingUrlForEmail({ db: stack.db, secrets: box, publicUrl: PUBLIC_URL }, A, 9)).toBeNull();
  });
});

describe('/api/book/{token}: a prospect books, moves and cancels their meeting, and nothing else', () => {
  it('shows who books with whom, for how long, in which zones, and the free times; never naming a workspace', async () => {
    const token = await tokenOf(1);
    const page = await call('GET', `/api/book/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({
      prospect: { firstName: 'Pat', name: 'Pat P1' },
      seller: { name: 'Riley Chen', company: 'Lumen Ledger' },
      purpose: 'Lumen Ledger closes your books in days instead of weeks',
      durationMinutes: 30,
      timeZone: { prospect: 'America/New_York', seller: expect.any(String) },
      meeting: null,
      reschedulesLeft: 5,
    });
    expect(page.body.slots.length).toBeGreaterThan(3);
    expect(JSON.stringify(page.body)).not.toContain(A); // the workspace stays the platform's to know
    // A request naming another workspace is answered from the link's all the same (public routes ignore ?workspace=).
    expect((await call('GET', `/api/book/${token}?workspace=${B}`)).body).toEqual(page.body);
  });

  it('two racing requests of one link make exactly one meeting: one is booked, the other refused; the sequence stops; one invitation', async () => {
    const email = await enrol(A, 2);
    const token = await tokenOf(2);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    const [first, second] = await Promise.all([
      call('POST', `/api/book/${token}`, { start: slots[1]!.start }),
      call('POST', `/api/book/${token}`, { start: slots[2]!.start }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error).toMatch(/booked with this link already|no longer free/);
    const mine = (await meetingsOf(A)).filter((meeting) => meeting.prospectId === 2);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'scheduled' });
    // The same time again (a double click after the answer) answers the same meeting.
    const again = await call('POST', `/api/book/${token}`, { start: mine[0]!.scheduledAt });
    expect([again.status, again.body.meeting.scheduledAt]).toEqual([200, mine[0]!.scheduledAt]);
    // Recorded the way an Inbox booking is: the sequence stops, the invitation goes out once.
    await expect
      .poll(async () => (await sequenceStateOf({ temporal: stack.runner.temporal, db: stack.db }, A, 2))?.status, { timeout: 10_000 })
      .toBe('stopped');
    expect(await invitationsTo(email)).toBe(1);
    await expect.poll(() => sink.messages.filter((message) => message.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    expect((await call('GET', `/api/book/${token}`)).body.meeting).toMatchObject({
      scheduledAt: mine[0]!.scheduledAt,
      durationMinutes: 30,
    });
    const ics = await call('GET', `/api/book/${token}/invite.ics`);
    expect([ics.status, ics.text]).toEqual([200, expect.stringContaining('METHOD:REQUEST')]);
    expect((await member('GET', '/api/booking-links/2')).body).toMatchObject({ state: 'booked', meetingId: mine[0]!.id });
  });

  it('two racing requests for the same time both answer the one meeting', async () => {
    await enrol(A, 3);
    const token = await tokenOf(3);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    const answers = await Promise.all([0, 1].map(() => call('POST', `/api/book/${token}`, { start: slots[3]!.start })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect((await meetingsOf(A)).filter((meeting) => meeting.prospectId === 3)).toHaveLength(1);
  });

  it('a time someone else just took is a 409 saying to pick another; a bad time is a 400', async () => {
    await enrol(A, 4);
    const token = await tokenOf(4);
    const taken = (await meetingsOf(A)).find((meeting) => meeting.prospectId === 2)!;
    const answer = await call('POST', `/api/book/${token}`, { start: taken.scheduledAt });
    expect([answer.status, answer.body.error]).toEqual([409, expect.stringContaining('Pick another time')]);
    expect((await call('POST', `/api/book/${token}`, { start: 'tomorrow' })).status).toBe(400);
    expect((await call('POST', `/api/book/${token}/reschedule`, { start: taken.scheduledAt })).status).toBe(409);
    expect((await call('POST', `/api/book/${token}/cancel`)).status).toBe(409);
    expect((await call('GET', `/api/book/${token}/invite.ics`)).status).toBe(404);
  });

  it('moves the meeting (the old one cancelled, the invitation updated), then cancels it; the link is then used up (410)', async () => {
    const email = await enrol(A, 5);
    const token = await tokenOf(5);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[4]!.start })).status).toBe(201);
    const moved = await call('POST', `/api/book/${token}/reschedule`, { start: slots[5]!.start });
    expect([moved.status, moved.body.meeting.scheduledAt]).toEqual([200, new Date(slots[5]!.start).toISOString()]);
    const mine = (await meetingsOf(A)).filter((meeting) => meeting.prospectId === 5);
    expect(mine.map((meeting) => [meeting.scheduledAt, meeting.status])).toEqual([
      [new Date(slots[4]!.start).toISOString(), 'cancelled'],
      [new Date(slots[5]!.start).toISOString(), 'scheduled'],
    ]);
    expect(await invitationsTo(email)).toBe(2);
    expect((await call('GET', `/api/book/${token}`)).body.reschedulesLeft).toBe(4);

    expect((await call('POST', `/api/book/${token}/cancel`)).body).toEqual({ cancelled: true });
    expect((await meetingsOf(A)).filter((meeting) => meeting.prospectId === 5 && meeting.status === 'scheduled')).toEqual([]);
    const used = await call('GET', `/api/book/${token}`);
    expect([used.status, used.body.error]).toEqual([410, expect.stringContaining('was cancelled')]);
    expect((await call('POST', `/api/book/${token}`, { start: slots[6]!.start })).status).toBe(410);
    expect((await member('GET', '/api/booking-links/5')).body.state).toBe('used');
  });

  it("a move updates the event in the prospect's calendar (same UID, SEQUENCE 1); a cancel then sends its cancellation", async () => {
    const email = await enrol(A, 10);
    const token = await tokenOf(10);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(1);
    const [booked] = calendarsTo(email);
    expect(booked).toMatchObject({
      calendar: { METHOD: 'REQUEST' },
      event: { SEQUENCE: '0', STATUS: 'CONFIRMED', DTSTART: icsTime(slots[0]!.start) },
    });

    expect((await call('POST', `/api/book/${token}/reschedule`, { start: slots[1]!.start })).status).toBe(200);
    // One email for the move (no separate cancellation of the old time): the event they have, moved.
    expect(await invitationsTo(email)).toBe(2);
    expect(await cancellationsOf(10)).toBe(0);
    // The old time cancelled again in the Meeting Scheduler: the move cancelled it, and told the prospect already.
    const old = (await meetingsOf(A)).find((meeting) => meeting.prospectId === 10 && meeting.status === 'cancelled')!;
    expect((await member('POST', `/api/meetings/${old.id}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await cancellationsOf(10)).toBe(0);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(2);
    const moved = calendarsTo(email)[1]!;
    expect(moved.subject).toMatch(/^Updated invitation: 30-minute call, now /);
    expect(moved.calendar.METHOD).toBe('REQUEST');
    expect(moved.event).toMatchObject({ UID: booked!.event.UID, SEQUENCE: '1', STATUS: 'CONFIRMED', DTSTART: icsTime(slots[1]!.start) });
    // The page's download is that same event, as emailed.
    const download = await call('GET', `/api/book/${token}/invite.ics`);
    expect(readCalendar(download.text)).toEqual({ calendar: moved.calendar, event: moved.event });

    expect((await call('POST', `/api/book/${token}/cancel`)).body).toEqual({ cancelled: true });
    expect(await cancellationsOf(10)).toBe(1);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(3);
    const cancelled = calendarsTo(email)[2]!;
    expect(cancelled.subject).toMatch(/^Meeting cancelled: 30-minute call, /);
    expect(cancelled.calendar.METHOD).toBe('CANCEL');
    expect(cancelled.event).toMatchObject({
      UID: booked!.event.UID,
      SEQUENCE: '2',
      STATUS: 'CANCELLED',
      DTSTART: icsTime(slots[1]!.start),
    });
  });

  it('the Meeting Scheduler cancelling a meeting emails the prospect its cancellation once; their link then sends none', async () => {
    const email = await enrol(A, 20);
    const token = await tokenOf(20);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[2]!.start })).status).toBe(201);
    expect((await call('POST', `/api/book/${token}/reschedule`, { start: slots[3]!.start })).status).toBe(200);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(2);
    const meeting = (await meetingsOf(A)).find((each) => each.prospectId === 20 && each.status === 'scheduled')!;

    // The rep cancels it (twice: a double click); only the call that cancelled it sends.
    const cancels = [];
    for (let click = 0; click < 2; click++)
      cancels.push(await member('POST', `/api/meetings/${meeting.id}/outcome`, A, { outcome: 'cancelled' }));
    expect(cancels[0]!.status, cancels[0]!.text).toBe(200);
    expect(cancels[0]!.body.status).toBe('cancelled');
    expect(await cancellationsOf(20)).toBe(1);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(3);
    const [booked, , cancelled] = calendarsTo(email);
    expect(cancelled!.subject).toMatch(/^Meeting cancelled: 30-minute call, .*\(America\/New_York\)$/);
    // The event the prospect has (the first booking's UID, moved once): its next SEQUENCE, cancelled.
    expect(cancelled!.calendar.METHOD).toBe('CANCEL');
    expect(cancelled!.event).toMatchObject({
      UID: booked!.event.UID,
      SEQUENCE: '2',
      STATUS: 'CANCELLED',
      DTSTART: icsTime(slots[3]!.start),
    });
    const sent = sink.messages.filter((message) => message.to.includes(email)).at(-1)!;
    expect(sent.parsed.text).toContain('I am sorry: I have to cancel our call on');

    // The prospect's own cancel afterwards finds it cancelled: nothing more is emailed.
    const late = await call('POST', `/api/book/${token}/cancel`);
    expect([late.status, late.body]).toEqual([200, { cancelled: true }]);
    expect(await cancellationsOf(20)).toBe(1);
  });

  it('a meeting booked in the Meeting Scheduler and cancelled there: the cancellation continues its own event (SEQUENCE 1)', async () => {
    const email = await enrol(A, 21);
    const offered = await call('GET', `/api/meetings/slots?count=5&workspace=${A}&prospect=21`);
    expect(offered.status, offered.text).toBe(200);
    const start = (offered.body.slots as Array<{ start: string }>)[4]!.start;
    const booked = await member('POST', '/api/meetings', A, { prospectId: 21, prospect: { name: 'Pat P21', email }, scheduledAt: start });
    expect(booked.status, booked.text).toBe(201);
    const invitation = readCalendar(booked.body.ics as string);
    expect((await member('POST', `/api/meetings/${booked.body.meeting.id}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await cancellationsOf(21)).toBe(1);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(1);
    expect(calendarsTo(email)[0]).toMatchObject({
      calendar: { METHOD: 'CANCEL' },
      event: { UID: invitation.event.UID, SEQUENCE: '1', STATUS: 'CANCELLED', DTSTART: icsTime(start) },
    });
  });

  it('two racing cancels of one link: both answer cancelled, one cancellation is emailed', async () => {
    const email = await enrol(A, 11);
    const token = await tokenOf(11);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    const answers = await Promise.all([0, 1].map(() => call('POST', `/api/book/${token}/cancel`)));
    // Overlapping or one after the other, both answer cancelled (a repeat is answered as the first was).
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { cancelled: true }],
      [200, { cancelled: true }],
    ]);
    expect(await cancellationsOf(11)).toBe(1);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(2);
    const [invitation, cancellation] = calendarsTo(email);
    expect(cancellation).toMatchObject({
      calendar: { METHOD: 'CANCEL' },
      event: { UID: invitation!.event.UID, SEQUENCE: '1', STATUS: 'CANCELLED' },
    });
    expect((await meetingsOf(A)).filter((meeting) => meeting.prospectId === 11).map((meeting) => meeting.status)).toEqual(['cancelled']);
  });

  it('a move racing a cancel: whichever marks the link first stands, and no meeting is left booked for nobody', async () => {
    await enrol(A, 13);
    const token = await tokenOf(13);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    const [moved, cancelled] = await Promise.all([
      call('POST', `/api/book/${token}/reschedule`, { start: slots[1]!.start }),
      call('POST', `/api/book/${token}/cancel`),
    ]);
    expect([200, 409, 410]).toContain(moved.status);
    expect([200, 409]).toContain(cancelled.status);
    const scheduled = (await meetingsOf(A)).filter((meeting) => meeting.prospectId === 13 && meeting.status === 'scheduled');
    if (cancelled.status === 200) {
      // The cancel stood (before the move, or after it): nothing is booked, the link is used up, one cancellation.
      expect(scheduled).toEqual([]);
      expect((await member('GET', '/api/booking-links/13')).body.state).toBe('used');
      expect(await cancellationsOf(13)).toBe(1);
    } else {
      // The move stood: the meeting at its new time, nothing cancelled for the prospect.
      expect(moved.status).toBe(200);
      expect(scheduled.map((meeting) => meeting.scheduledAt)).toEqual([new Date(slots[1]!.start).toISOString()]);
      expect(await cancellationsOf(13)).toBe(0);
    }
  });

  it('a suppressed address gets no cancellation; the meeting is cancelled all the same', async () => {
    const email = await enrol(A, 12);
    const token = await tokenOf(12);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    await stack.db.suppressions.create({ workspaceId: A, email, reason: 'unsubscribed' });
    expect((await call('POST', `/api/book/${token}/cancel`)).body).toEqual({ cancelled: true });
    expect((await meetingsOf(A)).filter((meeting) => meeting.prospectId === 12).map((meeting) => meeting.status)).toEqual(['cancelled']);
    // The refusal comes before anything is queued: the booking's invitation is all the outbox holds for them.
    expect(await cancellationsOf(12)).toBe(0);
    expect(await invitationsTo(email)).toBe(1);
    expect((await member('GET', '/api/booking-links/12')).body.state).toBe('used');
  });

  it('unknown, withdrawn, expired and used-up links answer 404 or 410 in words, never a 500', async () => {
    const unknown = await call('GET', `/api/book/${'x'.repeat(43)}`);
    expect([unknown.status, unknown.body.error]).toEqual([404, expect.stringContaining('not valid')]);
    expect((await call('GET', '/api/book/garbage%00')).status).toBe(404);
    expect((await call('POST', `/api/book/${'y'.repeat(43)}`, { start: new Date().toISOString() })).status).toBe(404);

    await enrol(A, 6);
    const revoked = await tokenOf(6);
    await member('DELETE', '/api/booking-links/6');
    const withdrawn = await call('GET', `/api/book/${revoked}`);
    expect([withdrawn.status, withdrawn.body.error]).toEqual([410, expect.stringContaining('withdrawn')]);

    await enrol(A, 7);
    const expiring = await tokenOf(7);
    await stack.db.bookingLinks.updateOne({ workspaceId: A, prospectId: 7 }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call('POST', `/api/book/${expiring}`, { start: new Date().toISOString() });
    expect([expired.status, expired.body.error]).toEqual([410, expect.stringContaining('expired')]);

    // The meeting it booked has taken place: the link is used up.
    const booked = await tokenOf(3);
    const meeting = (await meetingsOf(A)).find((each) => each.prospectId === 3)!;
    const startedAt = await meetingTookPlace(stack.database, meeting.id);
    await stack.db.bookingLinks.updateOne({ workspaceId: A, prospectId: 3 }, { $set: { meetingStart: new Date(startedAt) } });
    const tookPlace = await call('POST', `/api/book/${booked}/cancel`);
    expect([tookPlace.status, tookPlace.body.error]).toEqual([410, expect.stringContaining('has taken place')]);
  });

  it('a link of workspace A never reads or books in B, whose prospect has the same id', async () => {
    await enrol(B, 1);
    const meetingsOfB = await meetingsOf(B);
    const token = await tokenOf(1);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    // Naming B changes nothing: the link's workspace is the only one it acts in.
    expect((await call('POST', `/api/book/${token}?workspace=${B}`, { start: slots[7]!.start })).status).toBe(201);
    expect(await meetingsOf(B)).toEqual(meetingsOfB);
    expect((await meetingsOf(A)).filter((meeting) => meeting.prospectId === 1)).toHaveLength(1);
    expect((await sequenceStateOf({ temporal: stack.runner.temporal, db: stack.db }, B, 1))?.status).toBe('active');
    // B's own link opens B's page, and A's meeting is not on it.
    const ofB = await call('GET', `/api/book/${await tokenOf(1, B)}`);
    expect([ofB.status, ofB.body.meeting, ofB.body.seller]).toEqual([200, null, null]);
  });

  it('a server without a secrets key makes no link: 503 naming the variable', async () => {
    const bare = await serveProductApp(stack, { publicUrl: PUBLIC_URL });
    try {
      const answer = await fetch(`${bare.url}/api/booking-links/1?workspace=${A}`);
      expect([answer.status, await answer.text()]).toEqual([503, expect.stringContaining('MEETFLOW_SECRETS_KEY')]);
    } finally {
      await bare.close();
    }
  });

  it('members: a prospect without a sequence has no link (404), an unknown prospect is a 404', async () => {
    await stack.db.prospects.create({
      workspaceId: A,
      id: 40,
      firstName: 'No',
      lastName: 'Seq',
      company: 'Acme',
      email: 'no@seq.test',
      emailLower: 'no@seq.test',
    });
    expect((await member('GET', '/api/booking-links/40')).status).toBe(404);
    expect((await member('GET', '/api/booking-links/999')).status).toBe(404);
    expect((await member('DELETE', '/api/booking-links/40')).status).toBe(404);
  });
});

describe('a cancellation email is never lost between two writes: every cancel makes sure it is queued, under its key', () => {
  const meetingDeps = (): MeetingDeps => ({
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
  });
  /** The principal the test app's members act as (dev/testing/principal.ts): the Meeting Scheduler's cancel. */
  const memberRun: WorkspaceRunContext = {
    workspaceId: A,
    runId: null,
    principal: { kind: 'user', id: 'test:owner-everywhere', role: 'owner' },
    deadline: null,
  };
  const cancelledEvent = (meetingId: string) =>
    eventModel(stack.database).countDocuments({ workspaceId: A, eventId: eventIdOf(A, 'meeting.cancelled', meetingId) });
  const textsTo = (email: string) => sink.messages.filter((message) => message.to.includes(email)).map((message) => message.parsed.text);

  /** A meeting booked in the Meeting Scheduler for a freshly enrolled prospect (no email goes out for it). */
  async function scheduled(prospectId: number) {
    const email = await enrol(A, prospectId);
    const offered = await call('GET', `/api/meetings/slots?count=1&workspace=${A}&prospect=${prospectId}`);
    const start = (offered.body.slots as Array<{ start: string }>)[0]!.start;
    const booked = await member('POST', '/api/meetings', A, {
      prospectId,
      prospect: { name: `Pat P${prospectId}`, email },
      scheduledAt: start,
    });
    expect(booked.status, booked.text).toBe(201);
    return { email, meetingId: booked.body.meeting.id as string, uid: readCalendar(booked.body.ics as string).event.UID };
  }

  it("the rep's cancel killed after its event, before its email: the next click queues it once, in the rep's words", async () => {
    const { email, meetingId, uid } = await scheduled(30);
    // The crash: the cancel's writes up to its meeting.cancelled event, as the member's call makes them, and nothing after.
    await markOutcome(meetingDeps(), memberRun, meetingId, 'cancelled');
    expect(await cancelledEvent(meetingId)).toBe(1);
    expect(await cancellationsOf(30)).toBe(0);

    // The rep clicks Cancel again (twice): the meeting is cancelled already, and its email is queued once.
    for (let click = 0; click < 2; click++) {
      const again = await member('POST', `/api/meetings/${meetingId}/outcome`, A, { outcome: 'cancelled' });
      expect([again.status, again.body.status]).toEqual([200, 'cancelled']);
    }
    expect(await cancellationsOf(30)).toBe(1);
    expect(await stack.db.outbox.findOne({ workspaceId: A, prospectId: 30, template: 'meeting-cancelled' }).lean()).toMatchObject({
      oneOffKey: `${A}:meeting-cancelled:${meetingId}`,
    });
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(1);
    expect(calendarsTo(email)[0]).toMatchObject({
      calendar: { METHOD: 'CANCEL' },
      event: { UID: uid, SEQUENCE: '1', STATUS: 'CANCELLED' },
    });
    expect(textsTo(email)[0]).toContain('I am sorry: I have to cancel our call on');
  });

  it("the prospect's cancel killed after marking the link, before its email: the link used again answers cancelled and queues it once", async () => {
    const email = await enrol(A, 31);
    const token = await tokenOf(31);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(1);
    const link = (await stack.db.bookingLinks.findOne({ workspaceId: A, prospectId: 31 }).lean())!;
    // The crash: the meeting cancelled as the link (its event published), the link used up, and nothing after.
    await markOutcome(meetingDeps(), systemRunContext(A, `booking-link:${String(link._id)}`), link.meetingId!, 'cancelled');
    await stack.db.bookingLinks.updateOne({ workspaceId: A, _id: link._id }, { $set: { cancelledAt: new Date() } });
    expect(await cancellationsOf(31)).toBe(0);
    expect((await call('GET', `/api/book/${token}`)).status).toBe(410);

    // The page's cancel sent again (the answer was lost): answered as the first would have been, the email queued once.
    for (let retry = 0; retry < 2; retry++)
      expect(await call('POST', `/api/book/${token}/cancel`)).toMatchObject({ status: 200, body: { cancelled: true } });
    expect(await cancellationsOf(31)).toBe(1);
    // And the rep cancelling it afterwards in the Meeting Scheduler adds nothing.
    expect((await member('POST', `/api/meetings/${link.meetingId!}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await cancellationsOf(31)).toBe(1);
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(2);
    const [invitation, cancellation] = calendarsTo(email);
    expect(cancellation).toMatchObject({
      calendar: { METHOD: 'CANCEL' },
      event: { UID: invitation!.event.UID, SEQUENCE: '1', STATUS: 'CANCELLED' },
    });
    expect(textsTo(email)[1]).toContain('is cancelled, as you asked');
  });

  it("the prospect's cancel killed before marking the link: the rep's click in the Meeting Scheduler queues the prospect's email", async () => {
    const email = await enrol(A, 32);
    const token = await tokenOf(32);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    const link = (await stack.db.bookingLinks.findOne({ workspaceId: A, prospectId: 32 }).lean())!;
    await markOutcome(meetingDeps(), systemRunContext(A, `booking-link:${String(link._id)}`), link.meetingId!, 'cancelled');
    expect(await cancellationsOf(32)).toBe(0);

    expect((await member('POST', `/api/meetings/${link.meetingId!}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await cancellationsOf(32)).toBe(1);
    // Worded as who cancelled it (the prospect), whoever repaired it.
    await expect.poll(() => calendarsTo(email).length, { timeout: 20_000 }).toBe(2);
    expect(textsTo(email)[1]).toContain('is cancelled, as you asked');
  });

  it('a meeting told of its cancellation before emails had keys is not told again by a repeated cancel', async () => {
    const { email, meetingId } = await scheduled(34);
    await markOutcome(meetingDeps(), memberRun, meetingId, 'cancelled');
    // What a cancel queued (and sent) before one-off keys: the same email, without a key.
    await stack.db.outbox.create({
      workspaceId: A,
      sequenceId: `sequence-${A}-34`,
      prospectId: 34,
      step: 200,
      email,
      subject: 'Meeting cancelled: 30-minute call',
      body: 'I am sorry: I have to cancel our call.',
      template: 'meeting-cancelled',
      status: 'sent',
      calendar: { method: 'CANCEL', content: 'BEGIN:VCALENDAR' },
    });
    expect((await member('POST', `/api/meetings/${meetingId}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await cancellationsOf(34)).toBe(1);
    expect(await stack.db.outbox.countDocuments({ workspaceId: A, prospectId: 34, oneOffKey: { $exists: true } })).toBe(0);
  });

  it('a meeting cancelled by the calendar read-back starts no email, whatever cancels it again', async () => {
    const email = await enrol(A, 33);
    const token = await tokenOf(33);
    const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
    expect((await call('POST', `/api/book/${token}`, { start: slots[0]!.start })).status).toBe(201);
    const { meetingId } = (await stack.db.bookingLinks.findOne({ workspaceId: A, prospectId: 33 }).lean())!;
    // What calendarSync does for an event deleted in the rep's calendar (calendars/sync.ts).
    await markOutcome(meetingDeps(), systemRunContext(A, 'calendar-sync'), meetingId!, 'cancelled');
    expect((await member('POST', `/api/meetings/${meetingId!}/outcome`, A, { outcome: 'cancelled' })).status).toBe(200);
    expect(await call('POST', `/api/book/${token}/cancel`)).toMatchObject({ status: 200, body: { cancelled: true } });
    expect(await cancellationsOf(33)).toBe(0);
    expect(await invitationsTo(email)).toBe(1);
  });
});
