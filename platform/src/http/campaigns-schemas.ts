import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../db/models/campaign.ts';

/** Body of POST /api/campaigns. */
export const NewCampaignBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  prospectIds: z.array(z.number().int('must be whole numbers').positive('must be positive')).max(10_000).default([])
    .describe('Ids of prospects of the same workspace; repeats are dropped.'),
});
export type NewCampaign = z.infer<typeof NewCampaignBody>;

/** A campaign as the outreach screen shows it (spec section 3); ids are integers, sequential per workspace. */
export const CampaignView = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  prospectIds: z.array(z.number().int()),
});
export type CampaignViewType = z.infer<typeof CampaignView>;
