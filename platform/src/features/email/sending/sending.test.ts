import { randomBytes } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { prospectSequence, sequenceStateQuery, type ProspectSequenceInput, type SequenceStep } from '@meetflow/workflows';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Models } from '../../models.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { reviewEmail } from '../outbox/review.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { readMailLink } from './mail-links.ts';
import { quietTemporalRuntime } from '../../../../dev/testing/quiet-temporal.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import type { SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { startSequenceTestbed, type SequenceTestbed } from '../../../../dev/testing/sequence-testbed.ts';

quietTemporalRuntime(); // the crash below is retried on purpose; the SDK would print it

let env: TestWorkflowEnvironment;
let db: Models;
let sink: SmtpSink;
const box = secretsBox(randomBytes(32));
const taskQueue = 'sending';
/** Armed by a test: the next send crashes after the SMTP server accepted it, before the outbox records it. */
let crashAfterAccept = false;

const step = (n: number, dayOffset: number): SequenceStep => ({ step: n, dayOffset, subject: `Subject ${n}`, body: `Body of email ${n}.` });

/** Starts a prospect's sequence under the id the review queue signals. */
async function enrol(workspaceId: string, prospectId: number, email: string, steps: SequenceStep[]) {
  const workflowId = sequenceWorkflowId(workspaceId, prospectId);
  const input: ProspectSequenceInput = { workspaceId, sequenceId: workflowId, prospectId, email, steps };
  return env.client.workflow.start(prospectSequence, { taskQueue, workflowId, args: [input] });
}
/**
 * Every sequence's result, awaited one after the other: while one is awaited the server skips time
 * for all of them (concurrent awaits would leave time skipping locked once the first returns).
 */
async function allResults(handles: Array<Awaited<ReturnType<typeof enrol>>>) {
  const results = [];
  for (const handle of handles) results.push(await handle.result());
  return results;
}
const received = (to: string) => sink.messages.filter((message) => message.to.includes(to));

let bed: SequenceTestbed;
beforeAll(async () => {
  bed = await startSequenceTestbed('sending', taskQueue, {
    secrets: box,
    publicUrl: 'https://meetflow.example',
    faults: {
      afterSmtpAccept: () => {
        if (!crashAfterAccept) return;
        crashAfterAccept = false;
        throw new Error('worker killed between the SMTP accept and the outbox update');
      },
    },
  });
  ({ env, db, sink } = bed);
});
afterAll(() => bed.stop());

describe('sending a sequence over SMTP (time-skipping server, a real SMTP server on loopback)', () => {
  it('sends each step with a text part, its Message-ID, one-click unsubscribe headers and follow-ups threaded to step 1', async () => {
    const ws = 'send-wire';
    await configureSending(db, ws, {
      mode: 'autonomous',
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    const handle = await enrol(ws, 1, 'Ada@Acme.test', [step(1, 0), step(2, 3), step(3, 8)]);
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1, 2, 3] });

    const rows = await db.outbox.find({ workspaceId: ws, prospectId: 1 }).sort({ step: 1 }).lean();
    const messages = received('ada@acme.test');
    expect(messages).toHaveLength(3);
    for (const [index, message] of messages.entries()) {
      const row = rows[index]!;
      expect(row).toMatchObject({ status: 'sent', mailboxId: expect.any(String), unconfirmed: false });
      expect(message.parsed.messageId).toBe(row.messageId);
      expect(message.parsed.subject).toBe(`Subject ${index + 1}`);
      expect(message.parsed.html).toBe(false); // plain text only: no tracking pixel
      expect(message.parsed.text).toContain(`Body of email ${index + 1}.`);
      expect(message.parsed.text).toContain('Alex Morgan\nBrightline Data');
      const wire = (name: string) => message.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
      const [, url] =
        /^List-Unsubscribe: <(https:\/\/meetflow\.example\/api\/unsubscribe\/[^>]+)>, <mailto:alex@brightline\.test\?subject=unsubscribe>$/.exec(
          wire('list-unsubscribe') ?? '',
        ) ?? [];
      expect(url, wire('list-unsubscribe')).toBeDefined();
      // An opaque id: 24 random bytes that name nothing; what it stands for is stored, one link per email.
      const token = url!.split('/').pop()!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(24);
      expect(await readMailLink(db, 'unsubscribe', token)).toMatchObject({
        workspaceId: ws,
        prospectId: 1,
        email: 'ada@acme.test',
        step: index + 1,
        outboxId: String(row._id),
      });
      expect(message.parsed.text).toContain(url); // the footer's link, for people
      expect(wire('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
    expect(messages[0]!.parsed.inReplyTo).toBeUndefined();
    for (const followUp of messages.slice(1)) {
      expect(followUp.parsed.inReplyTo).toBe(rows[0]!.messageId);
      expect(followUp.parsed.references).toBe(rows[0]!.messageId);
    }
    expect(await db.outcomeEvents.countDocuments({ workspaceId: ws, type: 'sent' })).toBe(3);
  });

  it('with open tracking on, adds an HTML part of the same text whose 1×1 image is the opaque open link of that step', async () => {
    const ws = 'send-tracked';
    await configureSending(db, ws, {
      mode: 'autonomous',
      trackOpens: true,
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    const handle = await enrol(ws, 1, 'grace@hopper.test', [step(1, 0)]);
    expect(await handle.result()).toMatchObject({ status: 'completed', sentSteps: [1] });
    const [message] = received('grace@hopper.test');
    expect(message!.parsed.text).toContain('Body of email 1.');
    const html = String(message!.parsed.html);
    expect(html).toContain('<p>Body of email 1.</p>');
    const [, token] = /<img src="https:\/\/meetflow\.example\/api\/o\/([^"]+)" width="1" height="1"/.exec(html) ?? [];
    expect(await readMailLink(db, 'open', token ?? '')).toMatchObject({
      workspaceId: ws,
      prospectId: 1,
      sequenceId: handle.workflowId,
      step: 1,
    });
    expect(token).toMatch(/^[\w-]{32}$/); // opaque, and not the unsubscribe link's id
    expect(String(message!.parsed.text)).not.toContain(token);
  });

  it('in review mode sends nothing before approval, then the edit as edited, and counts the next step from the approval', async () => {
    const ws = 'send-review';
    await configureSending(db, ws, {
      mode: 'review',
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    const handle = await enrol(ws, 2, 'grace@review.test', [step(1, 0), step(2, 3)]);
    await env.sleep('10 days');
    expect(received('grace@review.test')).toHaveLength(0);
    expect(await handle.query(sequenceStateQuery)).toMatchObject({ status: 'active', sentSteps: [], waitingFor: 'review' });
    const pending = await db.outbox.findOne({ workspaceId: ws, prospectId: 2, step: 1 }).lean();
    expect(pending?.status).toBe('pending_review');

    const approvedAt = await env.currentTimeMs();
    const item = await reviewEmail(
      { db, temporal: env.client },
      ws,
      pending!._id.toString(),
      { action: 'approve', body: 'An edited body.' },
      'user:reviewer',
    );
    expect(item).toMatchObject({ status: 'queued', edited: true, body: 'An edited body.', reviewedBy: 'user:reviewer' });
    // Step 2 waits for its own approval, due 3 days after step 1 was approved (not after enrolment).
    for (;;) {
      const state = await handle.query(sequenceStateQuery);
      if (state.waitingFor === 'review' && state.nextStep === 2) break;
      await env.sleep('1 hour');
    }
    expect((await env.currentTimeMs()) - approvedAt).toBeGreaterThan(2.9 * 86_400_000);
    const second = await db.outbox.findOne({ workspaceId: ws, prospectId: 2, step: 2 }).lean();
    const [first] = received('grace@review.test');
    expect(first!.parsed.text).toContain('An edited body.');
    expect(first!.parsed.text).not.toContain('Body of email 1.');
    expect((await db.outbox.findOne({ workspaceId: ws, prospectId: 2, step: 1 }).lean())?.original).toEqual({
      subject: 'Subject 1',
      body: 'Body of email 1.',
    });

    await reviewEmail({ db, temporal: env.client }, ws, second!._id.toString(), { action: 'reject' }, 'user:reviewer');
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'rejected in review', sentSteps: [1] });
    expect(received('grace@review.test')).toHaveLength(1);
  });

  it('never sends to a suppressed address or domain, whatever the workflow asks', async () => {
    const ws = 'send-suppressed';
    await configureSending(db, ws, {
      mode: 'autonomous',
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    await db.suppressions.create({ workspaceId: ws, email: 'gone@acme.test', reason: 'unsubscribed' });
    await db.suppressions.create({ workspaceId: ws, email: '*@blocked.test', reason: 'manual' });
    const byAddress = await (await enrol(ws, 3, 'Gone@acme.test', [step(1, 0)])).result();
    const byDomain = await (await enrol(ws, 4, 'anyone@blocked.test', [step(1, 0)])).result();
    expect(byAddress).toMatchObject({ status: 'stopped', stopReason: 'suppressed: unsubscribed', sentSteps: [] });
    expect(byDomain).toMatchObject({ status: 'stopped', stopReason: 'suppressed: manual', sentSteps: [] });
    expect(received('gone@acme.test').length + received('anyone@blocked.test').length).toBe(0);
  });

  it('delivers exactly once when the worker dies between the SMTP accept and the outbox update', async () => {
    const ws = 'send-crash';
    await configureSending(db, ws, {
      mode: 'autonomous',
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    crashAfterAccept = true;
    const result = await (await enrol(ws, 5, 'once@acme.test', [step(1, 0)])).result();
    expect(crashAfterAccept).toBe(false); // the crash happened
    expect(result).toMatchObject({ status: 'completed', sentSteps: [1] });
    expect(received('once@acme.test')).toHaveLength(1);
    expect(await db.outbox.findOne({ workspaceId: ws, prospectId: 5 }).lean()).toMatchObject({ status: 'sent', unconfirmed: true });
  });

  it('refuses at the door (550) fail the email, suppress the address and stop the sequence', async () => {
    const ws = 'send-refused';
    await configureSending(db, ws, {
      mode: 'autonomous',
      timeZone: morningZone(await env.currentTimeMs()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, ws, sink, { warmedUp: true, addedAt: await env.currentTimeMs() });
    sink.rejectRecipients.add('nobody@acme.test');
    const result = await (await enrol(ws, 6, 'nobody@acme.test', [step(1, 0), step(2, 3)])).result();
    expect(result).toMatchObject({ status: 'stopped', sentSteps: [] });
    expect(result.stopReason).toMatch(/^failed: the server refused it: .*550/);
    expect(await db.suppressions.findOne({ workspaceId: ws, email: 'nobody@acme.test' }).lean()).toMatchObject({ reason: 'bounced' });
  });
});

describe('the guardrails (time-skipping server: days pass in seconds)', () => {
  const WINDOW = { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' };
  const ALL_WEEK = { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' };
  /** How many of the workspace's emails went out on each local day (in `zone`), in order; each address received exactly one. */
  async function sendsPerDay(ws: string, addresses: string[], zone: string) {
    for (const address of addresses) expect(received(address)).toHaveLength(1);
    const days = new Map<string, number>();
    for (const row of await db.outbox.find({ workspaceId: ws, status: 'sent' }, { sentAt: 1 }).lean()) {
      const day = DateTime.fromJSDate(row.sentAt!, { zone }).toISODate()!;
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, count]) => count);
  }
  async function checkWindow(ws: string, zone: string, enrolledAt: number, days = WINDOW.days) {
    const rows = await db.outbox.find({ workspaceId: ws }, { sentAt: 1, status: 1 }).lean();
    for (const row of rows) {
      expect(row.status).toBe('sent');
      const local = DateTime.fromJSDate(row.sentAt!, { zone });
      expect(days).toContain(local.weekday);
      expect(local.hour * 60 + local.minute).toBeGreaterThanOrEqual(8 * 60);
      expect(local.hour * 60 + local.minute).toBeLessThan(17 * 60);
      expect(+row.sentAt!).toBeGreaterThanOrEqual(enrolledAt); // none early
    }
  }

  it('cap 30: of 100 enrolled prospects exactly 30 go in the first window, the rest on later days, none lost', async () => {
    const ws = 'cap';
    const enrolledAt = await env.currentTimeMs();
    const zone = morningZone(enrolledAt);
    await configureSending(db, ws, { mode: 'autonomous', timeZone: zone, window: WINDOW, gapMinutes: { min: 8, max: 10 } });
    await connectSinkMailbox(db, box, ws, sink, { fromAddress: 'cap@brightline.test', dailyCap: 30, warmedUp: true, addedAt: enrolledAt });
    const addresses = Array.from({ length: 100 }, (_, i) => `lead${i}@company${i}.test`);
    const results = await allResults(await Promise.all(addresses.map((address, i) => enrol(ws, 100 + i, address, [step(1, 0)]))));
    expect(results.every((result) => result.status === 'completed')).toBe(true);
    expect(await sendsPerDay(ws, addresses, zone)).toEqual([30, 30, 30, 10]);
    await checkWindow(ws, zone, enrolledAt);
  }, 120_000);

  it('a new mailbox warms up: 5 on its first day, 7 on the next, then the rest', async () => {
    const ws = 'ramp';
    const enrolledAt = await env.currentTimeMs();
    const zone = morningZone(enrolledAt);
    await configureSending(db, ws, { mode: 'autonomous', timeZone: zone, window: ALL_WEEK, gapMinutes: { min: 8, max: 10 } });
    await connectSinkMailbox(db, box, ws, sink, { fromAddress: 'new@brightline.test', dailyCap: 30, addedAt: enrolledAt });
    const addresses = Array.from({ length: 20 }, (_, i) => `ramp${i}@firm${i}.test`);
    await allResults(await Promise.all(addresses.map((address, i) => enrol(ws, 300 + i, address, [step(1, 0)]))));
    expect(await sendsPerDay(ws, addresses, zone)).toEqual([5, 7, 8]);
    await checkWindow(ws, zone, enrolledAt, ALL_WEEK.days);
  }, 60_000);

  it('at most 2 new prospects of one company domain a day', async () => {
    const ws = 'per-domain';
    const enrolledAt = await env.currentTimeMs();
    const zone = morningZone(enrolledAt);
    await configureSending(db, ws, { mode: 'autonomous', timeZone: zone, window: ALL_WEEK, gapMinutes: { min: 1, max: 2 } });
    await connectSinkMailbox(db, box, ws, sink, {
      fromAddress: 'domain@brightline.test',
      dailyCap: 30,
      warmedUp: true,
      addedAt: enrolledAt,
    });
    const addresses = Array.from({ length: 5 }, (_, i) => `person${i}@samecorp.test`);
    await allResults(await Promise.all(addresses.map((address, i) => enrol(ws, 400 + i, address, [step(1, 0)]))));
    expect(await sendsPerDay(ws, addresses, zone)).toEqual([2, 2, 1]);
    await checkWindow(ws, zone, enrolledAt, ALL_WEEK.days);
  }, 60_000);
});
