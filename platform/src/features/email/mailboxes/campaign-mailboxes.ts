import type { Models } from '../../models.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { Mailbox } from './model.ts';

/** What the send reads of a campaign: its name, and the mailboxes it chose (absent on campaigns saved before the choice existed). */
interface CampaignMailboxChoice {
  name: string;
  mailboxIds?: string[];
}

/** The mailboxes a campaign chose to send through, with its name (a held email says whose choice holds it). */
export interface CampaignMailboxes {
  campaignName: string;
  /** Public ids of mailboxes; never empty. */
  mailboxIds: string[];
}

/**
 * The mailboxes an email of the campaign may go out through; null when nothing restricts it: no
 * campaign, one since deleted, or one that chose none (then every active mailbox sends, as before).
 */
export async function campaignMailboxes(
  db: Pick<Models, 'campaigns'>,
  workspaceId: string,
  campaignId: number | null,
): Promise<CampaignMailboxes | null> {
  if (campaignId === null) return null;
  const campaign = await db.campaigns.findOne({ workspaceId, id: campaignId }, { name: 1, mailboxIds: 1 }).lean<CampaignMailboxChoice>();
  if (!campaign?.mailboxIds?.length) return null;
  return { campaignName: campaign.name, mailboxIds: campaign.mailboxIds };
}

/** The ids once each, in the order given; 400 naming those that are not mailboxes of the workspace. */
export async function knownMailboxIds(db: Pick<Models, 'mailboxes'>, workspaceId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.mailboxes
    .find({ workspaceId, publicId: { $in: unique } }, { publicId: 1 })
    .lean<Array<Pick<Mailbox, 'publicId'>>>();
  const known = new Set(found.map((mailbox) => mailbox.publicId));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnprocessableError(`Unknown mailbox ids in this workspace: ${unknown.join(', ')}`);
  return unique;
}
