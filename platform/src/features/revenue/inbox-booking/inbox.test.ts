import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../../core/secrets-box.ts';
import { inboundSecret } from '../../email/inbound/inbound-key.ts';
import { sequenceWorkflowId } from '../../email/sequences/enrollment.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { configureSending, connectSinkMailbox, enrolProspect, morningZone } from '../../../../dev/testing/sending.ts';

// The Inbox over a real Temporal dev server and worker (engagement analysis classifies, meeting
// booking books), the whole app over HTTP, and a real SMTP server on loopback that receives the
// sequence's email, the answers and the invitations.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let sink: SmtpSink;
const box = secretsBox(randomBytes(32));
const WS = 'inbox';
const OTHER = 'inbox-other';
const steps = [0, 5, 10].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));

/** A weekday at least three days ahead, 13:15 in London (inside the default working hours): what the prospect proposes. */
const proposed = (() => {
  let day = DateTime.now().setZone('Europe/London').plus({ days: 3 }).set({ hour: 13, minute: 15, second: 0, millisecond: 0 });
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return day;
})();

async function api(method: string, path: string, body?: unknown, workspace = WS) {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The prospect's reply to the sent email, threaded by its Message-ID, through the inbound webhook. */
async function replyTo(messageId: string, from: string, text: string) {
  const raw = [
    `From: Pat <${from}>`,
    'To: Alex Morgan <alex@inbox.test>',
    'Subject: Re: Step 1',
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <reply-${Math.random().toString(36).slice(2)}@acme.test>`,
    `In-Reply-To: ${messageId}`,
    `References: ${messageId}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
    'On Tue, 24 Nov 2026 at 09:00, Alex Morgan <alex@inbox.test> wrote:',
    '> Hello there.',
  ].join('\r\n');
  const response = await fetch(`${server.url}/api/inbound/email?workspace=${WS}`, {
    method: 'POST',
    headers: { 'content-type': 'message/rfc822', 'x-meetflow-inbound-secret': await inboundSecret(stack.db, box, WS) },
    body: raw,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A prospect enrolled, their first email sent, and their reply in the Inbox: its Inbox id. */
async function replied(id: number, text: string): Promise<string> {
  // Each at a domain of their own: the workspace takes only so many new prospects per domain a day.
  const email = `pat${id}@acme${id}.test`;
  await enrolProspect(stack, WS, id, email, steps);
  await stack.db.prospects.updateOne({ workspaceId: WS, id }, { $set: { timeZone: 'Europe/London' } });
  await expect
    .poll(async () => (await stack.db.outbox.findOne({ workspaceId: WS, prospectId: id, step: 1 }).lean())?.status, { timeout: 20_000 })
    .toBe('sent');
  const sent = await stack.db.outbox.findOne({ workspaceId: WS, prospectId: id, step: 1 }).lean();
  await replyTo(sent!.messageId!, email, text);
  const listed = await api('GET', `/api/inbox?prospectId=${id}`);
  expect(listed.body.items).toHaveLength(1);
  return listed.body.items[0].id as string;
}

/** What the sink received for `email`, by subject. */
const receivedBy = (email: string) => sink.messages.filter((message) => message.to.includes(email));

beforeAll(async () => {
  stack = await startTestPipelineWorker('inbox', [engagementAnalysisPlugin, emailSmtpChannel, meetingBookingPlugin], {
    secrets: box,
    publicUrl: 'https://meetflow.example',
  });
  server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example' });
  sink = await startSmtpSink();
  for (const workspace of [WS, OTHER]) {
    await stack.db.workspaces.create({ slug: workspace, name: workspace });
    await configureSending(stack.db, workspace, {
      mode: 'autonomous',
      timeZone: morningZone(Date.now()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' },
      gapMinutes: { min: 0, max: 0 },
    });
    await connectSinkMailbox(stack.db, box, workspace, sink, { fromAddress: `alex@${workspace}.test`, dailyCap: 1000, warmedUp: true });
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sink?.close();
  await stack?.stop();
});

describe('/api/inbox: every reply, threaded, classified and acted on', () => {
  it('lists a threaded reply with its prospect, category and the time it proposes, and shows the conversation', async () => {
    const id = await replied(1, `Sounds good. ${proposed.toFormat('cccc d LLLL')} at 13:15 works for me.`);
    const { body } = await api('GET', '/api/inbox?prospectId=1');
    expect(body.items[0]).toMatchObject({
      prospect: { id: 1, name: 'Pat P1', company: 'Acme', email: 'pat1@acme1.test' },
      from: 'pat1@acme1.test',
      subject: 'Re: Step 1',
      text: expect.stringMatching(/^Sounds good\./),
      source: 'thread',
      category: 'interested',
      status: 'open',
      resolution: null,
      proposedTimes: [{ start: proposed.toUTC().toISO(), matched: expect.stringContaining('13:15') }],
    });
    expect(body.items[0].text).not.toContain('Hello there');
    // The conversation: our first email, the reply, then the slots the sequence offers after an interested reply.
    const labels = async () =>
      ((await api('GET', `/api/inbox/${id}`)).body.thread as Array<{ kind: string; label?: string; subject: string }>).map(
        (entry) => entry.label ?? `${entry.kind}: ${entry.subject}`,
      );
    await expect.poll(labels, { timeout: 20_000 }).toEqual(['Email 1 of the sequence', 'received: Re: Step 1', 'Meeting slots offered']);
  });

  it('books the proposed time once: the sequence stops and the invitation with its .ics reaches the prospect', async () => {
    const id = (await api('GET', '/api/inbox?prospectId=1')).body.items[0].id as string;
    const scheduledAt = proposed.toUTC().toISO()!;
    const [first, second] = await Promise.all([
      api('POST', `/api/inbox/${id}/book`, { scheduledAt }),
      api('POST', `/api/inbox/${id}/book`, { scheduledAt }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.meeting.id).toBe(first.body.meeting.id);
    expect(first.body.message).toMatchObject({ status: 'done', resolution: 'booked', meetingId: first.body.meeting.id });
    await expect
      .poll(() => receivedBy('pat1@acme1.test').filter((message) => /^Invitation:/.test(message.parsed.subject ?? '')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const invitation = receivedBy('pat1@acme1.test').find((message) => /^Invitation:/.test(message.parsed.subject ?? ''))!;
    expect(invitation.parsed.subject).toContain('13:15 (Europe/London)');
    expect(invitation.raw.toString()).toMatch(/method=REQUEST/i);
    expect(invitation.parsed.attachments.find((part) => part.filename === 'invite.ics')?.content.toString()).toContain('pat1@acme1.test');
    // In the prospect's thread: it answers the first email.
    const firstSent = await stack.db.outbox.findOne({ workspaceId: WS, prospectId: 1, step: 1 }).lean();
    expect(invitation.parsed.inReplyTo).toBe(firstSent!.messageId);
    const state = await stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(WS, 1)).query('state');
    expect(state).toMatchObject({ status: 'stopped' });
    const meetings = await api('GET', '/api/meetings');
    expect(meetings.body.filter((meeting: { prospectId: number }) => meeting.prospectId === 1)).toHaveLength(1);
    // Another time for the same reply is refused; the same one is answered again, with no second invitation.
    expect((await api('POST', `/api/inbox/${id}/book`, { scheduledAt: proposed.plus({ hours: 1 }).toUTC().toISO() })).status).toBe(409);
    expect((await api('POST', `/api/inbox/${id}/book`, { scheduledAt })).status).toBe(200);
    const thread = await api('GET', `/api/inbox/${id}`);
    expect(thread.body.thread.filter((entry: { label?: string }) => entry.label === 'Meeting invitation')).toHaveLength(1);
  });

  it('refuses a time meeting booking cannot take, saying why, and books nothing', async () => {
    const id = await replied(2, 'Interested. Can we talk?');
    const sunday = proposed.plus({ weeks: 1 }).set({ weekday: 7 }).toUTC().toISO();
    const answer = await api('POST', `/api/inbox/${id}/book`, { scheduledAt: sunday });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/not a working day/);
    expect((await api('GET', `/api/inbox/${id}`)).body.message).toMatchObject({ status: 'open', meetingId: null });
  });

  it('answers through the mailbox in the prospect’s thread, and marks the message replied', async () => {
    const id = (await api('GET', '/api/inbox?prospectId=2&status=all')).body.items[0].id as string;
    const answer = await api('POST', `/api/inbox/${id}/reply`, { body: 'Happy to. Does Thursday morning suit you?' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toMatchObject({ status: 'done', resolution: 'replied' });
    await expect
      .poll(() =>
        receivedBy('pat2@acme2.test').some(
          (message) =>
            message.parsed.subject === 'Re: Re: Step 1' ||
            (message.parsed.subject === 'Re: Step 1' && /Thursday morning/.test(message.parsed.text ?? '')),
        ),
      )
      .toBe(true);
    const sent = receivedBy('pat2@acme2.test').find((message) => /Thursday morning/.test(message.parsed.text ?? ''))!;
    expect(sent.parsed.subject).toBe('Re: Step 1');
    const firstSent = await stack.db.outbox.findOne({ workspaceId: WS, prospectId: 2, step: 1 }).lean();
    expect(sent.parsed.inReplyTo).toBe(firstSent!.messageId);
    // A person's answer is no outreach: it is not counted among the emails sent.
    const row = await stack.db.outbox.findOne({ workspaceId: WS, prospectId: 2, step: answer.body.step }).lean();
    expect(row).toMatchObject({ template: 'inbox-reply', status: 'sent' });
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, prospectId: '2', type: 'sent' })).toBe(1);
    expect((await api('POST', `/api/inbox/${id}/reply`, { body: '   ' })).status).toBe(400);
  });

  it('marks not interested (the sequence stops) and suppresses (the address is on the list, nothing more is sent)', async () => {
    const notNow = await replied(3, 'Thanks, we will get back to you when the budget is approved.');
    const stopped = await api('POST', `/api/inbox/${notNow}/not-interested`);
    expect(stopped.body.message).toMatchObject({ status: 'done', resolution: 'not-interested' });
    await expect
      .poll(
        async () =>
          ((await stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(WS, 3)).query('state')) as { status: string }).status,
      )
      .toBe('stopped');

    const other = await replied(4, 'Who gave you my address? Not interested.');
    expect((await api('POST', `/api/inbox/${other}/suppress`)).body.message).toMatchObject({ status: 'done', resolution: 'suppressed' });
    expect(await stack.db.suppressions.countDocuments({ workspaceId: WS, email: 'pat4@acme4.test' })).toBe(1);
    const refused = await api('POST', `/api/inbox/${other}/reply`, { body: 'Sorry about that.' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/suppression list/);
  });

  it('lists open ones by default and done ones on request, newest first', async () => {
    const open = await api('GET', '/api/inbox');
    expect(open.body.items.every((item: { status: string }) => item.status === 'open')).toBe(true);
    const done = await api('GET', '/api/inbox?status=done');
    expect(done.body.items.map((item: { resolution: string }) => item.resolution).sort()).toEqual([
      'booked',
      'not-interested',
      'replied',
      'suppressed',
    ]);
    const all = await api('GET', '/api/inbox?status=all');
    const times = all.body.items.map((item: { receivedAt: string }) => item.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.body.total).toBe(4);
    expect((await api('GET', '/api/inbox?status=later')).status).toBe(400);
  });

  it('never shows or acts on another workspace’s messages', async () => {
    const id = (await api('GET', '/api/inbox?prospectId=1&status=all')).body.items[0].id as string;
    expect((await api('GET', '/api/inbox', undefined, OTHER)).body).toEqual({ items: [], total: 0, open: 0 });
    expect((await api('GET', `/api/inbox/${id}`, undefined, OTHER)).status).toBe(404);
    for (const action of ['not-interested', 'suppress', 'archive'])
      expect((await api('POST', `/api/inbox/${id}/${action}`, undefined, OTHER)).status).toBe(404);
    expect((await api('POST', `/api/inbox/${id}/reply`, { body: 'Hi' }, OTHER)).status).toBe(404);
    expect((await api('POST', `/api/inbox/${id}/book`, { scheduledAt: proposed.toUTC().toISO() }, OTHER)).status).toBe(404);
    expect((await api('GET', '/api/inbox/not-an-id')).status).toBe(400);
  });
});
