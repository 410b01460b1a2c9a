import { randomBytes } from 'node:crypto';
import { prospectSequence, type ProspectSequenceInput, type SequenceStep } from '@meetflow/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../../core/secrets-box.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { startSequenceTestbed, type SequenceTestbed } from '../../../../dev/testing/sequence-testbed.ts';

const box = secretsBox(randomBytes(32));
const taskQueue = 'campaign-mailboxes';
const ALL_WEEK = { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' };
const step = (n: number, dayOffset: number): SequenceStep => ({ step: n, dayOffset, subject: `Subject ${n}`, body: `Body of email ${n}.` });

let bed: SequenceTestbed;
beforeAll(async () => {
  bed = await startSequenceTestbed('campaign-mailboxes', taskQueue, { secrets: box, publicUrl: 'https://meetflow.example' });
});
afterAll(() => bed.stop());

/** Starts a prospect's sequence under the id the review queue signals. */
async function enrol(workspaceId: string, prospectId: number, email: string, steps: SequenceStep[]) {
  const workflowId = sequenceWorkflowId(workspaceId, prospectId);
  const input: ProspectSequenceInput = { workspaceId, sequenceId: workflowId, prospectId, email, steps };
  return bed.env.client.workflow.start(prospectSequence, { taskQueue, workflowId, args: [input] });
}

/** An autonomous workspace sending now, all week, with the sink's mailboxes sending from `addresses` (warmed up). */
async function workspaceWithMailboxes(workspaceId: string, addresses: string[]) {
  const now = await bed.env.currentTimeMs();
  await configureSending(bed.db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(now),
    window: ALL_WEEK,
    gapMinutes: { min: 1, max: 2 },
  });
  const mailboxes = [];
  for (const fromAddress of addresses) {
    mailboxes.push(await connectSinkMailbox(bed.db, box, workspaceId, bed.sink, { fromAddress, warmedUp: true, addedAt: now }));
  }
  return mailboxes;
}

const sentFrom = (to: string) => bed.sink.messages.filter((message) => message.to.includes(to)).map((message) => message.from);

describe("a campaign's sending mailboxes (time-skipping server, a real SMTP server on loopback)", () => {
  it("rotates among the campaign's mailboxes only, and each follow-up goes from the mailbox of its first email", async () => {
    const ws = 'campaign-rotation';
    const [north, south, west] = await workspaceWithMailboxes(ws, [
      'north@brightline.test',
      'south@brightline.test',
      'west@brightline.test',
    ]);
    const prospectIds = [1, 2, 3, 4, 5, 6];
    await bed.db.campaigns.create({
      workspaceId: ws,
      id: 1,
      name: 'North and south',
      status: 'active',
      prospectIds,
      mailboxIds: [north!.id, south!.id],
    });
    const handles = await Promise.all(prospectIds.map((id) => enrol(ws, id, `lead${id}@firm${id}.test`, [step(1, 0), step(2, 3)])));
    // One after the other: while one is awaited the server skips time for all of them.
    for (const handle of handles) expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1, 2] });

    const rows = await bed.db.outbox.find({ workspaceId: ws }).sort({ prospectId: 1, step: 1 }).lean();
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', campaignId: 1 });
    const firsts = rows.filter((row) => row.step === 1);
    // Rotation: the least used mailbox takes the next email, so both of the campaign's send, and never the third.
    expect(new Set(firsts.map((row) => row.mailboxId))).toEqual(new Set([north!.id, south!.id]));
    expect(rows.some((row) => row.mailboxId === west!.id)).toBe(false);
    for (const first of firsts) {
      const followUp = rows.find((row) => row.prospectId === first.prospectId && row.step === 2);
      expect(followUp?.mailboxId).toBe(first.mailboxId);
    }
    for (const id of prospectIds) {
      const from = sentFrom(`lead${id}@firm${id}.test`);
      expect(from).toHaveLength(2);
      expect(['north@brightline.test', 'south@brightline.test']).toContain(from[0]);
      expect(from[1]).toBe(from[0]);
    }
  }, 60_000);

  it("holds an email while none of the campaign's mailboxes is active, saying why, though another mailbox could send it", async () => {
    const ws = 'campaign-paused';
    const [east] = await workspaceWithMailboxes(ws, ['east@brightline.test', 'spare@brightline.test']);
    await bed.db.mailboxes.updateOne(
      { workspaceId: ws, publicId: east!.id },
      { $set: { status: 'paused', pausedReason: 'paused by hand' } },
    );
    await bed.db.campaigns.create({
      workspaceId: ws,
      id: 1,
      name: 'East only',
      status: 'active',
      prospectIds: [1],
      mailboxIds: [east!.id],
    });
    const handle = await enrol(ws, 1, 'held@acme.test', [step(1, 0)]);

    const waitReason = () =>
      bed.db.outbox
        .findOne({ workspaceId: ws, prospectId: 1 }, { waitReason: 1 })
        .lean()
        .then((row) => row?.waitReason ?? null);
    await expect
      .poll(waitReason, { timeout: 15_000 })
      .toBe(
        `none of campaign "East only"'s mailboxes is active: resume one under Settings → Mailboxes, or choose others on the campaign's page`,
      );
    expect(sentFrom('held@acme.test')).toEqual([]);

    await bed.db.mailboxes.updateOne({ workspaceId: ws, publicId: east!.id }, { $set: { status: 'active', pausedReason: null } });
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1] });
    expect(sentFrom('held@acme.test')).toEqual(['east@brightline.test']);
    expect(await bed.db.outbox.findOne({ workspaceId: ws, prospectId: 1 }).lean()).toMatchObject({ status: 'sent', mailboxId: east!.id });
    // The spare mailbox was active all along, yet the campaign's email never went through it.
    expect(bed.sink.messages.some((message) => message.from === 'spare@brightline.test')).toBe(false);
  }, 60_000);
});
