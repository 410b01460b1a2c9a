import { randomBytes } from 'node:crypto';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../dev/devstack/ports.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { TEST_MAIL_ALLOW_HOSTS } from '../../../../dev/testing/mail-server.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { createModels, type Models } from '../../models.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createMailbox } from '../mailboxes/mailboxes.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { createSequenceActivities } from '../sequences/activities.ts';
import type { DeliverFaults } from './deliver.ts';

// A send connects only where the address policy allows, checked at the moment of sending, and a
// failure to connect or log in is told as one classified reason: deliverStep on a real database
// against a real SMTP server on loopback.
const box = secretsBox(randomBytes(32));
let database: mongoose.Connection;
let db: Models;
let sink: SmtpSink;
const channel = PluginHost.load(installedPlugins).channel('email');

beforeAll(async () => {
  database = await openTestDatabase('send-connect');
  db = createModels(database);
  await Promise.all(Object.values(db).map((model) => model.init()));
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await database.dropDatabase();
  await database.close();
});

const sending = (mailAllowHosts: readonly string[], models: Models = db, faults?: DeliverFaults) =>
  createSequenceActivities({ db: models, secrets: box, publicUrl: 'https://meetflow.example', channel, mailAllowHosts, faults });
/** The races a send runs before it takes a slot in one step: as it comes (a few), and none (every send in one step). */
const RACES = [
  { races: 'racing first', faults: undefined },
  { races: 'each in one step', faults: { optimisticTries: 0 } },
];

/** A workspace sending now, with one email queued for prospect 1; its mailbox is the caller's to add. */
async function queued(workspaceId: string) {
  await configureSending(db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(Date.now()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
  });
  const email = `pat@${workspaceId}.test`;
  const step = { workspaceId, sequenceId: `seq-${workspaceId}`, prospectId: 1, email, step: 1, subject: 'Hello', body: 'Hi Pat.' };
  expect(await sending([]).queueStep(step)).toEqual({ outcome: 'queued' });
  return { workspaceId, prospectId: 1, step: 1, at: Date.now(), email };
}

const mailboxOf = (workspaceId: string) => db.mailboxes.findOne({ workspaceId }).lean();

/** The first step of prospects 1…count queued, each at a company domain of its own; answers each send's input. */
async function queueFirstSteps(workspaceId: string, count: number) {
  const queue = sending([]);
  const inputs = [];
  for (let prospectId = 1; prospectId <= count; prospectId++) {
    const email = `lead${prospectId}@firm${prospectId}.test`;
    const step = { workspaceId, sequenceId: `seq-${prospectId}`, prospectId, email, step: 1, subject: 'Hello', body: 'Hi.' };
    expect(await queue.queueStep(step)).toEqual({ outcome: 'queued' });
    inputs.push({ workspaceId, prospectId, step: 1, at: Date.now(), email });
  }
  return inputs;
}

/** Every send tried at once; what the sink received is cleared. */
async function deliverAtOnce(inputs: Array<{ workspaceId: string; prospectId: number; step: number; at: number }>, faults?: DeliverFaults) {
  const deliver = sending(TEST_MAIL_ALLOW_HOSTS, db, faults);
  const results = await Promise.all(inputs.map((input) => deliver.deliverStep(input)));
  sink.messages.splice(0);
  return results;
}

describe('sending through a mailbox', () => {
  it('sends where the allow-list lets it reach the server', async () => {
    const input = await queued('send-allowed');
    await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true });
    expect(await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep(input)).toEqual({ outcome: 'sent' });
    expect(sink.messages.splice(0).map((message) => message.to)).toEqual([[input.email]]);
  });

  it('pauses a mailbox whose server is, at the moment of sending, not allowed ("address not allowed"), sending nothing', async () => {
    const input = await queued('send-refused');
    await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true });
    const result = await sending([]).deliverStep(input);
    expect(result).toMatchObject({ outcome: 'wait', reason: expect.stringContaining('is paused: address not allowed') });
    expect(await mailboxOf(input.workspaceId)).toMatchObject({ status: 'paused', pausedReason: 'address not allowed' });
    expect(await db.outbox.findOne({ workspaceId: input.workspaceId }).lean()).toMatchObject({ status: 'queued', mailboxId: null });
    expect(sink.messages).toEqual([]);
  });

  it('pauses a mailbox whose login is refused, saying only "authentication failed"', async () => {
    const input = await queued('send-wrong-login');
    await createMailbox(db, box, input.workspaceId, {
      fromName: 'Alex Morgan',
      fromAddress: 'alex@brightline.test',
      smtp: { host: '127.0.0.1', port: sink.port, tls: 'none', user: sink.user },
      password: 'not the password',
    });
    await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep(input);
    expect(await mailboxOf(input.workspaceId)).toMatchObject({ status: 'paused', pausedReason: 'authentication failed' });
    expect(sink.messages).toEqual([]);
  });

  it('tries again later where nothing listens, saying "connection refused", the mailbox left active', async () => {
    const input = await queued('send-closed');
    const mailbox = await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true });
    await db.mailboxes.updateOne({ workspaceId: input.workspaceId, publicId: mailbox.id }, { $set: { 'smtp.port': await freePort() } });
    expect(await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep(input)).toMatchObject({
      outcome: 'wait',
      reason: expect.stringMatching(/^127\.0\.0\.1 did not take it \(connection refused\); trying again$/),
    });
    expect(await mailboxOf(input.workspaceId)).toMatchObject({ status: 'active' });
  });

  it('an email whose try was cut off after it took a mailbox slot takes that slot again: counted once, sent once, under a cap of 1', async () => {
    const input = await queued('send-cut-off');
    const mailbox = await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true, dailyCap: 1 });
    // The database goes away between the slot taken on the mailbox's counter and the slot recorded on the email.
    let cut = false;
    const outbox = new Proxy(db.outbox, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property !== 'updateOne') return value.bind(target);
        return (...args: Array<{ $set?: { slotAt?: unknown } }>) => {
          if (cut || !args[1]?.$set?.slotAt) return value.apply(target, args);
          cut = true;
          throw new Error('connection lost');
        };
      },
    });
    const cutOff = sending(TEST_MAIL_ALLOW_HOSTS, { ...db, outbox });
    await expect(cutOff.deliverStep(input)).rejects.toThrow('connection lost');
    expect(cut).toBe(true);
    expect(await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep(input)).toEqual({ outcome: 'sent' });
    expect(sink.messages.splice(0).map((message) => message.to)).toEqual([[input.email]]);
    const counter = await db.sendCounters.findOne({ workspaceId: input.workspaceId, kind: 'mailbox', key: mailbox.id }).lean();
    expect(counter).toMatchObject({ count: 1, slots: [{ email: expect.any(String) }] });
  });

  it('a try that runs late (asked an hour ago, retried now) goes by the clock: sent now, not held for a window that was closed then', async () => {
    const input = await queued('send-late');
    await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true });
    // The window is open now and was closed an hour ago: it opened half an hour ago, where it is mid-morning now.
    const zone = morningZone(Date.now());
    const opened = new Date(Date.now() - 30 * 60_000).toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    await configureSending(db, input.workspaceId, {
      mode: 'autonomous',
      timeZone: zone,
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: opened, end: '23:59' },
      gapMinutes: { min: 0, max: 0 },
    });
    const before = Date.now();
    expect(await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep({ ...input, at: before - 3_600_000 })).toEqual({ outcome: 'sent' });
    expect(sink.messages.splice(0).map((message) => message.to)).toEqual([[input.email]]);
    const row = await db.outbox.findOne({ workspaceId: input.workspaceId }).lean();
    expect(row!.sentAt!.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('pauses a mailbox holding a password sealed for another mailbox: it does not open there', async () => {
    const input = await queued('send-copied');
    await connectSinkMailbox(db, box, input.workspaceId, sink, { warmedUp: true });
    const other = await db.mailboxes.findOne({ workspaceId: 'send-allowed' }).lean();
    await db.mailboxes.collection.updateOne({ workspaceId: input.workspaceId }, { $set: { password: other!.password } });
    await sending(TEST_MAIL_ALLOW_HOSTS).deliverStep(input);
    expect(await mailboxOf(input.workspaceId)).toMatchObject({
      status: 'paused',
      pausedReason: 'The password of alex@brightline.test cannot be opened here: enter it again.',
    });
    expect(sink.messages).toEqual([]);
  });

  it.each(RACES)(
    'many sends at once ($races) each take their own slot: none loses the race and waits, no cap is passed, the gap is kept on each mailbox',
    async ({ faults }) => {
      const workspaceId = `send-at-once-${faults ? 'one-step' : 'racing'}`;
      await configureSending(db, workspaceId, {
        mode: 'autonomous',
        timeZone: morningZone(Date.now()),
        window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
        gapMinutes: { min: 1, max: 1 },
      });
      const inputs = await queueFirstSteps(workspaceId, 200);
      // Two mailboxes whose caps (90 each) leave 20 of the 200 for tomorrow.
      const mailboxes = [
        await connectSinkMailbox(db, box, workspaceId, sink, { warmedUp: true, dailyCap: 90, fromAddress: 'alex@brightline.test' }),
        await connectSinkMailbox(db, box, workspaceId, sink, { warmedUp: true, dailyCap: 90, fromAddress: 'sam@brightline.test' }),
      ];
      const results = await deliverAtOnce(inputs, faults);
      const reasons = results.map((result) => ('reason' in result ? String(result.reason) : result.outcome));
      // Two sent at once (each mailbox's first slot), 178 wait their turn a minute apart, 20 find both caps reached.
      expect(reasons.filter((reason) => reason === 'sent')).toHaveLength(2);
      expect(reasons.filter((reason) => reason.startsWith('waiting its turn'))).toHaveLength(178);
      expect(reasons.filter((reason) => reason.startsWith('every mailbox has sent its daily cap'))).toHaveLength(20);
      for (const mailbox of mailboxes) {
        const counter = await db.sendCounters.findOne({ workspaceId, kind: 'mailbox', key: mailbox.id }).lean();
        expect(counter?.count).toBe(90);
        const times = counter!.slots!.map((slot) => slot.at!.getTime()).sort((a, b) => a - b);
        expect(times).toHaveLength(90);
        expect(times.slice(1).every((time, index) => time - times[index]! === 60_000)).toBe(true);
        const rows = await db.outbox.find({ workspaceId, mailboxId: mailbox.id }, { slotAt: 1 }).lean();
        expect(rows.map((row) => row.slotAt!.getTime()).sort((a, b) => a - b)).toEqual(times);
      }
    },
  );

  it.each(RACES)(
    'many sends at once ($races) as the window closes: those whose slot falls past it give it back, and the counter holds only the slots taken',
    async ({ faults }) => {
      const workspaceId = `send-window-closing-${faults ? 'one-step' : 'racing'}`;
      const zone = morningZone(Date.now());
      // The window closes 34–35 minutes from now; a 10-minute gap leaves room for four sends.
      const closes = new Date(Date.now() + 35 * 60_000).toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
      await configureSending(db, workspaceId, {
        mode: 'autonomous',
        timeZone: zone,
        window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: closes },
        gapMinutes: { min: 10, max: 10 },
      });
      const inputs = await queueFirstSteps(workspaceId, 100);
      const mailbox = await connectSinkMailbox(db, box, workspaceId, sink, { warmedUp: true, dailyCap: 100 });
      const results = await deliverAtOnce(inputs, faults);
      const reasons = results.map((result) => ('reason' in result ? String(result.reason) : result.outcome));
      expect(reasons.filter((reason) => reason === 'sent')).toHaveLength(1);
      expect(reasons.filter((reason) => reason.startsWith('waiting its turn'))).toHaveLength(3);
      // The other 96 wait for tomorrow's window (told as the mailbox's day being over).
      const tomorrow = results.filter((result) => result.outcome === 'wait' && !String(result.reason).startsWith('waiting its turn'));
      expect(tomorrow).toHaveLength(96);
      expect(tomorrow.every((result) => result.outcome === 'wait' && result.until > Date.now() + 35 * 60_000)).toBe(true);
      const counter = await db.sendCounters.findOne({ workspaceId, kind: 'mailbox', key: mailbox.id }).lean();
      expect(counter?.count).toBe(4);
      expect(counter!.slots!.map((slot) => slot.at!.getTime() - counter!.slots![0]!.at!.getTime()).sort((a, b) => a - b)).toEqual([
        0, 600_000, 1_200_000, 1_800_000,
      ]);
    },
  );
});
