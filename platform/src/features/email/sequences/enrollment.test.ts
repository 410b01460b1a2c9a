import { randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemRunContext } from '../../../core/run-context.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { inPausedCampaigns } from '../../prospecting/campaigns/held.ts';
import { issueBookingLinks, linksAtEnrolment } from '../../revenue/booking-links/links.ts';
import { firstStepsOf } from './activities.ts';
import { WorkflowNotFoundError } from '@temporalio/client';
import { controlSequence, controlSequences, sequenceStateOf, sequenceStatesOf, signalSequence } from './control.ts';
import { createEnrollmentActivity, ENROLL_ACTIVITY, GROUP_SIZE, sequenceGroupId, sequenceWorkflowId } from './enrollment.ts';

// platform.enrollSequence's list form (a batch's chunk) against a real Temporal dev server and
// worker: per list, one read of which prospects are held per workspace and one call making the
// booking links, each item its own result, as one call per item would answer.
let stack: TestPipelineWorker;
const box = secretsBox(randomBytes(32));
const A = 'enrol-list-a';
const B = 'enrol-list-b';
const C = 'enrol-list-c';
// The first step is days away: nothing is sent while the test runs.
const steps = [3, 8].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));
const item = (workspace: string, prospectId: number) => ({
  input: { prospectId, email: `pat${prospectId}@acme.test`, sequence: steps },
  extra: { run: systemRunContext(workspace, `enrol-${prospectId}`) },
});

/** The enrol activity as the worker composes it, with its held read and links call counted. */
function counted() {
  const held = vi.fn(inPausedCampaigns(stack.db));
  const enrolled = vi.fn(linksAtEnrolment(stack.db, box));
  const enrol = createEnrollmentActivity(stack.runner.temporal, stack.runner.taskQueue, held, enrolled, null, stack.db)[ENROLL_ACTIVITY]!;
  return { enrol, held, enrolled };
}

/** What asking and signalling sequences needs: Temporal, and the directory of where each runs. */
const deps = () => ({ temporal: stack.runner.temporal, db: stack.db });

beforeAll(async () => {
  stack = await startTestPipelineWorker('enrol-list', [], { secrets: box });
  await stack.db.campaigns.create({ workspaceId: A, id: 1, name: 'Paused one', status: 'paused', prospectIds: [2, 40] });
  // B's paused campaign names A's prospect 1: it holds only B's prospect 1.
  await stack.db.campaigns.create({ workspaceId: B, id: 1, name: 'B paused', status: 'paused', prospectIds: [1] });
  await stack.db.campaigns.create({ workspaceId: C, id: 1, name: 'C paused', status: 'paused', prospectIds: [40] });
});

afterAll(async () => {
  await stack?.stop();
});

describe('platform.enrollSequence over a list', () => {
  it('enrols each item as one call would: held ones start paused, a bad input fails alone; one held read per workspace, one links call', async () => {
    const { enrol, held, enrolled } = counted();
    const items = [
      item(A, 1),
      item(A, 2),
      { ...item(A, 3), input: { prospectId: 3, email: 'not an address', sequence: steps } },
      item(B, 1),
    ];
    const results = await enrol.many!(items);

    expect(results.map((result) => result.ok)).toEqual([true, true, false, true]);
    expect(results[0]).toMatchObject({
      ok: true,
      output: { sequenceId: sequenceWorkflowId(A, 1), enrolled: true, alreadyEnrolled: false, steps: 2 },
    });
    expect(results[1]).toMatchObject({ ok: true, output: { alreadyEnrolled: false } }); // held, and new
    expect(results[2]).toMatchObject({ ok: false, error: expect.any(ApplicationFailure) });
    for (const result of results) expect(result.endedAt!.getTime()).toBeGreaterThanOrEqual(result.startedAt!.getTime());
    expect(held.mock.calls.map(([workspace, ids]) => [workspace, [...ids]])).toEqual([
      [A, [1, 2]],
      [B, [1]],
    ]);
    expect(enrolled).toHaveBeenCalledTimes(1);
    expect(enrolled.mock.calls[0]![0].map((sequence: { sequenceId: string }) => sequence.sequenceId)).toEqual([
      sequenceWorkflowId(A, 1),
      sequenceWorkflowId(A, 2),
      sequenceWorkflowId(B, 1),
    ]);

    await vi.waitFor(async () => {
      expect((await sequenceStateOf(deps(), A, 1))?.status).toBe('active');
      expect((await sequenceStateOf(deps(), A, 2))?.status).toBe('paused');
      expect((await sequenceStateOf(deps(), B, 1))?.status).toBe('paused');
    });
    expect(await sequenceStateOf(deps(), A, 3)).toBeNull();
    const links = await stack.db.bookingLinks.find({ workspaceId: { $in: [A, B] } }, null, ACROSS_WORKSPACES).lean();
    expect(links.map((link) => `${link.workspaceId}/${link.prospectId}`).sort()).toEqual([`${A}/1`, `${A}/2`, `${B}/1`]);
  });

  it('a repeat of the list finds each sequence running, held ones still paused, and keeps each link as it was', async () => {
    const before = await stack.db.bookingLinks.find({ workspaceId: A }).lean();
    const { enrol } = counted();
    const results = await enrol.many!([item(A, 1), item(A, 2)]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect(results).toMatchObject([{ output: { alreadyEnrolled: true } }, { output: { alreadyEnrolled: true } }]); // the held one too
    expect((await sequenceStateOf(deps(), A, 2))?.status).toBe('paused');
    expect(await stack.db.bookingLinks.find({ workspaceId: A }).lean()).toEqual(before);
  });

  it('one call is a list of one: its output, or its error thrown', async () => {
    const { enrol, held, enrolled } = counted();
    await expect(enrol(item(A, 5).input, item(A, 5).extra)).resolves.toEqual({
      sequenceId: sequenceWorkflowId(A, 5),
      enrolled: true,
      alreadyEnrolled: false,
      steps: 2,
    });
    await expect(enrol({ prospectId: 6, email: 'nope', sequence: steps }, item(A, 6).extra)).rejects.toThrow(/email/);
    expect(held).toHaveBeenCalledTimes(1);
    expect(enrolled).toHaveBeenCalledTimes(1);
  });

  it('links cannot be made: the started items fail (to be retried), and their retry finds the sequences running and makes the links', async () => {
    const failing = vi.fn(async () => {
      throw new Error('database went away');
    });
    const enrol = createEnrollmentActivity(
      stack.runner.temporal,
      stack.runner.taskQueue,
      inPausedCampaigns(stack.db),
      failing,
      null,
      stack.db,
    )[ENROLL_ACTIVITY]!;
    const results = await enrol.many!([item(A, 7), item(A, 8)]);
    expect(results).toMatchObject([
      { ok: false, error: { message: 'database went away' } },
      { ok: false, error: { message: 'database went away' } },
    ]);
    const { enrol: again } = counted();
    expect(await again.many!([item(A, 7), item(A, 8)])).toMatchObject([
      { ok: true, output: { alreadyEnrolled: true } },
      { ok: true, output: { alreadyEnrolled: true } },
    ]);
    expect(await stack.db.bookingLinks.countDocuments({ workspaceId: A, prospectId: { $in: [7, 8] } })).toBe(2);
  });
});

describe('a list of one workspace runs as groups of sequences', () => {
  const D = 'enrol-group-d';
  const E = 'enrol-group-e';
  const ids = Array.from({ length: GROUP_SIZE + 5 }, (_, index) => index + 1);
  const entry = (workspaceId: string, prospectId: number) => stack.db.sequenceDirectory.findOne({ workspaceId, prospectId }).lean();

  it('claims each prospect in the directory for its group (25, then the rest): no workflow of its own, each state asked of its group', async () => {
    const { enrol } = counted();
    const results = await enrol.many!(ids.map((id) => item(D, id)));
    expect(results).toMatchObject(
      ids.map((id) => ({ ok: true, output: { sequenceId: sequenceWorkflowId(D, id), alreadyEnrolled: false } })),
    );
    const entries = await stack.db.sequenceDirectory.find({ workspaceId: D }).lean();
    const groups = [sequenceGroupId(D, ids.slice(0, GROUP_SIZE)), sequenceGroupId(D, ids.slice(GROUP_SIZE))];
    expect(entries.map((row) => [row.prospectId, row.workflowId, row.endedAt]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      ids.map((id) => [id, groups[id <= GROUP_SIZE ? 0 : 1], null]),
    );
    await expect(stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(D, 1)).describe()).rejects.toThrow(WorkflowNotFoundError);
    expect((await stack.runner.temporal.workflow.getHandle(groups[0]!).describe()).type).toBe('sequenceGroup');
    await vi.waitFor(async () => {
      const states = await sequenceStatesOf(deps(), D, ids);
      expect(ids.map((id) => states.get(id)?.status)).toEqual(ids.map(() => 'active'));
    });
  });

  it('a repeat of the list finds its groups running and starts nothing', async () => {
    const { enrol } = counted();
    const results = await enrol.many!(ids.map((id) => item(D, id)));
    expect(results).toMatchObject(ids.map(() => ({ ok: true, output: { alreadyEnrolled: true } })));
    expect(await stack.db.sequenceDirectory.countDocuments({ workspaceId: D })).toBe(ids.length);
  });

  it('one member is paused, resumed and stopped alone; its end is recorded, and it takes no more signals', async () => {
    expect(await controlSequence(deps(), D, 3, 'pause')).toMatchObject({ status: 'paused', pausedByUser: true });
    expect(await sequenceStateOf(deps(), D, 4)).toMatchObject({ status: 'active', pausedByUser: false });
    expect(await controlSequence(deps(), D, 3, 'resume')).toMatchObject({ status: 'active', pausedByUser: false });
    expect(await controlSequence(deps(), D, 3, 'stop')).toMatchObject({ status: 'stopped', stopReason: 'stopped by user' });
    await vi.waitFor(async () => expect((await entry(D, 3))?.endedAt).toBeInstanceOf(Date));
    expect((await entry(D, 4))?.endedAt).toBeNull();
    expect(await sequenceStateOf(deps(), D, 3)).toMatchObject({ status: 'stopped' }); // an ended member still answers
    expect(await signalSequence(deps(), D, 3, 'reply', { category: 'interested', action: 'stop' })).toBe(false);
    await expect(controlSequence(deps(), D, 3, 'pause')).rejects.toThrow(/has stopped/);
  });

  it("a campaign's pause reaches members of both groups; ended and never-enrolled ones are counted, not failed", async () => {
    expect(await controlSequences(deps(), D, [1, 2, 26, 27, 3, 99], 'pause')).toEqual({ signalled: 4, ended: 1, notEnrolled: 1 });
    const states = await sequenceStatesOf(deps(), D, [1, 2, 4, 26, 27]);
    expect([1, 2, 4, 26, 27].map((id) => states.get(id)?.pausedByUser)).toEqual([true, true, false, true, true]);
  });

  it('a claim whose group never started (the try died between claiming and starting) is taken over by its retry', async () => {
    const now = new Date();
    const lost = `sequences-${E}-1-0000000000000000`;
    await stack.db.sequenceDirectory.insertMany(
      [1, 2].map((prospectId) => ({ workspaceId: E, prospectId, workflowId: lost, enrolledAt: now })),
    );
    const { enrol } = counted();
    expect(await enrol.many!([item(E, 1), item(E, 2)])).toMatchObject([
      { ok: true, output: { alreadyEnrolled: false } },
      { ok: true, output: { alreadyEnrolled: false } },
    ]);
    expect((await entry(E, 1))?.workflowId).toBe(sequenceGroupId(E, [1, 2]));
    await vi.waitFor(async () => expect((await sequenceStateOf(deps(), E, 2))?.status).toBe('active'));
  });

  it('an old claim of a group that is gone is not taken over: that sequence ended long ago, and is not started again', async () => {
    const gone = `sequences-${E}-5-0000000000000000`;
    await stack.db.sequenceDirectory.create({
      workspaceId: E,
      prospectId: 5,
      workflowId: gone,
      enrolledAt: new Date(Date.now() - 2 * 3_600_000),
    });
    const { enrol } = counted();
    expect(await enrol.many!([item(E, 5), item(E, 6)])).toMatchObject([
      { ok: true, output: { alreadyEnrolled: true } },
      { ok: true, output: { alreadyEnrolled: false } },
    ]);
    expect((await entry(E, 5))?.workflowId).toBe(gone);
  });

  it('a sequence started before the directory (its own workflow, no entry) is found and not started twice', async () => {
    const workflowId = sequenceWorkflowId(E, 10);
    await stack.runner.temporal.workflow.start('prospectSequence', {
      taskQueue: stack.runner.taskQueue,
      workflowId,
      args: [{ workspaceId: E, sequenceId: workflowId, prospectId: 10, email: 'pat10@acme.test', steps }],
    });
    const { enrol } = counted();
    expect(await enrol.many!([item(E, 10), item(E, 11)])).toMatchObject([
      { ok: true, output: { alreadyEnrolled: true } },
      { ok: true, output: { alreadyEnrolled: false } },
    ]);
    expect(await entry(E, 10)).toBeNull();
    await vi.waitFor(async () => {
      const states = await sequenceStatesOf(deps(), E, [10, 11]);
      expect([states.get(10)?.status, states.get(11)?.status]).toEqual(['active', 'active']);
    });
  });
});

describe('the first emails due at enrolment, written for the whole list', () => {
  // The first step is due at enrolment, the second days away.
  const dueNow = [0, 3].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello there.' }));
  const now = (workspace: string, prospectId: number) => ({
    ...item(workspace, prospectId),
    input: { ...item(workspace, prospectId).input, sequence: dueNow },
  });
  const enrolWritingFirst = () =>
    createEnrollmentActivity(
      stack.runner.temporal,
      stack.runner.taskQueue,
      inPausedCampaigns(stack.db),
      linksAtEnrolment(stack.db, box),
      firstStepsOf(stack.db),
      stack.db,
    )[ENROLL_ACTIVITY]!;
  const rowsOf = async (prospectIds: number[]) =>
    (await stack.db.outbox.find({ workspaceId: C, prospectId: { $in: prospectIds } }).lean())
      .map((row) => `${row.prospectId}/${row.step}/${row.status}`)
      .sort();
  /** The activities the workflow running a prospect's sequence scheduled (its group's, for a member: all of its members'). */
  const activitiesOf = async (prospectId: number) => {
    const entry = await stack.db.sequenceDirectory.findOne({ workspaceId: C, prospectId }).lean();
    return ((await stack.runner.temporal.workflow.getHandle(entry!.workflowId).fetchHistory()).events ?? []).flatMap(
      (event) => event.activityTaskScheduledEventAttributes?.activityType?.name ?? [],
    );
  };

  it('are in the outbox when the list returns, the sequences wait on them without writing them again, and a held one waits for its campaign', async () => {
    const results = await enrolWritingFirst().many!([now(C, 20), now(C, 21), now(C, 40)]); // 40 is in C's paused campaign
    expect(results).toMatchObject([20, 21, 40].map(() => ({ ok: true, output: { alreadyEnrolled: false } })));
    expect(await rowsOf([20, 21, 40])).toEqual(['20/1/pending_review', '21/1/pending_review']); // review mode, a new workspace's
    await vi.waitFor(async () => {
      expect(await sequenceStateOf(deps(), C, 20)).toMatchObject({ status: 'active', waitingFor: 'review' });
      expect(await sequenceStateOf(deps(), C, 40)).toMatchObject({ status: 'paused' });
    });
    expect(await activitiesOf(20)).toEqual([]);
  });

  it('a sequence that was there before does not get a first email it never took: it is taken back', async () => {
    // A sequence that stopped before its first email (held, then stopped): it never starts again.
    const { enrol } = counted();
    expect(await enrol.many!([now(C, 40)])).toMatchObject([{ ok: true }]);
    await controlSequence(deps(), C, 40, 'stop');
    await vi.waitFor(async () => expect(await sequenceStateOf(deps(), C, 40)).toMatchObject({ status: 'stopped' }));
    await stack.db.campaigns.updateOne({ workspaceId: C, id: 1 }, { $set: { status: 'active' } });
    try {
      const results = await enrolWritingFirst().many!([now(C, 40), now(C, 20)]);
      expect(results).toMatchObject([
        { ok: true, output: { alreadyEnrolled: true } },
        { ok: true, output: { alreadyEnrolled: true } },
      ]);
      // 40's written email taken back; 20's, already there and waiting for review, kept.
      expect(await rowsOf([20, 40])).toEqual(['20/1/pending_review']);
    } finally {
      await stack.db.campaigns.updateOne({ workspaceId: C, id: 1 }, { $set: { status: 'paused' } });
    }
  });
});

describe('issueBookingLinks', () => {
  const subject = (prospectId: number) => ({ workspaceId: A, prospectId, sequenceId: sequenceWorkflowId(A, prospectId), lastDayOffset: 8 });

  it('makes the missing links in one bulk write without reading them back; reads back only those already there', async () => {
    const bulkWrite = vi.spyOn(stack.db.bookingLinks, 'bulkWrite');
    const find = vi.spyOn(stack.db.bookingLinks, 'find');
    try {
      const made = (await issueBookingLinks(stack.db, box, [subject(20), subject(21)]))!;
      expect(bulkWrite).toHaveBeenCalledTimes(1);
      expect(find).not.toHaveBeenCalled();
      const stored = await stack.db.bookingLinks
        .find({ workspaceId: A, prospectId: { $in: [20, 21] } })
        .sort({ prospectId: 1 })
        .lean();
      expect(made.map(({ link }) => link)).toEqual(stored);

      bulkWrite.mockClear();
      find.mockClear();
      const again = (await issueBookingLinks(stack.db, box, [subject(21), subject(22), subject(20)]))!;
      expect(again.map(({ link }) => link.prospectId)).toEqual([21, 22, 20]);
      expect(again[0]!.token).toBe(made[1]!.token);
      expect(again[2]!.token).toBe(made[0]!.token);
      expect(bulkWrite).toHaveBeenCalledTimes(1); // no re-keying: the same key
      expect(find).toHaveBeenCalledTimes(1);
    } finally {
      bulkWrite.mockRestore();
      find.mockRestore();
    }
  });

  it('links made under another key get this key’s token too; the old tokens keep their hashes', async () => {
    const other = secretsBox(randomBytes(32));
    const [first] = (await issueBookingLinks(stack.db, box, [subject(30)]))!;
    const [second] = (await issueBookingLinks(stack.db, other, [subject(30)]))!;
    expect(second!.token).not.toBe(first!.token);
    const stored = await stack.db.bookingLinks.findOne({ workspaceId: A, prospectId: 30 }).lean();
    expect(stored!.tokenHashes).toHaveLength(2);
    expect(stored!.tokenHashes).toEqual(expect.arrayContaining(first!.link.tokenHashes));
  });

  it('no secrets key: no links', async () => {
    expect(await issueBookingLinks(stack.db, { unavailable: 'no key in this test' }, [subject(31)])).toBeNull();
  });
});
