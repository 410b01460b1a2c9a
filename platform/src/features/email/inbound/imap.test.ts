import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../../../../dev/testing/return-date.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createMailbox } from '../mailboxes/mailboxes.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { inboxPollingId } from './polling.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestMailServer, type TestMailServer } from '../../../../dev/testing/mail-server.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { deliveryFailureReport, enrolProspect, sendFromMailServer } from '../../../../dev/testing/sending.ts';

// The whole loop on real servers: a sequence sends through GreenMail's SMTP, the prospect's reply
// is delivered to the mailbox on GreenMail, and Meetflow reads it back over IMAP (imapflow) into the
// sequence — by Check replies now and by the polling workflow on the real Temporal dev server.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let mail: TestMailServer;
let mailboxId: string;
const box = secretsBox(randomBytes(32));
const WS = 'imap';
const SENDER = 'alex@brightline.test';
const steps = [0, 5].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${WS}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const checkNow = () => api('POST', `/api/mailboxes/${mailboxId}/check-inbox`);
const state = (id: number) =>
  stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(WS, id)).query('state') as Promise<Record<string, any>>;

/** Enrols a prospect and waits until step 1 has been sent: the message as it arrived in the prospect's inbox. */
async function delivered(id: number, email: string) {
  await enrolProspect(stack, WS, id, email, steps);
  await expect.poll(async () => (await mail.inbox(email)).length, { timeout: 20_000 }).toBe(1);
  return simpleParser((await mail.inbox(email))[0]!);
}

/** Delivers to the sender's INBOX and waits until the message is there to read (the server stores it after accepting it). */
async function deliverToSender(message: Parameters<TestMailServer['send']>[0]) {
  const before = (await mail.inbox(SENDER)).length;
  await mail.send(message);
  await expect.poll(async () => (await mail.inbox(SENDER)).length, { timeout: 10_000 }).toBe(before + 1);
}

/** The prospect answers in the thread of `original`, through the mail server. */
const answer = (from: string, original: { messageId?: string; subject?: string }, text: string, headers: Record<string, string> = {}) =>
  deliverToSender({
    from,
    to: SENDER,
    subject: `Re: ${original.subject}`,
    inReplyTo: original.messageId,
    references: original.messageId,
    headers,
    text: `${text}\n\nOn Tue, 24 Nov 2026, Alex Morgan <${SENDER}> wrote:\n> Hello there.`,
  });

beforeAll(async () => {
  stack = await startTestPipelineWorker('imap', [engagementAnalysisPlugin, meetingBookingPlugin, emailSmtpChannel], {
    secrets: box,
    publicUrl: 'https://meetflow.example',
  });
  server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example', imapPollSeconds: 1 });
  mail = await startTestMailServer();
  await stack.db.workspaces.create({ slug: WS, name: WS });
  mailboxId = await sendFromMailServer(stack.db, box, WS, mail, SENDER);
}, 90_000);
afterAll(async () => {
  await server.close();
  await mail.close();
  await stack.stop();
});

describe('replies read over IMAP', () => {
  it('Check replies now reads a threaded reply once: classified, counted, its sequence stopped, and meeting slots offered in its thread', async () => {
    const sent = await delivered(1, 'pat1@acme.test');
    expect(sent.headers.get('list')).toMatchObject({ 'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' } });
    // From another address than the prospect's: only the thread tells whose reply it is.
    await answer('pat.assistant@acme.test', sent, 'Sounds interesting, can you send me a few times next week?');

    expect((await checkNow()).body).toEqual({ ok: true, read: 1, replies: 1, bounces: 0, ignored: 0 });
    await expect.poll(async () => (await state(1)).status, { timeout: 20_000 }).toBe('stopped');
    expect((await state(1)).stopReason).toBe('reply: interested');
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'replied', prospectId: '1' })).toBe(1);

    // Interested: the next free slots go back to the prospect, in the thread of the first email.
    await expect.poll(async () => (await mail.inbox('pat1@acme.test')).length, { timeout: 20_000 }).toBe(2);
    const proposal = await simpleParser((await mail.inbox('pat1@acme.test'))[1]!);
    expect(proposal.subject).toBe('Re: Step 1');
    expect(proposal.inReplyTo).toBe(sent.messageId);
    expect(proposal.text).toMatch(/^Hi Pat,\n\nGlad to hear it\. Would one of these times work for a \d+-minute call\?/);
    expect(proposal.text!.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(3);
    await expect.poll(async () => (await state(1)).meetingProposal, { timeout: 20_000 }).toBe('sent');
    expect(await state(1)).toMatchObject({ status: 'stopped', nextStep: null, nextSendAt: null });

    // Read once: the next check finds nothing new, and the list shows how reading goes.
    expect((await checkNow()).body).toMatchObject({ ok: true, read: 0 });
    const listed = (await api('GET', '/api/mailboxes')).body as unknown as Array<Record<string, any>>;
    expect(listed[0]).toMatchObject({ imap: { port: mail.imapPort, tls: 'none' }, inbox: { lastError: null, received: 1 } });
  }, 60_000);

  it('reads a delivery failure report as a hard bounce, and ignores mail from strangers', async () => {
    const sent = await delivered(2, 'gone@bravo.test');
    await deliverToSender({
      envelope: { from: 'mailer-daemon@mx.acme.test', to: SENDER },
      raw: deliveryFailureReport('gone@bravo.test', sent.messageId!, SENDER),
    });
    await deliverToSender({ from: 'newsletter@elsewhere.test', to: SENDER, subject: 'Our news', text: 'Nothing to do with any prospect.' });

    expect((await checkNow()).body).toEqual({ ok: true, read: 2, replies: 0, bounces: 1, ignored: 1 });
    expect(await stack.db.suppressions.findOne({ workspaceId: WS, email: 'gone@bravo.test' }).lean()).toMatchObject({ reason: 'bounced' });
    await expect.poll(async () => (await state(2)).status, { timeout: 20_000 }).toBe('stopped');
  }, 60_000);

  it('the polling workflow reads an out-of-office reply by itself and pauses the sequence; it ends once no mailbox has IMAP', async () => {
    const sent = await delivered(3, 'pat3@charlie.test');
    // Saving the IMAP settings through the API starts the workspace's polling (every second here).
    expect(
      (await api('PATCH', `/api/mailboxes/${mailboxId}`, { imap: { host: mail.host, port: mail.imapPort, tls: 'none' } })).status,
    ).toBe(200);
    await answer('pat3@charlie.test', sent, `I am out of the office until ${daysFromToday(7).american} with limited access to email.`, {
      'Auto-Submitted': 'auto-replied',
    });
    await expect.poll(async () => (await state(3)).status, { timeout: 20_000 }).toBe('paused');
    expect((await state(3)).pausedUntil).toMatch(new RegExp(`^${daysFromToday(7).iso}`));

    expect((await api('PATCH', `/api/mailboxes/${mailboxId}`, { imap: null })).body).toMatchObject({ imap: null, inbox: null });
    const polling = stack.runner.temporal.workflow.getHandle(inboxPollingId(WS));
    await expect.poll(async () => (await polling.describe()).status.name, { timeout: 20_000 }).toBe('COMPLETED');
    expect((await checkNow()).status).toBe(409);
  }, 60_000);

  it('a server that cannot be read is an answer saying why, kept on the mailbox', async () => {
    const closed = await createMailbox(stack.db, box, WS, {
      fromName: 'Nobody',
      fromAddress: 'nobody@brightline.test',
      smtp: { host: mail.host, port: mail.smtpPort, tls: 'none', user: 'nobody@brightline.test' },
      imap: { host: '127.0.0.1', port: 1, tls: 'none' },
      password: 'x',
    });
    const result = await api('POST', `/api/mailboxes/${closed.id}/check-inbox`);
    expect(result).toMatchObject({
      status: 200,
      body: { ok: false, error: 'connection refused' },
    });
    const listed = (await api('GET', '/api/mailboxes')).body as unknown as Array<Record<string, any>>;
    expect(listed.find((mailbox) => mailbox.id === closed.id)?.inbox.lastError).toBe('connection refused');
  }, 30_000);
});
