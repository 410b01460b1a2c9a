import type { Models } from '../../models.ts';

/** Whether a prospect's new sequence must start held: it belongs to a paused campaign of its workspace. */
export const inPausedCampaign =
  (db: Pick<Models, 'campaigns'>) =>
  async (workspaceId: string, prospectId: number): Promise<boolean> =>
    (await db.campaigns.exists({ workspaceId, status: 'paused', prospectIds: prospectId })) !== null;
