import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SunkMessage } from '@meetflow/plugin-channel-email-smtp/testing';
import type { ChildNode } from '../bench/stack.ts';
import type { BatchLiveProgress } from '@meetflow/workflows';
import {
  expectEveryEmailSentOnce,
  FAULT_PROSPECTS,
  FAULT_SETUP_MS,
  FAULT_STEPS,
  faultTimeout,
  reportFault,
  sendingWorkspace,
  sinkReaches,
  startFaultBed,
  startSendingBatch,
  type FaultBed,
} from './fault-bed.ts';

// kill -9 of the production worker in the middle of a batch that really sends, at the worst moment
// for exactly-once: the SMTP server has the whole message but has not answered it yet, so the
// worker dies not knowing it was delivered. A new worker must finish every prospect, sending
// nothing twice (that message included).
const workspaceId = 'faults-worker-kill';
// The same kill earlier: while the batch's chunks are under way (a step running for several prospects in one activity).
const midChunkWorkspace = 'faults-worker-kill-mid-chunk';
let bed: FaultBed;
beforeAll(async () => {
  bed = await startFaultBed('worker-kill');
  await sendingWorkspace(bed, workspaceId, FAULT_PROSPECTS);
  await sendingWorkspace(bed, midChunkWorkspace, FAULT_PROSPECTS);
}, FAULT_SETUP_MS);
afterAll(() => bed?.close());

const KILL_TIMEOUT = faultTimeout(180_000);

describe('the worker killed (SIGKILL) mid-batch while the SMTP server takes a message', () => {
  it(
    'completes every prospect after a restart, each email received once, the one it died on included',
    async () => {
      const started = performance.now();
      const deadline = Date.now() + KILL_TIMEOUT - 20_000; // a hang fails saying what still runs, before the test's own timeout
      const first = await bed.startWorker();
      const killAt = Math.ceil((FAULT_PROSPECTS * FAULT_STEPS) / 3);
      let diedOn: SunkMessage | undefined;
      bed.sink.onReceived = (message) => {
        if (bed.sink.messages.length < killAt || diedOn) return;
        diedOn = message;
        first.process.kill('SIGKILL'); // before the sink answers 250: the worker never hears it was accepted
      };
      const batch = await startSendingBatch(bed, workspaceId, FAULT_PROSPECTS);
      await sinkReaches(bed, killAt);
      expect(await first.exited).toBeNull(); // killed by the signal, not exited
      const emails = FAULT_PROSPECTS * FAULT_STEPS;
      expect(bed.sink.messages.length).toBeLessThan(emails); // it really was in the middle

      const second: ChildNode = await bed.startWorker();
      const cutOff = await expectEveryEmailSentOnce(bed, workspaceId, batch, FAULT_PROSPECTS, deadline);
      const copies = bed.sink.messages.filter((message) => message.parsed.messageId === diedOn!.parsed.messageId);
      expect(copies).toHaveLength(1);
      const row = await bed.database.db.outbox.findOne({ workspaceId, messageId: diedOn!.parsed.messageId }).lean();
      expect(row).toMatchObject({ status: 'sent', unconfirmed: true }); // the retry counted it sent, never sent it again
      await second.stop();
      reportFault('worker kill -9 mid-send', { seconds: Math.round((performance.now() - started) / 1000), emails, ...cutOff });
    },
    KILL_TIMEOUT,
  );
});

describe('the worker killed (SIGKILL) while chunks of the batch are under way', () => {
  it(
    'finishes every prospect once after a restart: one run each, every step completed, one sequence each, each email received once',
    async () => {
      const started = performance.now();
      const deadline = Date.now() + KILL_TIMEOUT - 20_000;
      const first = await bed.startWorker();
      const batch = await startSendingBatch(bed, midChunkWorkspace, FAULT_PROSPECTS);
      const handle = bed.temporal.workflow.getHandle(batch.workflowId);
      // Killed as soon as the batch says a step has chunks in flight after its first chunk came back: a chunk's
      // activity is under way (or its answer not yet recorded), others wait or are done.
      let seen: BatchLiveProgress | undefined;
      await expect
        .poll(
          async () => {
            seen = await handle.query<BatchLiveProgress>('progress');
            return Object.values(seen.nodes).some((counts) => (counts.completed ?? 0) > 0 && (counts.running ?? 0) > 0);
          },
          { timeout: KILL_TIMEOUT, interval: 20 },
        )
        .toBe(true);
      first.process.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      expect(seen!.runs.completed, 'the batch was in the middle when it died').toBeLessThan(FAULT_PROSPECTS);

      const second: ChildNode = await bed.startWorker();
      const cutOff = await expectEveryEmailSentOnce(bed, midChunkWorkspace, batch, FAULT_PROSPECTS, deadline);
      // It did cut a chunk off: one chunk's activity was tried again (its heartbeat stopped with the worker).
      const retried = ((await handle.fetchHistory()).events ?? []).filter(
        (event) => (event.activityTaskStartedEventAttributes?.attempt ?? 1) > 1,
      ).length;
      expect(retried, 'chunks tried again after the kill').toBeGreaterThan(0);
      // Nothing doubled: one run per prospect, each completed with every step; one directory entry per prospect, and no
      // sequence group running or ended in Temporal but the ones the directory names.
      const runs = await bed.database.db.pipelineRuns.find({ workspaceId: midChunkWorkspace }, { status: 1, steps: 1 }).lean();
      expect(runs).toHaveLength(FAULT_PROSPECTS);
      expect(
        runs.filter((run) => run.status === 'completed' && Object.values(run.steps).every((step) => step.status === 'completed')),
      ).toHaveLength(FAULT_PROSPECTS);
      const entries = await bed.database.db.sequenceDirectory.find({ workspaceId: midChunkWorkspace }, { workflowId: 1 }).lean();
      expect(entries).toHaveLength(FAULT_PROSPECTS);
      const groups: string[] = [];
      for await (const workflow of bed.temporal.workflow.list({ query: `WorkflowType = 'sequenceGroup'` }))
        if (workflow.workflowId.startsWith(`sequences-${midChunkWorkspace}-`)) groups.push(workflow.workflowId);
      expect(groups.sort()).toEqual([...new Set(entries.map((entry) => entry.workflowId))].sort());
      await second.stop();
      reportFault('worker kill -9 mid-chunk', { seconds: Math.round((performance.now() - started) / 1000), retried, ...cutOff });
    },
    KILL_TIMEOUT,
  );
});
