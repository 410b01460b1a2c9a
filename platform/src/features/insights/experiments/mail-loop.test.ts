import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestMailServer, type TestMailServer } from '../../../../dev/testing/mail-server.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { enrolProspect, sendFromMailServer } from '../../../../dev/testing/sending.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import type { ExperimentView } from './api-schemas.ts';
import { createDecideActivity, DECIDE_ACTIVITY } from './decide.ts';

// Issue #33's loop on real servers: a campaign with a running experiment, the send-time decision
// for its prospect, the first email written with the chosen template and sent through GreenMail's
// SMTP, the prospect's reply delivered to the mailbox on GreenMail and read back over IMAP (Check
// replies now), classified by engagement analysis — and the experiment's counts move by its reward.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let mail: TestMailServer;
let mailboxId: string;
const box = secretsBox(randomBytes(32));
const WS = 'experiment-mail';
const SENDER = 'alex@brightline.test';

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${WS}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

beforeAll(async () => {
  stack = await startTestPipelineWorker(
    'experiment-mail',
    [engagementAnalysisPlugin, meetingBookingPlugin, emailSmtpChannel, outreachPlugin],
    {
      secrets: box,
      publicUrl: 'https://meetflow.example',
    },
  );
  server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example' });
  mail = await startTestMailServer();
  await stack.db.workspaces.create({ slug: WS, name: WS });
  mailboxId = await sendFromMailServer(stack.db, box, WS, mail, SENDER);
  await stack.db.campaigns.create({ workspaceId: WS, id: 1, name: 'Winter', status: 'active', prospectIds: [1] });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await mail?.close();
  await stack?.stop();
});

describe('an experiment learns from a reply that arrives by mail', () => {
  it("the campaign's prospect gets an arm, its email is sent, the interested reply is read over IMAP, and the arm is rewarded", async () => {
    const started = await api('POST', '/api/experiments', {
      name: 'Winter opener',
      decisionPoint: 'first-email-template',
      arms: [{ value: 'roi-focused' }, { value: 'pain-point' }, { value: 'value-prop' }],
      population: { kind: 'campaign', campaignId: 1 },
    });
    expect(started.status).toBe(201);
    const experiment = started.body as ExperimentView;

    // The send-time decision, as the prospect pipeline's step makes it; the first email is written with that template.
    const decision = (await createDecideActivity(stack.db)[DECIDE_ACTIVITY]!({ prospectId: 1 }, { run: systemRunContext(WS, 'test') })) as {
      arm: string;
      template: string;
    };
    const counts = async () => {
      const { body } = await api('GET', `/api/experiments/${experiment.id}`);
      return Object.fromEntries((body as ExperimentView).arms.map((arm) => [arm.id, [arm.trials, arm.successes]]));
    };
    // Decided, not yet sent: no trial yet.
    expect(await counts()).toEqual({ 'roi-focused': [0, 0], 'pain-point': [0, 0], 'value-prop': [0, 0] });
    const email = 'pat@winter.test';
    await enrolProspect(stack, WS, 1, email, [
      { step: 1, dayOffset: 0, template: decision.template, subject: `Winter, ${decision.template}`, body: 'Hello there.' },
    ]);
    await expect.poll(async () => (await mail.inbox(email)).length, { timeout: 20_000 }).toBe(1);
    const sent = await simpleParser((await mail.inbox(email))[0]!);
    expect(await stack.db.outcomeEvents.findOne({ workspaceId: WS, type: 'sent', prospectId: '1' }).lean()).toMatchObject({
      template: decision.template,
    });

    // Sent: the outbox's send counted the decision's trial.
    await expect.poll(async () => (await counts())[decision.arm]).toEqual([1, 0]);
    const before = await counts();
    expect(before[decision.arm]).toEqual([1, 0]);

    await mail.send({
      from: email,
      to: SENDER,
      subject: `Re: ${sent.subject}`,
      inReplyTo: sent.messageId,
      references: sent.messageId,
      text: `Sounds interesting, can you send me a few times next week?\n\nOn Tue, 24 Nov 2026, Alex Morgan <${SENDER}> wrote:\n> Hello there.`,
    });
    await expect.poll(async () => (await mail.inbox(SENDER)).length, { timeout: 10_000 }).toBe(1);
    expect((await api('POST', `/api/mailboxes/${mailboxId}/check-inbox`)).body).toMatchObject({ ok: true, replies: 1 });

    // The chosen arm earned a positive reply's reward; no other arm moved.
    const after = await counts();
    expect(after[decision.arm]).toEqual([1, 0.75]);
    for (const arm of Object.keys(before)) if (arm !== decision.arm) expect(after[arm]).toEqual(before[arm]);
    // Read again, nothing is counted twice.
    expect((await api('POST', `/api/mailboxes/${mailboxId}/check-inbox`)).body).toMatchObject({ ok: true, read: 0 });
    expect(await counts()).toEqual(after);
  }, 90_000);
});
