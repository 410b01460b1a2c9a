import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { InputError } from '../../../core/errors.ts';
import { handleReply, type HandledReply, type ReplyDb } from '../replies/handle-reply.ts';
import { holdReply } from '../replies/held-replies.ts';
import { checkBounceRate, recordHardBounce, type BounceRateDb, type HardBounceDb } from '../sending/bounces.ts';
import { signalSequence } from '../sequences/control.ts';
import { calendarReplyHandler, parseCalendarReply, type CalendarReplyOutcome } from './calendar-reply.ts';
import { refuseControlCharacters, refuseRawHeaderControlCharacters } from './control-characters.ts';
import { InboundParseError, parseInboundMessage, type InboundMessage } from './parse-message.ts';

/** What Meetflow made of one inbound message. */
export type InboundResult =
  | { kind: 'bounce'; hardBounces: string[]; pausedMailboxes: string[] }
  | { kind: 'reply'; matched: false; from: string }
  | { kind: 'reply'; matched: false; from: string; held: { id: string; prospectId: number } }
  | { kind: 'reply'; matched: true; prospectId: number; threadedBy: 'message-id'; handled: HandledReply }
  | ({ kind: 'calendar-reply' } & CalendarReplyOutcome);

/** What reading an inbound message touches: the outbox it threads to, bounces, held and handled replies. */
export type InboundDb = Pick<Models, 'outbox' | 'prospects' | 'heldReplies' | 'sequenceDirectory'> & HardBounceDb & BounceRateDb & ReplyDb;
type Deps = { db: InboundDb; temporal: Client; taskQueue: string };

/**
 * Reads one raw inbound email (RFC 822) for a workspace. A delivery status notification with a
 * hard failure suppresses the address, stops its sequence and counts against the mailbox that
 * sent it (which pauses itself past 3 bounces in its last 100 sends). A reply is threaded to the
 * email it answers by In-Reply-To/References against the Message-IDs Meetflow sent, then
 * classified by engagement analysis and its sequence told (stop, pause until a return date,
 * unsubscribe). A message in no thread of ours but from a prospect's address is held for a person
 * to confirm (a From address is easily forged): it does nothing to a sequence by itself.
 * A calendar's answer to a meeting's invitation (an iCalendar METHOD:REPLY part) is read first,
 * by what the workspace registered for it (revenue's meetings): when it answers one of the
 * workspace's meetings it is that, never classified as a reply to outreach; otherwise it goes on
 * as an ordinary reply. Control characters in its names, subjects, addresses or text refuse it (400).
 */
export async function handleInbound(deps: Deps, workspaceId: string, raw: Buffer): Promise<InboundResult> {
  refuseRawHeaderControlCharacters(raw);
  let message;
  try {
    message = await parseInboundMessage(raw);
  } catch (error) {
    if (error instanceof InboundParseError) throw new InputError(`Not an email: ${error.message}`);
    throw error;
  }
  refuseControlCharactersIn(message);
  const { db } = deps;
  if (message.kind === 'bounce') {
    const hardBounces: string[] = [];
    const pausedMailboxes: string[] = [];
    for (const recipient of message.recipients.filter((candidate) => candidate.hard)) {
      const sent = await db.outbox
        .findOne({
          workspaceId,
          ...(message.originalMessageId
            ? { $or: [{ messageId: message.originalMessageId }, { serverMessageId: message.originalMessageId }] }
            : { email: recipient.email, status: 'sent' }),
        })
        .sort({ sentAt: -1 })
        .lean();
      await recordHardBounce(db, {
        workspaceId,
        prospectId: sent?.prospectId ?? null,
        email: recipient.email,
        at: new Date(message.receivedAt),
        messageId: sent?.messageId ?? message.originalMessageId,
      });
      hardBounces.push(recipient.email);
      if (sent?.mailboxId && (await checkBounceRate(db, workspaceId, sent.mailboxId))) pausedMailboxes.push(sent.mailboxId);
      if (sent) await signalSequence(deps, workspaceId, sent.prospectId, 'unsubscribe', { reason: 'bounced' });
    }
    return { kind: 'bounce', hardBounces, pausedMailboxes };
  }

  const reply = message.calendar ? parseCalendarReply(message.calendar) : null;
  const answerInvitation = reply ? calendarReplyHandler(db.prospects.db) : undefined;
  const answered = reply && answerInvitation ? await answerInvitation(workspaceId, message.from, reply) : null;
  if (answered) return { kind: 'calendar-reply', ...answered };

  const ids = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  const threaded = ids.length
    ? await db.outbox
        .findOne({ workspaceId, $or: [{ messageId: { $in: ids } }, { serverMessageId: { $in: ids } }] }, { prospectId: 1 })
        .lean()
    : null;
  if (!threaded) {
    const prospect = await db.prospects.findOne({ workspaceId, emailLower: message.from }, { id: 1 }).lean();
    if (!prospect) return { kind: 'reply', matched: false, from: message.from };
    const id = await holdReply(db, workspaceId, {
      key: message.messageId ?? createHash('sha256').update(raw).digest('base64url'),
      prospectId: prospect.id,
      from: message.from,
      fromName: message.fromName,
      subject: message.subject,
      text: message.text,
      messageId: message.messageId,
      receivedAt: new Date(message.receivedAt),
    });
    return { kind: 'reply', matched: false, from: message.from, held: { id, prospectId: prospect.id } };
  }
  const { prospectId } = threaded;
  const handled = await handleReply(deps, workspaceId, {
    prospectId,
    body: message.text,
    subject: message.subject,
    from: message.from,
    receivedAt: message.receivedAt,
    ...(message.messageId ? { messageId: message.messageId } : {}),
    source: 'thread',
  });
  return { kind: 'reply', matched: true, prospectId, threadedBy: 'message-id', handled };
}

/** The 400 for control characters in what a person would read of the message, each field named. */
function refuseControlCharactersIn(message: InboundMessage): void {
  if (message.kind === 'bounce') {
    refuseControlCharacters({ recipients: message.recipients.map((recipient) => recipient.email) });
    return;
  }
  refuseControlCharacters(
    {
      from: [message.from],
      fromName: [message.fromName],
      to: message.to,
      subject: [message.subject],
      messageId: [message.messageId],
      inReplyTo: [message.inReplyTo],
      references: message.references,
    },
    { text: message.text },
  );
}
