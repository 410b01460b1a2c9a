import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../../../../dev/testing/return-date.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { unsubscribeToken } from '../sending/unsubscribe-token.ts';
import { inboundSecret } from './inbound-key.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import {
  configureSending,
  connectSinkMailbox,
  deliveryFailureReport,
  enrolProspect,
  morningZone,
} from '../../../../dev/testing/sending.ts';
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

/** A call to the product's API as a signed-in member of the workspace (the test app's principal). */
async function api(method: string, path: string, workspace = WS) {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`, {
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The unsubscribe link in the email the prospect received (the footer's, as a person clicks it), on this test server. */
function unsubscribeLinkTo(email: string) {
  const received = sink.messages.filter((message) => message.to.includes(email));
  const [, token] = /\/api\/unsubscribe\/([^\s>]+)/.exec(String(received[0]?.parsed.text)) ?? [];
  expect(token, `the unsubscribe link in the email to ${email}`).toBeDefined();
  return { token: token!, url: `${server.url}/api/unsubscribe/${token}` };
}

const enrol = (workspace: string, id: number, email: string, sequence: typeof steps) =>
  enrolProspect(stack, workspace, id, email, sequence);

/** A prospect whose sequence is running and whose first email has been sent: its Message-ID. */
/** Enrols the prospect (when given an address) and answers its first email's Message-ID once it is sent. */
async function sentTo(workspace: string, id: number, email?: string, sequence = steps) {
  if (email) await enrol(workspace, id, email, sequence);
  await expect
    .poll(async () => (await stack.db.outbox.findOne({ workspaceId: workspace, prospectId: id, step: 1 }).lean())?.status, {
      timeout: 20_000,
    })
    .toBe('sent');
  // The outbox says sent as the send ends; the sequence hears it once the activity's answer reaches it.
  await expect.poll(async () => (await state(workspace, id)).sentSteps, { timeout: 20_000 }).toContain(1);
  return (await stack.db.outbox.findOne({ workspaceId: workspace, prospectId: id, step: 1 }).lean())!.messageId!;
}
const state = (workspace: string, id: number) =>
  stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(workspace, id)).query('state') as Promise<Record<string, any>>;

/** A reply from `from`, in the thread of `inReplyTo` (null: in none), with `extra` headers. */
const reply = (from: string, inReplyTo: string | null, text: string, extra = '') =>
  [
    `From: Pat <${from}>`,
    'To: Alex Morgan <alex@brightline.test>',
    'Subject: Re: Step 1',
    'Date: Wed, 25 Nov 2026 10:00:00 +0000',
    `Message-ID: <reply-${Math.random().toString(36).slice(2)}@acme.test>`,
    inReplyTo ? `In-Reply-To: ${inReplyTo}` : '',
    inReplyTo ? `References: ${inReplyTo}` : '',
    extra,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
    'On Tue, 24 Nov 2026 at 09:00, Alex Morgan <alex@brightline.test> wrote:',
    '> Hello there.',
  ]
    .filter((line, index) => line !== '' || index > 7)
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
        `I am out of the office until ${daysFromToday(7).american} with limited access to email.`,
        'Auto-Submitted: auto-replied',
      ),
    );
    expect(answer.body.handled.classification.category).toBe('out-of-office');
    await expect.poll(async () => (await state(WS, 2)).status).toBe('paused');
    expect((await state(WS, 2)).pausedUntil).toMatch(new RegExp(`^${daysFromToday(7).iso}`));
  });

  it('a hard bounce suppresses the address and stops the sequence; four in 100 sends pause the mailbox, and it sends nothing more', async () => {
    // One mailbox sends them one after another: wait for the hundredth (how fast is the bench's
    // business, not this test's), then read each first email's Message-ID.
    await Promise.all(Array.from({ length: 100 }, (_, i) => enrol(BOUNCES, 100 + i, `lead${i}@bounce${i}.test`, [steps[0]!, steps[1]!])));
    await expect
      .poll(() => stack.db.outbox.countDocuments({ workspaceId: BOUNCES, step: 1, status: 'sent' }), { timeout: 150_000 })
      .toBe(100);
    const ids = await Promise.all(Array.from({ length: 100 }, (_, i) => sentTo(BOUNCES, 100 + i)));
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
  }, 240_000);

  it('refuses a wrong secret (401) and a body that is not an email (400), and changes nothing', async () => {
    expect((await postInbound(reply('x@acme.test', '<a@b>', 'hi'), WS, 'wrong')).status).toBe(401);
    const garbage = await postInbound('just some words', WS);
    expect(garbage).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Not an email/) } });
  });
});

describe('replies that match by From alone are held for a person', () => {
  it("holds a reply in no thread of ours from the prospect's address: the sequence keeps running until a person confirms it", async () => {
    await sentTo(WS, 4, 'pat4@delta.test');
    const message = reply('pat4@delta.test', null, 'Sounds interesting, can you send me a few times next week?');
    const answer = await postInbound(message);
    expect(answer).toEqual({
      status: 200,
      body: { kind: 'reply', matched: false, from: 'pat4@delta.test', held: { id: expect.any(String), prospectId: 4 } },
    });
    // The same message again (a retried webhook, or IMAP reading it too) is held once.
    expect((await postInbound(message)).body.held.id).toBe(answer.body.held.id);
    // Nothing happened to the sequence or the counts.
    expect(await state(WS, 4)).toMatchObject({ status: 'active', sentSteps: [1] });
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'replied', prospectId: '4' })).toBe(0);

    // A reply naming a Message-ID we never sent is no thread of ours either.
    const elsewhere = await postInbound(reply('pat4@delta.test', '<not-ours@elsewhere.test>', 'Please remove me from your list.'));
    expect(elsewhere.body).toMatchObject({ matched: false, held: { prospectId: 4 } });
    expect((await state(WS, 4)).status).toBe('active');
    expect(await stack.db.suppressions.countDocuments({ workspaceId: WS, email: 'pat4@delta.test' })).toBe(0);

    // Where a person sees them: both held, newest first, with the prospect they came from.
    const held = await api('GET', '/api/replies/held?prospectId=4');
    expect(held.body).toMatchObject({
      total: 2,
      items: [
        { id: elsewhere.body.held.id, status: 'held', text: 'Please remove me from your list.' },
        {
          id: answer.body.held.id,
          prospectId: 4,
          prospect: { firstName: 'Pat', email: 'pat4@delta.test' },
          from: 'pat4@delta.test',
          fromName: 'Pat',
          subject: 'Re: Step 1',
          text: 'Sounds interesting, can you send me a few times next week?',
          status: 'held',
          decidedBy: null,
        },
      ],
    });

    // Dismissed, it never acts; confirmed, it is the reply it would have been in its thread.
    const dismissed = await api('POST', `/api/replies/held/${elsewhere.body.held.id}/dismiss`);
    expect(dismissed.body).toMatchObject({ status: 'dismissed', decidedBy: expect.any(String) });
    const confirmed = await api('POST', `/api/replies/held/${answer.body.held.id}/confirm`);
    expect(confirmed).toMatchObject({
      status: 200,
      body: { reply: { status: 'confirmed' }, handled: { classification: { category: 'interested' }, sequence: { signal: 'reply' } } },
    });
    await expect.poll(async () => (await state(WS, 4)).status, { timeout: 15_000 }).toBe('stopped');
    expect((await state(WS, 4)).stopReason).toBe('reply: interested');
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'replied', prospectId: '4' })).toBe(1);
    expect(await stack.db.suppressions.countDocuments({ workspaceId: WS, email: 'pat4@delta.test' })).toBe(0);

    // Decided once: a second decision is a 409, an unknown id a 404, and neither acts.
    expect((await api('POST', `/api/replies/held/${answer.body.held.id}/confirm`)).status).toBe(409);
    expect((await api('POST', `/api/replies/held/${elsewhere.body.held.id}/confirm`)).status).toBe(409);
    expect((await api('POST', '/api/replies/held/0123456789abcdef01234567/dismiss')).status).toBe(404);
    expect((await api('GET', '/api/replies/held?prospectId=4')).body).toEqual({ items: [], total: 0 });
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'replied', prospectId: '4' })).toBe(1);
  });
});

describe('control characters in what a person would read are refused', () => {
  const encoded = (text: string) => `=?utf-8?b?${Buffer.from(text).toString('base64')}?=`;
  const withHeader = (name: string, value: string) =>
    reply('pat1@acme.test', null, 'Hello.').replace(new RegExp(`^${name}: .*$`, 'm'), `${name}: ${value}`);

  it('answers 400 naming the field, and holds or handles nothing', async () => {
    const cases: Array<[string, string]> = [
      [withHeader('Subject', encoded('Re: Step 1\u0007')), 'subject'],
      [withHeader('From', `${encoded('Pat\u001b[31m')} <pat1@acme.test>`), 'fromName'],
      [withHeader('From', `${encoded('Pat\u0085')} <pat1@acme.test>`), 'fromName'], // C1
      [withHeader('To', `"Alex" <alex\u0001@brightline.test>`), 'to'],
      [withHeader('From', 'Pat <pat1\u007f@acme.test>'), 'from'], // as sent: a mail parser would drop it silently
      [withHeader('Subject', 'Re: Step 1\u001b[2J'), 'subject'],
      [reply('pat1@acme.test', null, 'Hello\u0000 there.'), 'text'],
    ];
    const before = await stack.db.heldReplies.countDocuments({ workspaceId: WS });
    for (const [raw, field] of cases) {
      const answer = await postInbound(raw);
      expect([answer.status, answer.body.fields], field).toEqual([
        400,
        { [field]: expect.stringMatching(/^must not hold control characters/) },
      ]);
      expect(answer.body.error).toContain(field);
    }
    expect(await stack.db.heldReplies.countDocuments({ workspaceId: WS })).toBe(before);
    // Tabs and line breaks in the text are text.
    expect((await postInbound(reply('nobody@acme.test', null, 'Hello\tthere.\r\nBye.'))).status).toBe(200);
  });

  it('POST /api/replies refuses them too, naming the field', async () => {
    const post = (body: object) =>
      fetch(`${server.url}/api/replies?workspace=${WS}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ prospectId: 1, body: 'Hello.', ...body }),
      }).then(async (response) => [response.status, ((await response.json()) as { fields?: object }).fields]);
    expect(await post({ subject: 'Re: hi\u0008' })).toEqual([400, { subject: expect.stringMatching(/control characters/) }]);
    expect(await post({ from: 'pat\u0000@acme.test' })).toEqual([400, { from: expect.stringMatching(/control characters/) }]);
    expect(await post({ body: 'Hi\u001b[2J' })).toEqual([400, { body: expect.stringMatching(/control characters/) }]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('the link in the email is an opaque id; a POST to it suppresses the address and stops the sequence, once however often it is posted', async () => {
    await sentTo(WS, 3, 'pat3@other.test');
    const { token, url } = unsubscribeLinkTo('pat3@other.test');
    // Nothing in the link names the workspace, the prospect or the address.
    const decoded = Buffer.from(token, 'base64url');
    expect(decoded).toHaveLength(24);
    for (const readable of [token, decoded.toString('utf8'), decoded.toString('latin1')])
      for (const named of [WS, 'pat3', 'other.test']) expect(readable).not.toContain(named);

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

  it('answers a guessed, altered, cut or garbage link 404 (it names nothing), never a 400 for a token its document allows', async () => {
    await sentTo(WS, 5, 'pat5@echo.test');
    const { token } = unsubscribeLinkTo('pat5@echo.test');
    const legacy = unsubscribeToken(box, { workspaceId: WS, prospectId: 5, email: 'pat5@echo.test' });
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const bad of [
      altered,
      'A'.repeat(32),
      token.slice(0, -2),
      legacy.slice(0, -2),
      `${legacy.split('.')[0]}.forged`,
      'garbage',
      '0'.repeat(2_001),
    ]) {
      for (const method of ['POST', 'GET']) {
        const answer = await fetch(`${server.url}/api/unsubscribe/${bad}`, { method });
        expect([method, answer.status, await answer.text()]).toEqual([
          method,
          404,
          'This unsubscribe link is not valid (it may have been cut short when copied).',
        ]);
      }
    }
    expect(await stack.db.suppressions.countDocuments({ workspaceId: WS, email: 'pat5@echo.test' })).toBe(0);
    expect((await state(WS, 5)).status).toBe('active');
  });

  it('still honours the signed link of an email sent before links became opaque', async () => {
    await sentTo(WS, 6, 'pat6@foxtrot.test');
    const legacy = unsubscribeToken(box, { workspaceId: WS, prospectId: 6, email: 'pat6@foxtrot.test' });
    expect((await fetch(`${server.url}/api/unsubscribe/${legacy}`, { method: 'POST' })).status).toBe(200);
    await expect.poll(async () => (await state(WS, 6)).status).toBe('stopped');
    expect(await stack.db.suppressions.findOne({ workspaceId: WS, email: 'pat6@foxtrot.test' }).lean()).toMatchObject({
      reason: 'unsubscribed',
    });
  });
});
