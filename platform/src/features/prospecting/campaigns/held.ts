import type { Models } from '../../models.ts';

/**
 * Of these prospects of a workspace, those whose new sequence must start held: they belong to a
 * paused campaign of the workspace. One query for the list (a batch's enrolments).
 */
export const inPausedCampaigns =
  (db: Pick<Models, 'campaigns'>) =>
  async (workspaceId: string, prospectIds: readonly number[]): Promise<ReadonlySet<number>> => {
    const asked = new Set(prospectIds);
    const paused = await db.campaigns.find({ workspaceId, status: 'paused', prospectIds: { $in: [...asked] } }, { prospectIds: 1 }).lean();
    return new Set(paused.flatMap((campaign) => campaign.prospectIds).filter((id) => asked.has(id)));
  };
