import type { Models } from '../../models.ts';
import type { MailboxView } from '../mailboxes/api-schemas.ts';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import { recentBounces } from './bounces.ts';
import { capOn, dayKey } from './guardrails.ts';

/** What the Mailboxes screen shows beside each mailbox: today's sends against today's cap (lower while it warms up), and its bounce rate. */
export interface MailboxFigures {
  sentToday: number;
  capToday: number;
  /** Bounces over its last 100 sends, as a fraction; null before its first send. */
  bounceRate: number | null;
}

/** What the figures are counted from: the sending settings, today's counters and the recent sends. */
export type MailboxFiguresDb = ConfigStoreDb & Pick<Models, 'sendCounters' | 'outbox'>;

/** The mailboxes with today's figures (today in the workspace's sending time zone). */
export async function withTodaysFigures(
  db: MailboxFiguresDb,
  workspaceId: string,
  mailboxes: MailboxView[],
  now = new Date(),
): Promise<Array<MailboxView & MailboxFigures>> {
  const { sending } = await getWorkspaceConfig(db, workspaceId);
  const counters = await db.sendCounters
    .find({ workspaceId, kind: 'mailbox', day: dayKey(now, sending.timeZone), key: { $in: mailboxes.map((mailbox) => mailbox.id) } })
    .lean();
  return Promise.all(
    mailboxes.map(async (mailbox) => {
      const { sends, bounces } = await recentBounces(db, workspaceId, mailbox.id);
      return {
        ...mailbox,
        sentToday: counters.find((counter) => counter.key === mailbox.id)?.count ?? 0,
        capToday: capOn(now, { createdAt: new Date(mailbox.createdAt), dailyCap: mailbox.dailyCap }, sending.timeZone),
        bounceRate: sends === 0 ? null : bounces / sends,
      };
    }),
  );
}
