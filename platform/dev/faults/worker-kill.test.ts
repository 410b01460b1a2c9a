import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SunkMessage } from '@meetflow/plugin-channel-email-smtp/testing';
import type { ChildNode } from '../bench/stack.ts';
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
let bed: FaultBed;
beforeAll(async () => {
  bed = await startFaultBed('worker-kill');
  await sendingWorkspace(bed, workspaceId, FAULT_PROSPECTS);
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
