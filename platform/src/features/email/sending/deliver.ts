import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { CHANNEL_FAILURES, connectionFailureReason, type SentMessage } from '@meetflow/plugin-sdk/contracts/channel';
import { ApplicationFailure } from '@temporalio/common';
import type { DeliverStepInput, DeliverStepResult } from '@meetflow/workflows';
import type { Models } from '../../models.ts';
import type { SecretsBox } from '../../../core/secrets-box.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { publishEvent, type EventsDb } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { campaignMailboxes } from '../mailboxes/campaign-mailboxes.ts';
import { mailServerAddress, type MailAllowHosts } from '../mailboxes/mail-hosts.ts';
import { openPassword, PasswordUnusable } from '../mailboxes/mailbox-password.ts';
import type { Mailbox, MailboxDb } from '../mailboxes/model.ts';
import type { InProcessChannel } from '../../runs/services.ts';
import { countSentTrials, recordOutcome, type SentTrialsDb } from '../../insights/services.ts';
import { ONE_OFF_TEMPLATES, type OutboxMessage, type SendCounter } from '../outbox/model.ts';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import { checkBounceRate, recordHardBounce, type BounceRateDb, type HardBounceDb } from './bounces.ts';
import { capOn, dayKey, domainOf, nextDayOpening, sendGapMs, windowOpening, type SendingSettings } from './guardrails.ts';
import { suppressionOf } from '../suppressions/suppression.ts';
import { sendingPauseOf } from './sending-pause.ts';
import { mailLinkToken, mailLinkUrl } from './mail-links.ts';
import { trackedHtml } from './open-tracking.ts';

/** Tests only: points where a send can be made to crash, as a killed worker would, and how long it races for a slot. */
export interface DeliverFaults {
  /** Runs after the SMTP server accepted the message, before the outbox records it. */
  afterSmtpAccept?: () => void;
  /** How many times a send races for the least used mailbox before it takes a slot in one step (0: every send takes it in one step). */
  optimisticTries?: number;
}

type Row = OutboxMessage & { _id: unknown };
/** What a send reads and writes: the email, its guardrails (suppressions, config, the prospect's zone, counters), the mailboxes, its links and outcomes. */
export type DeliverDb = Pick<Models, 'outbox' | 'prospects' | 'sendCounters' | 'campaigns' | 'mailLinks'> &
  HardBounceDb &
  BounceRateDb &
  ConfigStoreDb &
  MailboxDb &
  SentTrialsDb &
  EventsDb;
type Deps = {
  db: DeliverDb;
  secrets: Secrets;
  publicUrl: string;
  /** The installed email channel plugin that moves the message; null: none is installed, and emails wait saying so. */
  channel: InProcessChannel | null;
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS). */
  mailAllowHosts: MailAllowHosts;
  faults?: DeliverFaults;
};

/** How long a send waits before trying again when no mailbox can take it, or the server failed for now. */
const RETRY_LATER_MS = 15 * 60_000;
/** A follow-up's first try waits this long for a mailbox whose login was refused to be fixed. */
const LOGIN_REFUSED_RETRY_MS = 60_000;

/** How many times a send races for the least used mailbox before it takes the next slot of the least used as read. */
const OPTIMISTIC_TRIES = 4;

type Counter = Pick<SendCounter, 'key' | 'count' | 'nextAt' | 'nextAtMs' | 'slots'>;

/** When a mailbox may send next, as its counter says (counters written before `nextAtMs` kept a date). */
const nextAtOf = (counter: Pick<SendCounter, 'nextAt' | 'nextAtMs'>): number => counter.nextAtMs ?? counter.nextAt?.getTime() ?? 0;

/** A mailbox's counter among those read. */
const counterOf = (counters: Counter[], mailbox: Mailbox) => counters.find((counter) => counter.key === mailbox.publicId);

/** The mailboxes in the order a send tries them: the thread's own first, then the least used today, then by id. */
function leastUsedFirst(mailboxes: Mailbox[], counters: Counter[], previousMailboxId: string | null): Mailbox[] {
  const used = (mailbox: Mailbox) => counterOf(counters, mailbox)?.count ?? 0;
  return [...mailboxes].sort(
    (a, b) =>
      Number(b.publicId === previousMailboxId) - Number(a.publicId === previousMailboxId) ||
      used(a) - used(b) ||
      a.publicId.localeCompare(b.publicId),
  );
}

const wait = (until: Date | number, reason: string): DeliverStepResult => ({ outcome: 'wait', until: +until, reason });

/**
 * `deliverStep`: sends a queued email through one of the workspace's mailboxes, or says when to
 * try again. Every guardrail is checked here, whatever the workflow asks: the suppression list,
 * the sending window in the prospect's zone, new prospects per company domain a day, each
 * mailbox's daily cap (lower while it warms up) and the random gap between two of its sends.
 *
 * Exactly once in effect: the Message-ID and mailbox are recorded before the SMTP call, and the
 * moment the message may reach the server is recorded too; a retry after that moment (a worker
 * killed between the server's accept and the record) counts the email sent and never sends it again.
 */
export function createDeliverStep(deps: Deps) {
  const { db } = deps;

  return async function deliverStep(input: DeliverStepInput): Promise<DeliverStepResult> {
    const now = new Date(Math.max(input.at, Date.now())); // a late try goes by the clock (DeliverStepInput.at)
    const { workspaceId, prospectId, step } = input;
    const row = await db.outbox.findOne({ workspaceId, prospectId, step }).lean<Row>();
    if (!row) return { outcome: 'failed', reason: `no email for step ${step} in the outbox` };
    switch (row.status) {
      case 'sent':
        return { outcome: 'sent' };
      case 'suppressed':
      case 'failed':
      case 'rejected':
        return { outcome: row.status, reason: row.error ?? row.status };
      case 'pending_review':
        return wait(now.getTime() + RETRY_LATER_MS, 'waiting for review');
      case 'sending':
        if (row.transmittingAt) return settleUnconfirmed(row, now);
    }

    const suppressed = await suppressionOf(db, workspaceId, row.email);
    if (suppressed) {
      await db.outbox.updateOne({ workspaceId, _id: row._id }, { $set: { status: 'suppressed', error: suppressed.reason } });
      return { outcome: 'suppressed', reason: suppressed.reason };
    }
    // The platform held the workspace's outreach (billing): nothing is reserved or sent, the email waits and says why.
    const paused = await sendingPauseOf(db.outbox.db, workspaceId);
    if (paused) return hold(row, now.getTime() + RETRY_LATER_MS, `sending is paused: ${paused.reason}`);
    if (!('seal' in deps.secrets)) return hold(row, now.getTime() + RETRY_LATER_MS, deps.secrets.unavailable);
    const box = deps.secrets;
    const channel = deps.channel;
    if (!channel) return hold(row, now.getTime() + RETRY_LATER_MS, 'no email channel plugin is installed (such as channel-email-smtp)');
    const { sending } = await getWorkspaceConfig(db, workspaceId);
    const sender = { box, channel, trackOpens: sending.trackOpens };
    const prospect = await db.prospects.findOne({ workspaceId, id: prospectId }, { timeZone: 1 }).lean();
    const zone = prospect?.timeZone ?? sending.timeZone;

    if (row.status === 'sending' || (row.mailboxId && row.slotAt)) {
      const mailbox = await db.mailboxes.findOne({ workspaceId, publicId: row.mailboxId, status: 'active' }).lean<Mailbox>();
      if (mailbox && row.slotAt && row.slotAt > now) return wait(row.slotAt, row.waitReason ?? 'waiting for its turn on the mailbox');
      if (mailbox) return transmit(row, mailbox, sender, now, await firstSentOf(row));
      // Its mailbox was paused or removed meanwhile: reserve anew below.
      await db.outbox.updateOne(
        { workspaceId, _id: row._id },
        { $set: { status: 'queued', mailboxId: null, slotAt: null, messageId: null } },
      );
    }

    const opening = windowOpening(now, zone, sending.window);
    if (opening > now) return hold(row, opening, `outside the sending window (${describeWindow(sending, zone)})`);

    const first = await firstSentOf(row);
    if (!first && !(await takeDomainSlot(workspaceId, row, now, sending))) {
      return hold(
        row,
        nextDayOpening(now, zone, sending.window),
        `${sending.newProspectsPerDomainPerDay} new prospects at ${domainOf(row.email)} already today`,
      );
    }

    const reserved = await reserveMailbox(workspaceId, row, first?.mailboxId ?? null, now, sending, zone);
    if ('reason' in reserved) return hold(row, reserved.until, reserved.reason);
    const gapReason = `waiting its turn: ${reserved.mailbox.fromAddress} leaves ${sending.gapMinutes.min}–${sending.gapMinutes.max} min between sends`;
    // A slot the clock has reached meanwhile is sent at once: sends taking their slots in one step
    // hand out each other's start moments, a few milliseconds apart.
    const later = reserved.slotAt.getTime() > Math.max(now.getTime(), Date.now());
    await db.outbox.updateOne(
      { workspaceId, _id: row._id },
      {
        $set: {
          mailboxId: reserved.mailbox.publicId,
          fromAddress: reserved.mailbox.fromAddress,
          slotAt: reserved.slotAt,
          waitReason: later ? gapReason : null,
          waitingUntil: later ? reserved.slotAt : null,
        },
      },
    );
    if (later) return wait(reserved.slotAt, gapReason);
    return transmit({ ...row, mailboxId: reserved.mailbox.publicId }, reserved.mailbox, sender, now, first);
  };

  /** The prospect's first email that was sent, if any: a follow-up goes from its mailbox, in its thread. */
  async function firstSentOf(row: Row) {
    return db.outbox
      .findOne(
        { workspaceId: row.workspaceId, prospectId: row.prospectId, status: 'sent' },
        { mailboxId: 1, messageId: 1, serverMessageId: 1 },
      )
      .sort({ step: 1 })
      .lean();
  }

  /** Records why the email waits and until when (the review queue and the prospect's page show it). */
  async function hold(row: Row, until: Date | number, reason: string): Promise<DeliverStepResult> {
    await db.outbox.updateOne(
      { workspaceId: row.workspaceId, _id: row._id },
      { $set: { waitReason: reason, waitingUntil: new Date(until) } },
    );
    return wait(until, reason);
  }

  /**
   * Takes one of the day's places for the prospect's company domain (a prospect already counted
   * today keeps its place): at most `newProspectsPerDomainPerDay` new prospects per domain a day.
   */
  async function takeDomainSlot(workspaceId: string, row: Row, now: Date, sending: SendingSettings): Promise<boolean> {
    const key = { workspaceId, kind: 'domain' as const, key: domainOf(row.email), day: dayKey(now, sending.timeZone) };
    await ensureCounter(key);
    const limit = sending.newProspectsPerDomainPerDay;
    const taken = await db.sendCounters.updateOne(
      { ...key, $or: [{ prospectIds: row.prospectId }, { [`prospectIds.${limit - 1}`]: { $exists: false } }] },
      { $addToSet: { prospectIds: row.prospectId } },
    );
    return taken.matchedCount === 1;
  }

  async function ensureCounter(key: { workspaceId: string; kind: 'mailbox' | 'domain'; key: string; day: string }) {
    try {
      await db.sendCounters.updateOne(key, { $setOnInsert: { ...key, count: 0, nextAtMs: 0, prospectIds: [] } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error; // two upserts raced: the other made it
    }
  }

  /**
   * Reserves a slot on a mailbox among those the email's campaign chose (every active one when it
   * chose none): the follow-up's own mailbox first (its thread), then the least used today. A slot
   * is the mailbox's next free moment (after the random gap since its last), counted against
   * today's cap; one outside the prospect's window is not taken. Each slot names the email that
   * took it, so a try cut off between taking a slot and recording it on the email (the database
   * gone, the worker killed) finds its slot again on the next try instead of taking a second one
   * (which would count against the cap an email never sent).
   */
  async function reserveMailbox(
    workspaceId: string,
    row: Row,
    previousMailboxId: string | null,
    now: Date,
    sending: SendingSettings,
    zone: string,
  ): Promise<{ mailbox: Mailbox; slotAt: Date } | { until: Date | number; reason: string }> {
    const chosen = await campaignMailboxes(db, workspaceId, row.campaignId ?? null);
    const mailboxes = await db.mailboxes
      .find({ workspaceId, status: 'active', ...(chosen ? { publicId: { $in: chosen.mailboxIds } } : {}) })
      .lean<Mailbox[]>();
    if (mailboxes.length === 0 && chosen) {
      return {
        until: now.getTime() + RETRY_LATER_MS,
        reason: `none of campaign "${chosen.campaignName}"'s mailboxes is active: resume one under Settings → Mailboxes, or choose others on the campaign's page`,
      };
    }
    if (mailboxes.length === 0) {
      return { until: now.getTime() + RETRY_LATER_MS, reason: 'no active mailbox: connect one under Settings → Mailboxes' };
    }
    const day = dayKey(now, sending.timeZone);
    const email = String(row._id);
    const counterKey = (mailbox: Mailbox) => ({ workspaceId, kind: 'mailbox' as const, key: mailbox.publicId, day });
    for (const mailbox of mailboxes) await ensureCounter(counterKey(mailbox));
    // Optimistic first: read every counter, order the mailboxes, and take the first free slot only if
    // its counter has not moved since; when another send took it meanwhile, read them all again, so
    // a few concurrent sends still rotate to the least used mailbox instead of piling onto one.
    let ordered = mailboxes;
    let counters: Counter[] = [];
    const tries = deps.faults?.optimisticTries ?? OPTIMISTIC_TRIES;
    for (let attempt = 0; ; attempt++) {
      counters = await db.sendCounters
        .find(
          { workspaceId, kind: 'mailbox', day, key: { $in: mailboxes.map((mailbox) => mailbox.publicId) } },
          { key: 1, count: 1, nextAt: 1, nextAtMs: 1, slots: { $elemMatch: { email } } },
        )
        .lean<Counter[]>();
      const held = counters.find((counter) => counter.slots?.length);
      if (held) return { mailbox: mailboxes.find((mailbox) => mailbox.publicId === held.key)!, slotAt: held.slots![0]!.at ?? now };
      ordered = leastUsedFirst(mailboxes, counters, previousMailboxId);
      if (attempt === tries) break;
      let moved = false;
      for (const mailbox of ordered) {
        const counter = counterOf(counters, mailbox);
        if (!counter) continue;
        const slot = freeSlot(mailbox, counter.count, nextAtOf(counter), now, day, sending, zone);
        if (!slot) continue;
        const taken = await db.sendCounters.updateOne(
          { ...counterKey(mailbox), count: counter.count, nextAtMs: counter.nextAtMs ?? null },
          { $inc: { count: 1 }, $set: { nextAtMs: slot.getTime() + sendGapMs(sending.gapMinutes) }, $push: { slots: { email, at: slot } } },
        );
        if (taken.modifiedCount === 1) return { mailbox, slotAt: slot };
        moved = true;
        break;
      }
      if (!moved) return dayFull(ordered, chosen, now, sending, zone);
    }
    // Many sends at once (a batch's first emails): rather than race on for the least used mailbox,
    // take the next slot of the least used as last read, in one atomic step that cannot lose: the
    // counter hands out its next moment and moves it on by the gap, so every send gets its own slot.
    for (const mailbox of ordered) {
      const counter = counterOf(counters, mailbox);
      const cap = capOn(now, mailbox, sending.timeZone);
      if (!counter || counter.count >= cap) continue;
      await db.sendCounters.updateOne(counterKey(mailbox), { $max: { nextAtMs: Math.max(now.getTime(), nextAtOf(counter)) } });
      const before = await db.sendCounters
        .findOneAndUpdate(
          { ...counterKey(mailbox), count: { $lt: cap }, 'slots.email': { $ne: email } },
          { $inc: { count: 1, nextAtMs: sendGapMs(sending.gapMinutes) }, $push: { slots: { email } } },
          { projection: { nextAtMs: 1 }, returnDocument: 'before' },
        )
        .lean<Counter>();
      if (!before) continue;
      const slot = new Date(before.nextAtMs ?? now.getTime());
      if (freeSlot(mailbox, 0, slot.getTime(), now, day, sending, zone)) {
        await db.sendCounters.updateOne({ ...counterKey(mailbox), 'slots.email': email }, { $set: { 'slots.$.at': slot } });
        return { mailbox, slotAt: slot };
      }
      // Its window (or day) is over: the slot goes back, and every later one would fall outside too.
      await db.sendCounters.updateOne(counterKey(mailbox), { $inc: { count: -1 }, $pull: { slots: { email } } });
    }
    return dayFull(ordered, chosen, now, sending, zone);
  }

  /** Why no mailbox can take the email today (each has sent its cap, or its window is over), and when to try again. */
  function dayFull(
    ordered: Mailbox[],
    chosen: { campaignName: string } | null,
    now: Date,
    sending: SendingSettings,
    zone: string,
  ): { until: Date | number; reason: string } {
    const caps = ordered.map((mailbox) => capOn(now, mailbox, sending.timeZone));
    return {
      until: nextDayOpening(now, zone, sending.window),
      reason:
        ordered.length === 1
          ? `${ordered[0]!.fromAddress} has sent its ${caps[0]} for today`
          : `every mailbox${chosen ? ` of campaign "${chosen.campaignName}"` : ''} has sent its daily cap for today (${caps.join(', ')})`,
    };
  }

  /** A mailbox's next slot today as its counter stands, or null when its cap is reached or the slot falls outside the window. */
  function freeSlot(
    mailbox: Mailbox,
    count: number,
    nextAtMs: number,
    now: Date,
    day: string,
    sending: SendingSettings,
    zone: string,
  ): Date | null {
    if (count >= capOn(now, mailbox, sending.timeZone)) return null;
    const slotAt = new Date(Math.max(now.getTime(), nextAtMs));
    const inWindow = windowOpening(slotAt, zone, sending.window).getTime() === slotAt.getTime();
    if (!inWindow || dayKey(slotAt, sending.timeZone) !== day) return null;
    return slotAt;
  }

  /** The SMTP exchange, with the intent recorded first and the result after. */
  async function transmit(
    row: Row,
    mailbox: Mailbox,
    { box, channel, trackOpens }: { box: SecretsBox; channel: InProcessChannel; trackOpens: boolean },
    now: Date,
    first: Pick<OutboxMessage, 'messageId' | 'serverMessageId'> | null,
  ): Promise<DeliverStepResult> {
    const { workspaceId } = row;
    const messageId = row.messageId ?? `<${randomUUID()}@${domainOf(mailbox.fromAddress)}>`;
    const thread = first ? (first.serverMessageId ?? first.messageId) : null;
    await db.outbox.updateOne(
      { workspaceId, _id: row._id },
      {
        $set: {
          status: 'sending',
          messageId,
          mailboxId: mailbox.publicId,
          fromAddress: mailbox.fromAddress,
          inReplyTo: thread,
          references: thread ? [thread] : [],
          waitReason: null,
          waitingUntil: null,
        },
      },
    );
    // Opaque links, one per email and purpose: a retry sends the same ones.
    const unsubscribeUrl = mailLinkUrl(deps.publicUrl, 'unsubscribe', await mailLinkToken(db, 'unsubscribe', row));
    const text = emailText(row.body, mailbox.signature, unsubscribeUrl);
    // An HTML part only when the workspace tracks opens: the same text, with the pixel at the end.
    const pixelUrl = trackOpens ? mailLinkUrl(deps.publicUrl, 'open', await mailLinkToken(db, 'open', row)) : null;
    const message = {
      messageId,
      from: { name: mailbox.fromName, address: mailbox.fromAddress },
      to: row.email,
      subject: row.subject,
      text,
      html: pixelUrl ? trackedHtml(text, pixelUrl) : null,
      inReplyTo: thread,
      references: thread ? [thread] : [],
      unsubscribe: { url: unsubscribeUrl, mailto: `mailto:${mailbox.fromAddress}?subject=unsubscribe` },
      calendar: row.calendar ?? null,
    };
    // A failure of the platform's own database on the way (opening the password, recording the
    // mark) is no answer of the mail server: nothing went out, so it is thrown and the activity is
    // retried, instead of holding the email for a quarter of an hour as a server's refusal would.
    let account: Awaited<ReturnType<typeof accountOf>>;
    try {
      account = await accountOf(mailbox, box);
    } catch (error) {
      if (!(error instanceof ApplicationFailure)) throw error;
      return sendFailed(row, mailbox, error, now);
    }
    let markFailed: unknown = null;
    let accepted: SentMessage;
    try {
      accepted = (await channel.send(
        { account, message },
        {
          // Passed just before the message can reach the server: from here a retry counts it sent.
          checkpoint: async () => {
            try {
              await db.outbox.updateOne({ workspaceId, _id: row._id }, { $set: { transmittingAt: new Date() } });
            } catch (error) {
              markFailed = error;
              throw error;
            }
          },
        },
      )) as SentMessage;
    } catch (error) {
      if (markFailed !== null) {
        // The mark was not recorded (or not heard to be), so the message never left: undo any half of
        // it the database may have kept, then let the activity be retried, which sends it again.
        await db.outbox.updateOne({ workspaceId, _id: row._id }, { $set: { transmittingAt: null } }).catch(() => undefined);
        throw markFailed;
      }
      return sendFailed(row, mailbox, error as Error, now);
    }
    deps.faults?.afterSmtpAccept?.();
    await db.outbox.updateOne(
      { workspaceId, _id: row._id },
      { $set: { status: 'sent', sentAt: now, smtpResponse: accepted.response, serverMessageId: accepted.serverMessageId } },
    );
    await countSent(row, now, { fromAddress: mailbox.fromAddress, messageId, unconfirmed: false });
    return { outcome: 'sent' };
  }

  /**
   * The mailbox's SMTP account for one send: its password opened, and its server's address checked
   * against the address policy now (DNS may have changed since it was saved), the send going to that
   * address. A password that cannot be opened, or a server whose address is not allowed, pauses the
   * mailbox as a refused login does (nothing goes out of it until someone fixes it); a server not
   * found now is tried again later.
   */
  async function accountOf(mailbox: Mailbox, box: SecretsBox) {
    const paused = (message: string) => ApplicationFailure.create({ type: CHANNEL_FAILURES.loginRefused, message, nonRetryable: true });
    let password: string;
    try {
      password = await openPassword(db, box, mailbox);
    } catch (error) {
      throw error instanceof PasswordUnusable ? paused(error.message) : error;
    }
    const server = await mailServerAddress(mailbox.smtp, deps.mailAllowHosts);
    if (server.ok) return { ...mailbox.smtp, password, address: server.address };
    if (server.reason === 'address not allowed') throw paused(server.reason);
    throw ApplicationFailure.create({ type: CHANNEL_FAILURES.notSent, message: server.reason, nonRetryable: true });
  }

  /** A refusal for good fails the email (a hard bounce at the door); a refused login pauses the mailbox; anything else waits and tries again. */
  async function sendFailed(row: Row, mailbox: Mailbox, error: Error, now: Date): Promise<DeliverStepResult> {
    const { workspaceId } = row;
    const type = error instanceof ApplicationFailure ? error.type : null;
    if (type === CHANNEL_FAILURES.refused) {
      await db.outbox.updateOne({ workspaceId, _id: row._id }, { $set: { status: 'failed', error: error.message } });
      await recordHardBounce(db, { workspaceId, prospectId: row.prospectId, email: row.email, at: now, messageId: row.messageId });
      await checkBounceRate(db, workspaceId, mailbox.publicId);
      return { outcome: 'failed', reason: `the server refused it: ${error.message}` };
    }
    if (type === CHANNEL_FAILURES.loginRefused) {
      await db.mailboxes.updateOne(
        { workspaceId, publicId: mailbox.publicId },
        { $set: { status: 'paused', pausedReason: error.message } },
      );
      await db.outbox.updateOne(
        { workspaceId, _id: row._id },
        { $set: { status: 'queued', mailboxId: null, slotAt: null, transmittingAt: null, messageId: null } },
      );
      return hold(row, now.getTime() + LOGIN_REFUSED_RETRY_MS, `${mailbox.fromAddress} is paused: ${error.message}`);
    }
    // Refused for now (a 4xx), or failed before the message could leave: the next try may send again.
    // Lost mid-exchange, it may have arrived: keep the mark.
    if (type === CHANNEL_FAILURES.notSent) await db.outbox.updateOne({ workspaceId, _id: row._id }, { $set: { transmittingAt: null } });
    // The channel's failures say only a classified reason or the reply to the message; anything else is classified here.
    const why = type ? error.message : connectionFailureReason(error);
    return hold(row, now.getTime() + RETRY_LATER_MS, `${mailbox.smtp.host} did not take it (${why}); trying again`);
  }

  /** A retry after the message may have reached the server: counted sent, never sent twice. */
  async function settleUnconfirmed(row: Row, now: Date): Promise<DeliverStepResult> {
    await db.outbox.updateOne(
      { workspaceId: row.workspaceId, _id: row._id, status: 'sending' },
      { $set: { status: 'sent', sentAt: now, unconfirmed: true } },
    );
    // Its address and Message-ID were recorded before it was handed over (the row was read while sending).
    await countSent(row, now, { fromAddress: row.fromAddress, messageId: row.messageId, unconfirmed: true });
    return { outcome: 'sent' };
  }

  /** Counts a sent email; `sent` is how it went out (the caller wrote it, so it is not read back). */
  async function countSent(row: Row, now: Date, sent: { fromAddress: string | null; messageId: string | null; unconfirmed: boolean }) {
    await publishEvent(db, systemRunContext(row.workspaceId, 'sending'), {
      type: 'email.sent',
      key: String(row._id),
      occurredAt: now,
      data: {
        emailId: String(row._id),
        prospectId: row.prospectId,
        step: row.step,
        to: row.email,
        from: sent.fromAddress,
        subject: row.subject,
        messageId: sent.messageId,
        unconfirmed: sent.unconfirmed,
      },
    });
    // A person's reply or an invitation is no outreach: it is not counted among the emails sent, nor learned from.
    if ((ONE_OFF_TEMPLATES as readonly (string | null)[]).includes(row.template)) return;
    await recordOutcome(db, {
      workspaceId: row.workspaceId,
      eventId: `sent-${row.sequenceId}-${row.step}`,
      type: 'sent',
      at: now,
      prospectId: row.prospectId,
      step: row.step,
      template: row.template ?? undefined,
    });
    // The first email of the sequence went out: the experiments' decisions for it become trials (once).
    if (row.step === 1) await countSentTrials(db, { workspaceId: row.workspaceId, prospectId: row.prospectId });
  }
}

/**
 * The email as sent: the approved body, the mailbox's signature (unless the body already signs
 * off with its first line, as the outreach agent's copy does with the offer's sender), and a
 * footer with the unsubscribe link.
 */
export function emailText(body: string, signature: string, unsubscribeUrl: string): string {
  const signedBy = signature.trim().split('\n')[0]?.trim() ?? '';
  const signed =
    signedBy !== '' &&
    body
      .trimEnd()
      .split('\n')
      .slice(-4)
      .some((line) => line.trim() === signedBy);
  const parts = [body.trim(), signed ? '' : signature.trim()].filter(Boolean);
  return `${parts.join('\n\n')}\n\n--\nNot interested? Unsubscribe with one click: ${unsubscribeUrl}\n`;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
function describeWindow(sending: SendingSettings, zone: string): string {
  const days = sending.window.days.map((day) => DAY_NAMES[day - 1]).join(', ');
  return `${days} ${sending.window.start}–${sending.window.end} ${zone}`;
}
