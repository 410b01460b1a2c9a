import { randomBytes } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSignal, memberStatesQuery, sequenceGroup, type SequenceGroupInput } from '@meetflow/workflows';
import type { Models } from '../../models.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { startSequenceTestbed, type SequenceTestbed } from '../../../../dev/testing/sequence-testbed.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { signalSequence, signalSequences } from './control.ts';

// A chunk's sequences in one `sequenceGroup` workflow, on the time-skipping server: each member
// runs the cadence a sequence alone runs (prospect-sequence.test.ts), takes its own signals, and
// its end is recorded in the sequence directory.

let env: TestWorkflowEnvironment;
let db: Models;
let bed: SequenceTestbed;
const box = secretsBox(randomBytes(32));
const taskQueue = 'sequence-group';
const workspaceId = 'ws-sequence-group';
const workflowId = `sequences-${workspaceId}-1-test`;
const DAY = 86_400_000;

const steps = [3, 8, 15].map((dayOffset, index) => ({
  step: index + 1,
  dayOffset,
  subject: `Step ${index + 1}`,
  body: `Body ${index + 1}`,
}));
const member = (prospectId: number, held = false) => ({
  workspaceId,
  sequenceId: `sequence-${workspaceId}-${prospectId}`,
  prospectId,
  email: `member${prospectId}@example.com`,
  steps,
  ...(held ? { held: true } : {}),
});
const sentSteps = async (prospectId: number) =>
  (await db.outbox.find({ workspaceId, prospectId, status: 'sent' }).sort({ step: 1 }).lean()).map((message) => message.step);

beforeAll(async () => {
  bed = await startSequenceTestbed('sequence-group', taskQueue, { secrets: box, publicUrl: 'https://meetflow.example' });
  ({ env, db } = bed);
  await configureSending(db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(await env.currentTimeMs()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
  });
  await connectSinkMailbox(db, box, workspaceId, bed.sink, { dailyCap: 1000, warmedUp: true, addedAt: await env.currentTimeMs() });
});
afterAll(() => bed.stop());

describe('a group of sequences (time-skipping server)', () => {
  it('runs each member its own cadence: one completes, one stops on a reply, one held then resumed, one unsubscribes', async () => {
    const enrolledAt = new Date(await env.currentTimeMs());
    await db.sequenceDirectory.insertMany([1, 2, 3, 4].map((prospectId) => ({ workspaceId, prospectId, workflowId, enrolledAt })));
    const input: SequenceGroupInput = { workspaceId, members: [member(1), member(2), member(3, true), member(4)] };
    const handle = await env.client.workflow.start(sequenceGroup, { taskQueue, workflowId, args: [input] });

    await env.sleep('2 days');
    expect(await handle.query(memberStatesQuery, [3])).toMatchObject({ 3: { status: 'paused', pausedByUser: true, nextSendAt: null } });
    await handle.signal(memberSignal, { prospectIds: [3], name: 'control', arg: { action: 'resume' } });
    const resumedAt = await env.currentTimeMs();

    await env.sleep('2 days'); // day 4: step 1 went to 1, 2 and 4 on day 3; 3's is two days later, as it was held two
    const states = await handle.query(memberStatesQuery, [1, 2, 3, 4, 99]);
    expect(Object.keys(states).sort()).toEqual(['1', '2', '3', '4']); // one that is not a member is left out
    expect(states).toMatchObject({
      1: { sentSteps: [1] },
      2: { sentSteps: [1] },
      3: { sentSteps: [], nextStep: 1 },
      4: { sentSteps: [1] },
    });
    const daysAway = (Date.parse(states[3]!.nextSendAt!) - resumedAt) / DAY;
    expect(daysAway).toBeGreaterThan(2.9);
    expect(daysAway).toBeLessThan(3.1);

    await handle.signal(memberSignal, { prospectIds: [2], name: 'reply', arg: { category: 'interested', action: 'stop' } });
    await handle.signal(memberSignal, { prospectIds: [4], name: 'unsubscribe', arg: { reason: 'asked to be removed' } });
    const { states: ended } = await handle.result();
    expect(ended).toMatchObject({
      1: { status: 'completed', sentSteps: [1, 2, 3] },
      2: { status: 'stopped', stopReason: 'reply: interested', sentSteps: [1] },
      3: { status: 'completed', sentSteps: [1, 2, 3] },
      4: { status: 'stopped', stopReason: 'unsubscribed', sentSteps: [1] },
    });
    expect(await Promise.all([1, 2, 3, 4].map(sentSteps))).toEqual([[1, 2, 3], [1], [1, 2, 3], [1]]);
    expect(await db.suppressions.findOne({ workspaceId, email: 'member4@example.com' }).lean()).toMatchObject({
      reason: 'asked to be removed',
    });
    // Every member's end is in the directory, and a finished group still answers its members' states.
    const entries = await db.sequenceDirectory.find({ workspaceId }).lean();
    expect(entries.map((entry) => entry.endedAt instanceof Date)).toEqual([true, true, true, true]);
    expect(await handle.query(memberStatesQuery, [2])).toMatchObject({ 2: { status: 'stopped' } });
  });

  it("marks only its own members' entries ended: an entry another workflow holds is left as it is", async () => {
    const enrolledAt = new Date(await env.currentTimeMs());
    const other = `sequences-${workspaceId}-9-other`;
    await db.sequenceDirectory.create({ workspaceId, prospectId: 9, workflowId: other, enrolledAt });
    const input: SequenceGroupInput = { workspaceId, members: [{ ...member(9), steps: steps.slice(0, 1) }] };
    await (
      await env.client.workflow.start(sequenceGroup, { taskQueue, workflowId: `sequences-${workspaceId}-9-test`, args: [input] })
    ).result();
    expect(await db.sequenceDirectory.findOne({ workspaceId, prospectId: 9 }).lean()).toMatchObject({ workflowId: other, endedAt: null });
  });

  it('tells a member that ended before the directory recorded it as ended: its signal is not counted delivered', async () => {
    const enrolledAt = new Date(await env.currentTimeMs());
    const group = `sequences-${workspaceId}-10-test`;
    await db.sequenceDirectory.insertMany([10, 11].map((prospectId) => ({ workspaceId, prospectId, workflowId: group, enrolledAt })));
    const handle = await env.client.workflow.start(sequenceGroup, {
      taskQueue,
      workflowId: group,
      args: [{ workspaceId, members: [member(10), member(11)] }],
    });
    await handle.signal(memberSignal, { prospectIds: [10], name: 'control', arg: { action: 'stop' } });
    await expect.poll(async () => (await handle.query(memberStatesQuery, [10]))[10]?.status).toBe('stopped');
    // The group recorded the end; taken back, as if that record were still to come.
    await expect
      .poll(async () => (await db.sequenceDirectory.findOne({ workspaceId, prospectId: 10 }).lean())?.endedAt)
      .toBeInstanceOf(Date);
    await db.sequenceDirectory.updateOne({ workspaceId, prospectId: 10 }, { $set: { endedAt: null } });

    const deps = { temporal: env.client, db };
    expect(await signalSequence(deps, workspaceId, 10, 'reply', { category: 'interested', action: 'stop' })).toBe(false);
    expect(await signalSequences(deps, workspaceId, [10, 11], 'control', { action: 'pause' })).toEqual({
      signalled: 1,
      notEnrolled: 0,
      ended: 1,
    });
    await expect.poll(async () => (await handle.query(memberStatesQuery, [11]))[11]?.pausedByUser).toBe(true);
    expect(await signalSequence(deps, workspaceId, 11, 'control', { action: 'stop' })).toBe(true);
    expect((await handle.result()).states).toMatchObject({ 10: { status: 'stopped' }, 11: { status: 'stopped' } });
  });
});
