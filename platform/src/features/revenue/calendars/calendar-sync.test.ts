// The calendarSync workflow (a workspace's calendar read-back) on the time-skipping Temporal server:
// its one-minute timers pass in an instant. The read-back itself is stood in for by a counter per
// workspace (calendars.test.ts runs the real one against Radicale); the workspace each read acts in
// is the real activity's, read from the run context.
import { randomBytes } from 'node:crypto';
import { CALENDAR_READS_PER_RUN, type CalendarReadBack } from '@meetflow/workflows';
import { Context } from '@temporalio/activity';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import { calendarSyncActivities, calendarSyncWorkflowId, requestCalendarSync, resumeCalendarSyncs, signalCalendarChanged } from './run.ts';

const EventType = temporal.api.enums.v1.EventType;
const taskQueue = `calendar-sync-${randomBytes(4).toString('hex')}`;
let env: TestWorkflowEnvironment;
let worker: Worker;
let running: Promise<void>;

/** Read-backs each workspace still finds its calendar for (then it is "disconnected"). */
const connectedFor = new Map<string, number>();
/** Every read-back: the workspace it acted in, the workflow that ran it, when (the server's time) and the workflow time it was given. */
const reads: Array<{ workspaceId: string; workflowId: string; at: number; given: number }> = [];
/** Who waits for a workspace's next read-back (resolved by it: no polling). */
const waiting = new Map<string, () => void>();
const nextRead = (workspaceId: string) => new Promise<void>((resolve) => waiting.set(workspaceId, resolve));

async function readBack(workspaceId: string, given: Date): Promise<CalendarReadBack> {
  const { workflowExecution, currentAttemptScheduledTimestampMs } = Context.current().info;
  reads.push({ workspaceId, workflowId: workflowExecution!.workflowId, at: currentAttemptScheduledTimestampMs, given: given.getTime() });
  waiting.get(workspaceId)?.();
  waiting.delete(workspaceId);
  const left = connectedFor.get(workspaceId) ?? 0;
  connectedFor.set(workspaceId, left - 1);
  return { connected: left > 0, cancelled: 0, moved: 0, created: 0, error: null };
}
const readsOf = (workspaceId: string) => reads.filter((read) => read.workspaceId === workspaceId);
const workspace = () => `ws-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  quietTemporalRuntime();
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: inject('temporalTestServer') } },
  });
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    // What the calendars feature registers, with the read-back stood in for: the workspace comes from each run's workflow id.
    activities: calendarSyncActivities(readBack),
  });
  running = worker.run();
}, 60_000);

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
});

const starter = () => ({ client: env.client, taskQueue });

describe('calendarSync', () => {
  it('reads back at once, then every minute on its timer, each workspace its own, and ends when the calendar is gone', async () => {
    const [a, b] = [workspace(), workspace()];
    connectedFor.set(a, 3);
    connectedFor.set(b, 1);
    expect(await requestCalendarSync(starter(), a)).toEqual({ started: true });
    expect(await requestCalendarSync(starter(), b)).toEqual({ started: true });
    // One at a time: the time-skipping client skips time only while one result is awaited.
    for (const id of [a, b]) await env.client.workflow.getHandle(calendarSyncWorkflowId(id)).result();

    // Three read-backs found a's calendar, the fourth none; b's one, then none: neither read the other's.
    expect(readsOf(a).map((read) => read.workflowId)).toEqual(Array(4).fill(calendarSyncWorkflowId(a)));
    expect(readsOf(b).map((read) => read.workflowId)).toEqual(Array(2).fill(calendarSyncWorkflowId(b)));
    const at = readsOf(a).map((read) => read.at);
    for (let i = 1; i < at.length; i++) {
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(60_000);
      expect(at[i]! - at[i - 1]!).toBeLessThan(90_000);
    }
    // The input names no workspace: only the workflow id does.
    const history = await env.client.workflow.getHandle(calendarSyncWorkflowId(a)).fetchHistory();
    const [payload] = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads!;
    expect(JSON.parse(Buffer.from(payload!.data!).toString())).toEqual({ intervalMinutes: 1 });
    expect(history.events!.at(-1)!.eventType).toBe(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED);
  });

  it('runs once per workspace: connecting again and start-up join the running read-back', async () => {
    const c = workspace();
    connectedFor.set(c, 1_000);
    expect(await requestCalendarSync(starter(), c)).toEqual({ started: true });
    const handle = env.client.workflow.getHandle(calendarSyncWorkflowId(c));
    const { runId } = await handle.describe();
    expect(await requestCalendarSync(starter(), c)).toEqual({ started: false });
    expect(await resumeCalendarSyncs(starter(), [c])).toBe(1);
    expect((await handle.describe()).runId).toBe(runId);

    // Disconnected: the next read-back finds no calendar and the one run ends.
    connectedFor.set(c, 0);
    await handle.result();
    const history = await env.client.workflow.getHandle(calendarSyncWorkflowId(c), runId).fetchHistory();
    expect(history.events!.at(-1)!.eventType).toBe(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED);
    expect(readsOf(c).length).toBeGreaterThanOrEqual(2);
    // Started again after it ended (the next start-up finds the calendar connected again): a new run.
    connectedFor.set(c, 0);
    await resumeCalendarSyncs(starter(), [c]);
    await handle.result();
    expect((await handle.describe()).runId).not.toBe(runId);
  });

  it('reads at once when the provider notifies a change (calendarChanged), and gives each read-back its workflow time', async () => {
    const e = workspace();
    connectedFor.set(e, 1_000);
    const first = nextRead(e);
    await requestCalendarSync(starter(), e);
    await first;
    // No result is awaited, so no time is skipped: only the signal can bring the next read before its minute.
    const second = nextRead(e);
    await signalCalendarChanged(starter(), e);
    await second;
    const [one, two] = readsOf(e);
    expect(two!.at - one!.at).toBeLessThan(60_000);

    connectedFor.set(e, 0);
    await env.client.workflow.getHandle(calendarSyncWorkflowId(e)).result();
    const all = readsOf(e);
    expect(all.length).toBe(3);
    expect(all[2]!.at - all[1]!.at).toBeGreaterThanOrEqual(60_000);
    // The time a renewal is decided on is the workflow's, skipped ahead with its timers.
    for (const read of all) expect(Math.abs(read.given - read.at)).toBeLessThan(5_000);
  });

  it(`continues as new after ${CALENDAR_READS_PER_RUN} read-backs, and goes on reading`, async () => {
    const d = workspace();
    connectedFor.set(d, CALENDAR_READS_PER_RUN + 1);
    const handle = await env.client.workflow.start('calendarSync', {
      taskQueue,
      workflowId: calendarSyncWorkflowId(d),
      args: [{ intervalMinutes: 1 }],
    });
    await handle.result();
    const first = await env.client.workflow.getHandle(calendarSyncWorkflowId(d), handle.firstExecutionRunId).fetchHistory();
    expect(first.events!.at(-1)!.eventType).toBe(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW);
    expect(first.events!.filter((event) => event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED)).toHaveLength(
      CALENDAR_READS_PER_RUN,
    );
    // The next run read on: once more with the calendar, once without it, then it ended.
    expect(readsOf(d)).toHaveLength(CALENDAR_READS_PER_RUN + 2);
    expect((await handle.describe()).runId).not.toBe(handle.firstExecutionRunId);
  }, 60_000);
});
