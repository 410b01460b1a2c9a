import { randomBytes } from 'node:crypto';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../../core/secrets-box.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { sendOneOff, type OneOffEmail } from './one-off.ts';

// One-off emails with and without an idempotency key, over a real Temporal dev server and worker
// (the send workflow and its guarded send) and a real SMTP server on loopback. Workspaces W and V
// use the same keys for their own emails.
let stack: TestPipelineWorker;
let sink: SmtpSink;
const box = secretsBox(randomBytes(32));
const W = 'one-off-w';
const V = 'one-off-v';

const deps = () => ({ db: stack.db, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue });
const address = (prospectId: number) => `sam${prospectId}@acme${prospectId}.test`;
const reply = (prospectId: number, key?: string): OneOffEmail => ({
  template: 'inbox-reply',
  email: address(prospectId),
  subject: 'Re: Tuesday',
  body: 'Tuesday at ten works for me.',
  ...(key === undefined ? {} : { key }),
});
const received = (prospectId: number) => sink.messages.filter((message) => message.to.includes(address(prospectId))).length;
const rowsOf = (workspaceId: string, prospectId: number) =>
  stack.db.outbox.find({ workspaceId, prospectId }).sort({ step: 1 }).lean<Array<{ step: number; status: string; oneOffKey?: string }>>();

beforeAll(async () => {
  stack = await startTestPipelineWorker('one-off', [emailSmtpChannel], { secrets: box });
  sink = await startSmtpSink();
  for (const workspace of [W, V]) {
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
  await sink?.close();
  await stack?.stop();
});

describe('sendOneOff: an optional idempotency key per workspace', () => {
  it('two racing sends with one key queue one email and both answer its step; a later repeat too; it is sent once', async () => {
    const steps = await Promise.all([0, 1].map(() => sendOneOff(deps(), W, 1, reply(1, 'meeting-cancelled:m1'))));
    expect(steps).toEqual([200, 200]);
    expect(await sendOneOff(deps(), W, 1, reply(1, 'meeting-cancelled:m1'))).toBe(200);
    expect((await rowsOf(W, 1)).map((row) => [row.step, row.oneOffKey])).toEqual([[200, `${W}:meeting-cancelled:m1`]]);
    await expect.poll(async () => (await rowsOf(W, 1))[0]!.status, { timeout: 20_000 }).toBe('sent');
    // Repeated once it has gone: answered, nothing queued or sent again.
    expect(await sendOneOff(deps(), W, 1, reply(1, 'meeting-cancelled:m1'))).toBe(200);
    expect(await rowsOf(W, 1)).toHaveLength(1);
    expect(received(1)).toBe(1);
  });

  it("another key is another email; the same key in another workspace is that workspace's own", async () => {
    expect(await sendOneOff(deps(), W, 1, reply(1, 'meeting-cancelled:m2'))).toBe(201);
    expect(await sendOneOff(deps(), V, 1, reply(1, 'meeting-cancelled:m1'))).toBe(200);
    expect((await rowsOf(W, 1)).map((row) => row.oneOffKey)).toEqual([`${W}:meeting-cancelled:m1`, `${W}:meeting-cancelled:m2`]);
    expect((await rowsOf(V, 1)).map((row) => row.oneOffKey)).toEqual([`${V}:meeting-cancelled:m1`]);
    await expect.poll(() => received(1), { timeout: 20_000 }).toBe(3);
  });

  it('without a key every call queues its own email, as before, and the rows carry no key', async () => {
    expect(await sendOneOff(deps(), W, 2, reply(2))).toBe(200);
    expect(await sendOneOff(deps(), W, 2, reply(2))).toBe(201);
    const rows = await rowsOf(W, 2);
    expect(rows.map((row) => [row.step, 'oneOffKey' in row])).toEqual([
      [200, false],
      [201, false],
    ]);
    await expect.poll(() => received(2), { timeout: 20_000 }).toBe(2);
  });

  it('a send stopped between queueing its email and starting it: the repeat with its key starts it', async () => {
    // What a keyed send writes before it starts the send workflow, and nothing after (the process killed).
    const row = (step: number) => ({
      workspaceId: W,
      sequenceId: sequenceWorkflowId(W, 3),
      prospectId: 3,
      campaignId: null,
      step,
      email: address(3),
      subject: 'Re: Tuesday',
      body: 'Tuesday at ten works for me.',
      factIds: [],
      template: 'inbox-reply',
      status: 'queued' as const,
      calendar: null,
      oneOffKey: `${W}:reply:3`,
    });
    await stack.db.outbox.create(row(200));
    // The index itself holds one row per key, whatever step another writer picked.
    await expect(stack.db.outbox.create(row(201))).rejects.toMatchObject({ code: 11000 });
    expect(await sendOneOff(deps(), W, 3, reply(3, 'reply:3'))).toBe(200);
    await expect.poll(() => received(3), { timeout: 20_000 }).toBe(1);
    expect(await rowsOf(W, 3)).toHaveLength(1);
  });

  it("a key is one prospect's email: reusing it for another prospect is refused, and queues nothing", async () => {
    await expect(sendOneOff(deps(), W, 4, reply(4, 'meeting-cancelled:m1'))).rejects.toThrow(/queued an email to prospect 1, not 4/);
    await expect(sendOneOff(deps(), W, 4, reply(4, ' '))).rejects.toThrow(/key is empty/);
    expect(await rowsOf(W, 4)).toHaveLength(0);
  });
});
