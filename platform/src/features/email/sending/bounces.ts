import type { Models } from '../../models.ts';
import { recordActivity, type ActivityLogDb } from '../../insights/services.ts';
import { recordOutcome, type OutcomesDb } from '../../insights/services.ts';
import { suppress } from '../suppressions/suppression.ts';

/** What a hard bounce is recorded in: the suppression list, the outbox and the outcomes. */
export type HardBounceDb = Pick<Models, 'suppressions' | 'outbox'> & OutcomesDb;
/** What a mailbox's bounce rate is checked against and paused in (with an activity line). */
export type BounceRateDb = Pick<Models, 'outbox' | 'mailboxes'> & ActivityLogDb;

/** A mailbox pauses itself when more than this many of its last {@link BOUNCE_WINDOW} sends bounced (over 3%). */
export const MAX_BOUNCES = 3;
export const BOUNCE_WINDOW = 100;

/**
 * A hard bounce: the address is suppressed for the whole workspace, the email that bounced is
 * marked, and the bounce is an outcome event. Idempotent (the same bounce twice counts once).
 */
export async function recordHardBounce(
  db: HardBounceDb,
  bounce: { workspaceId: string; prospectId: number | null; email: string; at: Date; messageId: string | null },
): Promise<void> {
  const { workspaceId } = bounce;
  await suppress(db, workspaceId, bounce.email, 'bounced');
  if (bounce.messageId) {
    await db.outbox.updateOne({ workspaceId, messageId: bounce.messageId, bouncedAt: null }, { $set: { bouncedAt: bounce.at } });
  }
  await recordOutcome(db, {
    workspaceId,
    eventId: `bounced-${bounce.messageId ?? bounce.email}`,
    type: 'bounced',
    at: bounce.at,
    ...(bounce.prospectId === null ? {} : { prospectId: bounce.prospectId }),
  });
}

/** How many of the mailbox's last 100 sends bounced (refused at the door, or a bounce came back). */
export async function recentBounces(
  db: Pick<Models, 'outbox'>,
  workspaceId: string,
  mailboxId: string,
): Promise<{ sends: number; bounces: number }> {
  const recent = await db.outbox
    .find({ workspaceId, mailboxId, status: { $in: ['sent', 'failed'] } }, { status: 1, bouncedAt: 1 })
    .sort({ updatedAt: -1 })
    .limit(BOUNCE_WINDOW)
    .lean();
  return { sends: recent.length, bounces: recent.filter((row) => row.status === 'failed' || row.bouncedAt).length };
}

/** Pauses the mailbox, saying why, once more than 3 of its last 100 sends bounced; answers whether it did. */
export async function checkBounceRate(db: BounceRateDb, workspaceId: string, mailboxId: string): Promise<boolean> {
  const { sends, bounces } = await recentBounces(db, workspaceId, mailboxId);
  if (bounces <= MAX_BOUNCES) return false;
  const reason = `${bounces} of its last ${sends} emails bounced (more than ${MAX_BOUNCES} in ${BOUNCE_WINDOW}): check the list's quality before resuming`;
  const paused = await db.mailboxes.updateOne(
    { workspaceId, publicId: mailboxId, status: 'active' },
    { $set: { status: 'paused', pausedReason: reason } },
  );
  if (paused.modifiedCount === 0) return false;
  const mailbox = await db.mailboxes.findOne({ workspaceId, publicId: mailboxId }, { fromAddress: 1 }).lean();
  await recordActivity(db, {
    workspaceId,
    entryKey: `mailbox-paused:${mailboxId}:${sends}:${bounces}`,
    title: `Mailbox ${mailbox?.fromAddress ?? mailboxId} paused itself`,
    description: reason,
    time: new Date(),
    icon: 'pause-circle',
    color: 'red',
  });
  return true;
}
