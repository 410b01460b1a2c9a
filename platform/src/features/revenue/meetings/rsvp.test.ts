import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventModel } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createEnrollmentActivity, ENROLL_ACTIVITY } from '../../email/sequences/enrollment.ts';
import { linksAtEnrolment } from '../booking-links/links.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestMailServer, type TestMailServer } from '../../../../dev/testing/mail-server.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { sendFromMailServer } from '../../../../dev/testing/sending.ts';

// A prospect answers a meeting's invitation from their calendar: the iCalendar REPLY their client
// emails back is delivered through GreenMail to the workspace's mailbox and read over IMAP (Check
// replies now), on a real Temporal dev server and worker. The invitations are the ones booking
// through the prospect's link emailed (through GreenMail too). Workspace B has a prospect with the
// same address as one of A's, and its own mailbox.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let mail: TestMailServer;
const box = secretsBox(randomBytes(32));
const PUBLIC_URL = 'https://meetflow.example';
const A = 'rsvp-a';
const B = 'rsvp-b';
const SENDER = { [A]: 'alex@rsvp-a.test', [B]: 'sam@rsvp-b.test' } as Record<string, string>;
const mailboxOf: Record<string, string> = {};
// The first step is days away: nothing is sent but what booking sends.
const steps = [3, 8].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
const member = (method: string, path: string, workspace = A) => call(method, `${path}?workspace=${workspace}`);
const meetingsOf = async (workspace = A) => (await member('GET', '/api/meetings', workspace)).body as Array<Record<string, any>>;
const meetingById = async (id: string) => (await meetingsOf()).find((meeting) => meeting.id === id);
/** Check replies now: what one read of the workspace's mailbox found. */
const checkNow = async (workspace = A) => (await member('POST', `/api/mailboxes/${mailboxOf[workspace]}/check-inbox`, workspace)).body;

/** A prospect of the workspace, enrolled as the worker enrols (its booking link made with the sequence). */
async function enrol(workspace: string, id: number, email = `pat${id}@acme${id}.test`) {
  await stack.db.prospects.create({
    workspaceId: workspace,
    id,
    firstName: 'Pat',
    lastName: `P${id}`,
    company: 'Acme',
    email,
    emailLower: email,
  });
  const activity = createEnrollmentActivity(stack.runner.temporal, stack.runner.taskQueue, undefined, linksAtEnrolment(stack.db, box))[
    ENROLL_ACTIVITY
  ]!;
  await activity({ prospectId: id, email, sequence: steps }, { run: systemRunContext(workspace, 'test-enrolment') });
  return email;
}

/** The invitations in the prospect's GreenMail inbox, oldest first: each email's Message-ID and its .ics. */
async function invitationsTo(email: string) {
  const parsed = await Promise.all((await mail.inbox(email)).map((raw) => simpleParser(raw)));
  return parsed.flatMap((message) => {
    const part = message.attachments.find(
      (attachment) => attachment.contentType === 'text/calendar' || attachment.filename === 'invite.ics',
    );
    return part ? [{ messageId: message.messageId!, subject: message.subject ?? '', ics: part.content.toString('utf8') }] : [];
  });
}

/** The meeting the prospect's link booked last, as a member reads the link (the page names no meeting id). */
const linkedMeeting = async (id: number) => (await member('GET', `/api/booking-links/${id}`)).body.meetingId as string;

/** The prospect books through their link (the invitation emailed through GreenMail): the meeting, the link and the invitation received. */
async function bookedThroughLink(id: number) {
  const email = await enrol(A, id);
  const token = ((await member('GET', `/api/booking-links/${id}`)).body.url as string).split('/book/')[1]!;
  const { slots } = (await call('GET', `/api/book/${token}`)).body as { slots: Array<{ start: string }> };
  const booked = await call('POST', `/api/book/${token}`, { start: slots[id % slots.length]!.start });
  expect(booked.status).toBe(201);
  await expect.poll(async () => (await invitationsTo(email)).length, { timeout: 20_000 }).toBe(1);
  return { email, token, slots, meetingId: await linkedMeeting(id), invitation: (await invitationsTo(email))[0]! };
}

/** A line of the invitation's VEVENT, unfolded. */
const eventLine = (ics: string, name: string) =>
  ics
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))!
    .replace(/^[^:]*:/, '');

/**
 * The REPLY a calendar client emails when the invitee answers (RFC 5546 §3.2.3, as Google Calendar
 * writes it): the invitation's UID and SEQUENCE, the attendee's PARTSTAT, its long line folded.
 */
function calendarReply(invitation: string, attendee: string, partstat: string, sequence = eventLine(invitation, 'SEQUENCE')) {
  const attendeeLine = `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat};CN=Pat;X-NUM-GUESTS=0:mailto:${attendee}`;
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'METHOD:REPLY',
    'BEGIN:VEVENT',
    `DTSTART:${eventLine(invitation, 'DTSTART')}`,
    'DTSTAMP:20261130T101500Z',
    `UID:${eventLine(invitation, 'UID')}`,
    `${attendeeLine.slice(0, 60)}\r\n ${attendeeLine.slice(60)}`,
    `SEQUENCE:${sequence}`,
    `SUMMARY:${partstat === 'DECLINED' ? 'Declined' : 'Accepted'}: 30-minute call`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * The client's email carrying the REPLY, in the invitation's thread (unless `thread` is false: a
 * forger does not know its Message-ID), delivered to the workspace's mailbox; waits until it is there to read.
 */
async function answer(from: string, invitation: { messageId: string; ics: string }, ics: string, workspace = A, thread = true) {
  const to = SENDER[workspace]!;
  const before = (await mail.inbox(to)).length;
  await mail.send({
    from,
    to,
    subject: 'Invitation: 30-minute call',
    ...(thread ? { inReplyTo: invitation.messageId, references: invitation.messageId } : {}),
    text: `${from} has answered this invitation.`,
    icalEvent: { method: 'REPLY', content: ics },
  });
  await expect.poll(async () => (await mail.inbox(to)).length, { timeout: 10_000 }).toBe(before + 1);
}

const cancellationsPublished = (meetingId: string) =>
  eventModel(stack.database).countDocuments({ workspaceId: A, type: 'meeting.cancelled', 'data.meetingId': meetingId });
/** What the learning engine and the Inbox would take from a reply to outreach: none for an answer to an invitation. */
const readAsReplies = async (workspace: string, prospectId: number) =>
  (await stack.db.outcomeEvents.countDocuments({ workspaceId: workspace, prospectId: String(prospectId), type: 'replied' })) +
  (await stack.db.heldReplies.countDocuments({ workspaceId: workspace, prospectId }));

beforeAll(async () => {
  stack = await startTestPipelineWorker('rsvp', [engagementAnalysisPlugin, meetingBookingPlugin, emailSmtpChannel], {
    secrets: box,
    publicUrl: PUBLIC_URL,
  });
  server = await serveProductApp(stack, { secrets: box, publicUrl: PUBLIC_URL });
  mail = await startTestMailServer();
  for (const workspace of [A, B]) {
    await stack.db.workspaces.create({ slug: workspace, name: workspace });
    mailboxOf[workspace] = await sendFromMailServer(stack.db, box, workspace, mail, SENDER[workspace]!);
  }
}, 90_000);
afterAll(async () => {
  await server?.close();
  await mail?.close();
  await stack?.stop();
});

describe("a calendar's answer to a meeting's invitation (iCalendar REPLY)", () => {
  it('accepted: recorded on the meeting and shown with it; not read as a reply to outreach', async () => {
    const { email, meetingId, invitation } = await bookedThroughLink(1);
    await answer(email, invitation, calendarReply(invitation.ics, email, 'ACCEPTED'));
    expect(await checkNow()).toMatchObject({ ok: true, read: 1, replies: 1, ignored: 0 });
    expect(await meetingById(meetingId)).toMatchObject({ status: 'scheduled', rsvp: 'accepted' });
    expect(await readAsReplies(A, 1)).toBe(0);
  });

  it('declined: the meeting is cancelled as the prospect’s, once, with no cancellation emailed, even when the REPLY comes twice', async () => {
    const { email, meetingId, invitation } = await bookedThroughLink(2);
    const ics = calendarReply(invitation.ics, email, 'DECLINED');
    await answer(email, invitation, ics);
    await answer(email, invitation, ics);
    expect(await checkNow()).toMatchObject({ ok: true, read: 2, replies: 2, ignored: 0 });
    expect(await meetingById(meetingId)).toMatchObject({ status: 'cancelled', rsvp: 'declined' });
    expect(await cancellationsPublished(meetingId)).toBe(1);
    // Their calendar took it out when they declined: nothing is emailed back (only the invitation ever was).
    expect(await stack.db.outbox.countDocuments({ workspaceId: A, prospectId: 2, template: 'meeting-cancelled' })).toBe(0);
    expect((await invitationsTo(email)).length).toBe(1);
    // The link is used up, as after the prospect's own cancel.
    expect((await member('GET', '/api/booking-links/2')).body.state).toBe('used');
    expect(await readAsReplies(A, 2)).toBe(0);
  });

  it("an answer to an older SEQUENCE (the time has moved since) is ignored; the moved invitation's answer counts", async () => {
    const { email, token, slots, invitation } = await bookedThroughLink(3);
    const moved = await call('POST', `/api/book/${token}/reschedule`, { start: slots[(3 + 5) % slots.length]!.start });
    expect(moved.status).toBe(200);
    const movedId = await linkedMeeting(3);
    await expect.poll(async () => (await invitationsTo(email)).length, { timeout: 20_000 }).toBe(2);
    const update = (await invitationsTo(email))[1]!;
    expect([eventLine(update.ics, 'UID'), eventLine(update.ics, 'SEQUENCE')]).toEqual([eventLine(invitation.ics, 'UID'), '1']);

    await answer(email, invitation, calendarReply(invitation.ics, email, 'DECLINED', '0'));
    expect(await checkNow()).toMatchObject({ read: 1, replies: 1 });
    expect(await meetingById(movedId)).toMatchObject({ status: 'scheduled' });
    expect((await meetingById(movedId))?.rsvp).toBeUndefined();

    await answer(email, update, calendarReply(update.ics, email, 'TENTATIVE'));
    expect(await checkNow()).toMatchObject({ read: 1, replies: 1 });
    expect(await meetingById(movedId)).toMatchObject({ status: 'scheduled', rsvp: 'tentative' });
    expect(await readAsReplies(A, 3)).toBe(0);
  });

  it("a forged REPLY (another sender, or another workspace's mailbox) changes nothing and is read as an ordinary email", async () => {
    const { email, meetingId, invitation } = await bookedThroughLink(4);
    const decline = calendarReply(invitation.ics, email, 'DECLINED');

    // Someone else declining on the prospect's behalf: not a prospect, so nothing at all.
    await answer('eve@elsewhere.test', invitation, decline, A, false);
    expect(await checkNow()).toMatchObject({ read: 1, replies: 0, ignored: 1 });
    // The prospect's own address declining for another attendee's line: not their answer.
    await answer(email, invitation, calendarReply(invitation.ics, 'eve@elsewhere.test', 'DECLINED'));
    expect(await checkNow()).toMatchObject({ read: 1, replies: 1 });
    // Read as a reply to outreach, in the invitation's thread: what an answer the meetings take is never counted as.
    expect(await readAsReplies(A, 4)).toBe(1);

    // Workspace B has a prospect with the same address; A's UID sent to B's mailbox answers nothing of B's.
    await stack.db.prospects.create({ workspaceId: B, id: 4, firstName: 'Pat', lastName: 'B', company: 'Acme', email, emailLower: email });
    await answer(email, invitation, decline, B);
    expect(await checkNow(B)).toMatchObject({ read: 1, replies: 0, ignored: 1 });
    expect(await stack.db.heldReplies.countDocuments({ workspaceId: B, prospectId: 4 })).toBe(1);

    expect(await meetingById(meetingId)).toMatchObject({ status: 'scheduled' });
    expect((await meetingById(meetingId))?.rsvp).toBeUndefined();
    expect(await cancellationsPublished(meetingId)).toBe(0);
  });
});
