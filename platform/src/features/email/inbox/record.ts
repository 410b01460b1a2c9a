import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';
import { newReplyText } from '../inbound/reply-text.ts';
import type { InboxMessage, InboxSource } from './model.ts';

/** What engagement analysis said about a reply, as far as the Inbox keeps it. */
export interface ClassifiedReply {
  category: string;
  action: 'stop' | 'pause' | 'continue';
  confidence: number;
  meetingIntent: number;
  returnDate: string | null;
  proposedTimes?: Array<{ start: string; matched: string }>;
}

/**
 * Puts a classified reply in the Inbox, once per message (the reply's outcome key): a reply read
 * again (IMAP and the webhook, a retried post) keeps the first copy and whatever was done about it.
 * Replies that need nobody (bounces, unsubscribes: already acted on) arrive done.
 */
export async function recordInboxMessage(
  db: Pick<Models, 'inboxMessages'>,
  workspaceId: string,
  reply: { key: string; prospectId: number; from: string; subject: string; body: string; receivedAt: Date; source: InboxSource },
  classification: ClassifiedReply,
): Promise<void> {
  const settled = classification.category === 'bounce' || classification.category === 'unsubscribe';
  const message: Omit<InboxMessage, 'createdAt' | 'updatedAt'> = {
    workspaceId,
    key: reply.key,
    prospectId: reply.prospectId,
    from: reply.from,
    subject: reply.subject,
    text: newReplyText(reply.body),
    receivedAt: reply.receivedAt,
    source: reply.source,
    category: classification.category,
    confidence: classification.confidence,
    action: classification.action,
    meetingIntent: classification.meetingIntent,
    returnDate: classification.returnDate,
    proposedTimes: (classification.proposedTimes ?? []).map((time) => ({ start: new Date(time.start), matched: time.matched })),
    status: settled ? 'done' : 'open',
    resolution: settled ? 'suppressed' : null,
    meetingId: null,
    sentSteps: [],
    decidedBy: null,
    decidedAt: null,
  };
  try {
    await db.inboxMessages.updateOne({ workspaceId, key: reply.key }, { $setOnInsert: message }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // the same reply, recorded by a concurrent read
  }
}
