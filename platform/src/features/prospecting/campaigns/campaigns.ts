import type { Model } from 'mongoose';
import type { Campaign } from './model.ts';
import { nextSequence, type Counter } from '../../../core/db/counter.ts';
import type { Prospect } from '../prospects/model.ts';
import type { Mailbox } from '../../email/services.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { CampaignViewType, NewCampaign } from './api-schemas.ts';
import { unknownProspectIds } from '../prospects/prospects.ts';
import { knownMailboxIds } from '../../email/services.ts';

/** The models campaign services work on. */
export interface CampaignDb {
  campaigns: Model<Campaign>;
  prospects: Model<Prospect>;
  counters: Model<Counter>;
  mailboxes: Model<Mailbox>;
}

const view = (campaign: Campaign): CampaignViewType => ({
  id: campaign.id,
  name: campaign.name,
  status: campaign.status,
  prospectIds: campaign.prospectIds,
  mailboxIds: campaign.mailboxIds ?? [],
});

/** The workspace's campaigns, oldest first. */
export async function listCampaigns(db: Pick<CampaignDb, 'campaigns'>, workspaceId: string): Promise<CampaignViewType[]> {
  const campaigns = await db.campaigns.find({ workspaceId }).sort({ id: 1 }).lean<Campaign[]>();
  return campaigns.map(view);
}

/** Creates a campaign under the workspace's next id; 400 naming any prospect or mailbox id the workspace does not have. */
export async function createCampaign(
  db: CampaignDb,
  workspaceId: string,
  input: Pick<NewCampaign, 'name' | 'status' | 'prospectIds'> & Partial<Pick<NewCampaign, 'sliceNames' | 'pipelineVersion' | 'mailboxIds'>>,
): Promise<CampaignViewType> {
  const prospectIds = [...new Set(input.prospectIds)];
  const unknown = await unknownProspectIds(db, workspaceId, prospectIds);
  if (unknown.length > 0) throw new UnprocessableError(`Unknown prospect ids in this workspace: ${unknown.join(', ')}`);
  const mailboxIds = await knownMailboxIds(db, workspaceId, input.mailboxIds ?? []);
  const id = await nextSequence(db.counters, workspaceId, 'campaign');
  const created = await db.campaigns.create({
    workspaceId,
    id,
    name: input.name,
    status: input.status,
    prospectIds,
    sliceNames: input.sliceNames ?? [],
    pipelineVersion: input.pipelineVersion ?? null,
    mailboxIds,
  });
  return view(created.toObject());
}
