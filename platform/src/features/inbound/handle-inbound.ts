import type { Client } from '@temporalio/client';
import type { Models } from '../../core/db/models.ts';
import { InputError } from '../../core/errors.ts';
import { handleReply, type HandledReply } from '../replies/handle-reply.ts';
import { checkBounceRate, recordHardBounce } from '../sending/bounces.ts';
import { signalSequence } from '../sequences/control.ts';
import { InboundParseError, parseInboundMessage } from './parse-message.ts';

/** What Meetflow made of one inbound message. */
export type InboundResult =
  | { kind: 'bounce'; hardBounces: string[]; pausedMailboxes: string[] }
  | { kind: 'reply'; matched: false; from: string }
  | { kind: 'reply'; matched: true; prospectId: number; threadedBy: 'message-id' | 'address'; handled: HandledReply };

type Deps = { db: Models; temporal: Client; taskQueue: string };

/**
 * Reads one raw inbound email (RFC 822) for a workspace. A delivery status notification with a
 * hard failure suppresses the address, stops its sequence and counts against the mailbox that
 * sent it (which pauses itself past 3 bounces in its last 100 sends). A reply is threaded to its
 * prospect by In-Reply-To/References first, the sender's address second, then classified by
 * engagement analysis and its sequence told (stop, pause until a return date, unsubscribe).
 */
export async function handleInbound(deps: Deps, workspaceId: string, raw: Buffer): Promise<InboundResult> {
  let message;
  try {
    message = await parseInboundMessage(raw);
  } catch (error) {
    if (error instanceof InboundParseError) throw new InputError(`Not an email: ${error.message}`);
    throw error;
  }
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
      if (sent) await signalSequence(deps.temporal, workspaceId, sent.prospectId, 'unsubscribe', { reason: 'bounced' });
    }
    return { kind: 'bounce', hardBounces, pausedMailboxes };
  }

  const ids = [message.inReplyTo, ...message.references].filter((id): id is string => Boolean(id));
  const threaded = ids.length
    ? await db.outbox
        .findOne({ workspaceId, $or: [{ messageId: { $in: ids } }, { serverMessageId: { $in: ids } }] }, { prospectId: 1 })
        .lean()
    : null;
  const prospectId = threaded?.prospectId ?? (await db.prospects.findOne({ workspaceId, emailLower: message.from }, { id: 1 }).lean())?.id;
  if (prospectId === undefined) return { kind: 'reply', matched: false, from: message.from };
  const handled = await handleReply(deps, workspaceId, {
    prospectId,
    body: message.text,
    subject: message.subject,
    from: message.from,
    receivedAt: message.receivedAt,
    ...(message.messageId ? { messageId: message.messageId } : {}),
  });
  return { kind: 'reply', matched: true, prospectId, threadedBy: threaded ? 'message-id' : 'address', handled };
}
