import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../core/secrets-box.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { unsubscribeToken } from '../sending/unsubscribe-token.ts';
import { inboundSecret } from './inbound-key.ts';
import { serveProductApp } from '../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../dev/testing/pipeline-worker.ts';
import { configureSending, connectSinkMailbox, deliveryFailureReport, enrolProspect, morningZone } from '../../../dev/testing/sending.ts';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';

// A real Temporal dev server and worker (engagement analysis classifies the replies), the app over
// HTTP, and a real SMTP server on loopback that receives what the sequences send.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let sink: SmtpSink;
const box = secretsBox(randomBytes(32));
const WS = 'inbound';
const BOUNCES = 'inbound-bounces';

const steps = [0, 5, 10].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));

async function postInbound(raw: string, workspace = WS, secret?: string) {
  const response = await fetch(`${server.url}/api/inbound/email?workspace=${workspace}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'message/rfc822',
      'x-meetflow-inbound-secret': secret ?? (await inboundSecret(stack.db, box, workspace)),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const enrol = (workspace: string, id: number, email: string, sequence: typeof steps) =>
  enrolProspect(stack, workspace, id, email, sequence);

/** A prospect whose sequence is running and whose first email has been sent: its Message-ID. */
async function sentTo(workspace: string, id: number, email: string, sequence = steps) {
  await enrol(workspace, id, email, sequence);
  await expect
    .poll(async () => (await stack.db.outbox.findOne({ workspaceId: workspace, prospectId: id, step: 1 }).lean())?.status, {
      timeout: 20_000,
    })
    .toBe('sent');
  return (await stack.db.outbox.findOne({ workspaceId: workspace, prospectId: id, step: 1 }).lean())!.messageId!;
}
const state = (workspace: string, id: number) =>
  stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(workspace, id)).query('state') as Promise<Record<string, any>>;

const reply = (from: string, inReplyTo: string, text: string, extra = '') =>
  [
    `From: Pat <${from}>`,
    'To: Alex Morgan <alex@brightline.test>',
    'Subject: Re: Step 1',
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    `Message-ID: <reply-${Math.random().toString(36).slice(2)}@acme.test>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    extra,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
    'On Tue, 24 Nov 2026 at 09:00, Alex Morgan <alex@brightline.test> wrote:',
    '> Hello there.',
  ]
    .filter((line, index) => line !== '' || index > 6)
    .join('\r\n');

beforeAll(async () => {
  stack = await startTestPipelineWorker('inbound', [engagementAnalysisPlugin, emailSmtpChannel], {
    secrets: box,
    publicUrl: 'https://meetflow.example',
  });
  server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example' });
  sink = await startSmtpSink();
  for (const workspace of [WS, BOUNCES]) {
    await stack.db.workspaces.create({ slug: workspace, name: workspace });
    await configureSending(stack.db, workspace, {
      mode: 'autonomous',
      timeZone: morningZone(Date.now()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
      gapMinutes: { min: 0, max: 0 },
    });
    await connectSinkMailbox(stack.db, box, workspace, sink, { fromAddress: `alex@${workspace}.test`, dailyCap: 1000, warmedUp: true });
  }
}, 60_000);
afterAll(async () => {
  await server.close();
  await sink.close();
  await stack.stop();
});

describe('POST /api/inbound/email: replies and bounces come back into their sequences', () => {
  it('threads a reply by In-Reply-To (sent from another address), classifies it and stops the sequence', async () => {
    const messageId = await sentTo(WS, 1, 'pat1@acme.test');
    // Sent from another address than the prospect's: only the thread can tell whose reply it is.
    const answer = await postInbound(
      reply('pat.assistant@acme.test', messageId, 'Sounds interesting, can you send me a few times next week?'),
    );
    expect(answer).toMatchObject({
      status: 200,
      body: {
        kind: 'reply',
        matched: true,
        prospectId: 1,
        threadedBy: 'message-id',
        handled: { classification: { category: 'interested' } },
      },
    });
    await expect.poll(async () => (await state(WS, 1)).status).toBe('stopped');
    expect((await state(WS, 1)).stopReason).toBe('reply: interested');
  });

  it('pauses the sequence on an out-of-office reply until its return date', async () => {
    const messageId = await sentTo(WS, 2, 'pat2@acme.test');
    const answer = await postInbound(
      reply(
        'pat2@acme.test',
        messageId,
        'I am out of the office until December 7, 2026 with limited access to email.',
        'Auto-Submitted: auto-replied',
      ),
    );
    expect(answer.body.handled.classification.category).toBe('out-of-office');
    await expect.poll(async () => (await state(WS, 2)).status).toBe('paused');
    expect((await state(WS, 2)).pausedUntil).toMatch(/^2026-12-07/);
  });

  it('a hard bounce suppresses the address and stops the sequence; four in 100 sends pause the mailbox, and it sends nothing more', async () => {
    const ids = await Promise.all(
      Array.from({ length: 100 }, (_, i) => sentTo(BOUNCES, 100 + i, `lead${i}@bounce${i}.test`, [steps[0]!, steps[1]!])),
    );
    expect(sink.messages.filter((message) => message.to[0]!.endsWith('.test') && message.from === `alex@${BOUNCES}.test`)).toHaveLength(
      100,
    );
    for (const i of [0, 1, 2])
      expect((await postInbound(deliveryFailureReport(`lead${i}@bounce${i}.test`, ids[i]!), BOUNCES)).body).toMatchObject({
        kind: 'bounce',
        pausedMailboxes: [],
      });
    const fourth = await postInbound(deliveryFailureReport('lead3@bounce3.test', ids[3]!), BOUNCES);
    expect(fourth.body).toMatchObject({ kind: 'bounce', hardBounces: ['lead3@bounce3.test'], pausedMailboxes: [expect.any(String)] });

    const mailbox = await stack.db.mailboxes.findOne({ workspaceId: BOUNCES }).lean();
    expect(mailbox).toMatchObject({ status: 'paused', pausedReason: expect.stringMatching(/^4 of its last 100 emails bounced/) });
    expect(await stack.db.suppressions.findOne({ workspaceId: BOUNCES, email: 'lead0@bounce0.test' }).lean()).toMatchObject({
      reason: 'bounced',
    });
    await expect.poll(async () => (await state(BOUNCES, 100)).status).toBe('stopped');
    expect(await stack.db.activityEntries.countDocuments({ workspaceId: BOUNCES, title: /paused itself/ })).toBe(1);

    const before = sink.messages.length;
    await enrol(BOUNCES, 999, 'new@later.test', [steps[0]!]);
    await expect.poll(async () => (await state(BOUNCES, 999)).waitReason).toMatch(/^no active mailbox/);
    expect(sink.messages.length).toBe(before);
  }, 120_000);

  it('refuses a wrong secret (401) and a body that is not an email (400), and changes nothing', async () => {
    expect((await postInbound(reply('x@acme.test', '<a@b>', 'hi'), WS, 'wrong')).status).toBe(401);
    const garbage = await postInbound('just some words', WS);
    expect(garbage).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Not an email/) } });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a POST to the signed link suppresses the address and stops the sequence, once however often it is posted', async () => {
    await sentTo(WS, 3, 'pat3@other.test');
    const url = `${server.url}/api/unsubscribe/${unsubscribeToken(box, { workspaceId: WS, prospectId: 3, email: 'pat3@other.test' })}`;
    const page = await fetch(url);
    expect(await page.text()).toContain('<button type="submit"');
    for (let i = 0; i < 2; i++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
    }
    await expect.poll(async () => (await state(WS, 3)).status).toBe('stopped');
    expect((await state(WS, 3)).stopReason).toBe('unsubscribed');
    expect(await stack.db.suppressions.findOne({ workspaceId: WS, email: 'pat3@other.test' }).lean()).toMatchObject({
      reason: 'unsubscribed',
    });
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'unsubscribed' })).toBe(1);
    expect(await (await fetch(url)).text()).toContain('You are unsubscribed');
  });

  it('answers a forged, cut or garbage link 404 (it names nothing), never a 400 for a token its document allows', async () => {
    const token = unsubscribeToken(box, { workspaceId: WS, prospectId: 3, email: 'pat3@other.test' });
    for (const bad of [token.slice(0, -2), `${token.split('.')[0]}.forged`, 'garbage', '0'.repeat(2_001)]) {
      for (const method of ['POST', 'GET']) {
        const answer = await fetch(`${server.url}/api/unsubscribe/${bad}`, { method });
        expect([method, answer.status, await answer.text()]).toEqual([
          method,
          404,
          'This unsubscribe link is not valid (it may have been cut short when copied).',
        ]);
      }
    }
  });
});
