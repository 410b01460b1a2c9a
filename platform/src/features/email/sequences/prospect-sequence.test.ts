import { randomBytes, randomUUID } from 'node:crypto';
import { createSequenceActivities } from './activities.ts';
import type { Models } from '../../models.ts';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controlSignal,
  prospectSequence,
  replySignal,
  sequenceStateQuery,
  unsubscribeSignal,
  type ProspectSequenceInput,
} from '@meetflow/workflows';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { startSequenceTestbed, type SequenceTestbed } from '../../../../dev/testing/sequence-testbed.ts';
import { secretsBox } from '../../../core/secrets-box.ts';

quietTemporalRuntime(); // expected failures below would otherwise print the SDK's warnings

let env: TestWorkflowEnvironment;
let db: Models;
const box = secretsBox(randomBytes(32));
const taskQueue = 'sequences';
const workspaceId = 'ws-sequences';

const steps = [3, 8, 15].map((dayOffset, index) => ({
  step: index + 1,
  dayOffset,
  subject: `Step ${index + 1}`,
  body: `Body ${index + 1}`,
}));
function enrol(prospectId: number, email = `prospect${prospectId}@example.com`): ProspectSequenceInput {
  return { workspaceId, sequenceId: `seq-${prospectId}`, prospectId, email, steps };
}
const start = (input: ProspectSequenceInput) =>
  env.client.workflow.start(prospectSequence, { taskQueue, workflowId: `sequence-${randomUUID()}`, args: [input] });
/** The steps the prospect was sent. */
const outboxSteps = async (prospectId: number) =>
  (await db.outbox.find({ workspaceId, prospectId, status: 'sent' }).sort({ step: 1 }).lean()).map((message) => message.step);

let bed: SequenceTestbed;
beforeAll(async () => {
  bed = await startSequenceTestbed('sequences', taskQueue, { secrets: box, publicUrl: 'https://meetflow.example' });
  ({ env, db } = bed);
  // Sent as soon as due: autonomous, every day of the week, no gap, a mailbox on a real SMTP server.
  await configureSending(db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(await env.currentTimeMs()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
  });
  await connectSinkMailbox(db, box, workspaceId, bed.sink, { dailyCap: 1000, warmedUp: true, addedAt: await env.currentTimeMs() });
});
afterAll(() => bed.stop());

describe('the per-prospect sequence (time-skipping server)', () => {
  it('sends exactly three emails over the 3/5/7-day cadence', async () => {
    const handle = await start(enrol(1));
    const result = await handle.result();
    expect(result).toMatchObject({ status: 'completed', sentSteps: [1, 2, 3] });
    expect(await outboxSteps(1)).toEqual([1, 2, 3]);
    const history = await handle.fetchHistory();
    const timers = history.events?.filter((event) => event.timerStartedEventAttributes) ?? [];
    // The waits between sends, in days: anchored to enrolment, so each is shortened by the seconds the send took.
    const days = timers.map((event) => Number(event.timerStartedEventAttributes!.startToFireTimeout!.seconds) / 86_400);
    expect(days.map((value) => Math.round(value * 100) / 100)).toEqual([3, 5, 7]);
  });

  it('stops on a reply and reports its state', async () => {
    const handle = await start(enrol(2));
    await env.sleep('4 days');
    expect(await handle.query(sequenceStateQuery)).toMatchObject({ status: 'active', sentSteps: [1], nextStep: 2 });
    await handle.signal(replySignal, { category: 'interested', action: 'stop' });
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'reply: interested', sentSteps: [1] });
    expect(await outboxSteps(2)).toEqual([1]);
  });

  it('pauses until an out-of-office return date, then carries on', async () => {
    const handle = await start(enrol(3));
    await env.sleep('4 days');
    const returnDate = new Date((await env.currentTimeMs()) + 20 * 86_400_000).toISOString();
    await handle.signal(replySignal, { category: 'out-of-office', action: 'pause', returnDate });
    expect(await handle.query(sequenceStateQuery)).toMatchObject({ status: 'paused', pausedUntil: returnDate, nextSendAt: returnDate });
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1, 2, 3] });
  });

  it('stops on unsubscribe and suppresses the address for every later sequence', async () => {
    const handle = await start(enrol(4, 'Leaving@Example.com'));
    await env.sleep('4 days');
    await handle.signal(unsubscribeSignal, { reason: 'asked to be removed' });
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'unsubscribed', sentSteps: [1] });
    expect(await db.suppressions.findOne({ workspaceId, email: 'leaving@example.com' }).lean()).toMatchObject({
      reason: 'asked to be removed',
    });

    const again = await (await start(enrol(5, 'leaving@example.com'))).result();
    expect(again).toMatchObject({ status: 'stopped', stopReason: 'suppressed: asked to be removed', sentSteps: [] });
    expect(await outboxSteps(5)).toEqual([]);
  });

  it('holds while a user pauses it, moving the later steps by the time held, then resumes', async () => {
    const handle = await start(enrol(7));
    await env.sleep('4 days'); // step 1 went out on day 3; step 2 is due on day 8
    await handle.signal(controlSignal, { action: 'pause' });
    expect(await handle.query(sequenceStateQuery)).toMatchObject({
      status: 'paused',
      pausedByUser: true,
      nextStep: 2,
      nextSendAt: null,
      sentSteps: [1],
    });
    await env.sleep('30 days'); // held: nothing is sent, however long
    expect(await outboxSteps(7)).toEqual([1]);
    const resumedAt = await env.currentTimeMs();
    await handle.signal(controlSignal, { action: 'resume' });
    const resumed = await handle.query(sequenceStateQuery);
    expect(resumed).toMatchObject({ status: 'active', pausedByUser: false, nextStep: 2 });
    // Step 2 was 4 days away when paused (day 8 − day 4): it stays about 4 days away, not overdue.
    const daysAway = (Date.parse(resumed.nextSendAt!) - resumedAt) / 86_400_000;
    expect(daysAway).toBeGreaterThan(3.9);
    expect(daysAway).toBeLessThan(4.1);
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1, 2, 3] });
  });

  it("sends the next step at once when a user asks, keeping the later steps' spacing", async () => {
    const handle = await start(enrol(9));
    await env.sleep('1 day'); // step 1 is due on day 3, step 2 on day 8
    const askedAt = await env.currentTimeMs();
    await handle.signal(controlSignal, { action: 'send-now' });
    await expect.poll(async () => (await handle.query(sequenceStateQuery)).sentSteps).toEqual([1]);
    expect(await outboxSteps(9)).toEqual([1]);
    // Step 2 stays 5 days after step 1, which went out two days early.
    const { nextStep, nextSendAt } = await handle.query(sequenceStateQuery);
    expect(nextStep).toBe(2);
    const daysAway = (Date.parse(nextSendAt!) - askedAt) / 86_400_000;
    expect(daysAway).toBeGreaterThan(4.9);
    expect(daysAway).toBeLessThan(5.1);
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1, 2, 3] });
  });

  it('stops for good when a user stops it, and ignores a later resume', async () => {
    const handle = await start(enrol(8));
    await env.sleep('4 days');
    await handle.signal(controlSignal, { action: 'stop' });
    await handle.signal(controlSignal, { action: 'resume' }).catch(() => undefined); // the run may already have ended
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'stopped by user', sentSteps: [1], pausedByUser: false });
    expect(await outboxSteps(8)).toEqual([1]);
  });

  it('queues a step once however often it is retried', async () => {
    const { queueStep } = createSequenceActivities({ db, secrets: box, publicUrl: 'https://meetflow.example' });
    const step = { workspaceId, sequenceId: 'seq-6', prospectId: 6, email: 'six@example.com', step: 1, subject: 's', body: 'b' };
    const outcomes = await Promise.all([queueStep(step), queueStep(step), queueStep(step)]);
    expect(outcomes).toEqual([{ outcome: 'queued' }, { outcome: 'queued' }, { outcome: 'queued' }]);
    expect(await db.outbox.countDocuments({ workspaceId, prospectId: 6 })).toBe(1);
    // Queued is not sent: only a send is an outcome event for learning and the dashboard.
    expect(await db.outcomeEvents.countDocuments({ workspaceId, type: 'sent', prospectId: '6' })).toBe(0);
  });

  it('counts each email the mailbox sent once, in the events and the dashboard rollup', async () => {
    expect(await db.outcomeEvents.countDocuments({ workspaceId, type: 'sent', prospectId: '1' })).toBe(3);
    const sentEvents = await db.outcomeEvents.countDocuments({ workspaceId, type: 'sent' });
    expect(sentEvents).toBe(await db.outbox.countDocuments({ workspaceId, status: 'sent' }));
    expect(await db.dashboardRollups.findOne({ workspaceId, period: 'total' }).lean()).toMatchObject({ sends: sentEvents });
  });
});
