import { z } from 'zod';
import type { Models } from '../../models.ts';
import type { PipelineRunner } from '../../runs/services.ts';
import { SelectionBody } from '../prospects/api-schemas.ts';
import { selectedIds } from '../prospects/selection.ts';
import { CampaignIdParams } from './api-schemas.ts';
import { findCampaign } from './detail.ts';
import { updateCampaign } from './update.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, principalOf, workspaceOf } from '../../../core/http/workspace.ts';

/** What adding a selection works over: what a PATCH's add does, and what a selection's filter reads. */
interface SelectionDeps {
  db: Parameters<typeof updateCampaign>[0]['db'] & Pick<Models, 'campaigns' | 'prospects' | 'pipelineRuns'>;
  runner: PipelineRunner;
  temporal: PipelineRunner['temporal'];
}

/** 200 of POST /api/campaigns/{id}/prospects. */
export const AddSelectionResult = z.object({
  selected: z.number().int().describe('Prospects the selection holds'),
  added: z.number().int().describe('Of them, those the campaign did not have yet'),
  alreadyIn: z.number().int().describe('Of them, those it already had'),
  batchId: z.string().nullable().describe('The batch that runs the added prospects (an active campaign that has run), when one started'),
});

/**
 * POST /api/campaigns/{id}/prospects: adds a selection of the Prospect Pipeline (chosen ids, or
 * every prospect matching its filter, resolved here in the caller's workspace) to a campaign,
 * as a PATCH's `addProspectIds` does: an active campaign runs the new ones.
 */
export const campaignSelectionRoutes = [
  route<SelectionDeps>(
    {
      method: 'post',
      path: '/api/campaigns/{id}/prospects',
      access: 'sales-ops',
      tags: ['campaigns'],
      params: CampaignIdParams,
      query: WorkspaceQuery,
      body: SelectionBody,
      summary:
        "Add a selection of prospects to the campaign: chosen by id, or every prospect matching the Prospect Pipeline's filter (resolved here) but those excluded; an active campaign runs the new ones",
      responses: {
        200: { description: 'How many were selected, added and already in it, and any batch started', schema: AddSelectionResult },
        400: { description: 'The id or the selection is invalid (each problem named)' },
        404: { description: 'No such campaign in this workspace' },
        422: { description: 'Ids this workspace does not have (named), or a filter naming a campaign it does not have' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const id = Number(CampaignIdParams.parse(ctx.params).id);
      const { selection } = SelectionBody.parse(ctx.request.body ?? {});
      const campaign = await findCampaign(deps.db, workspaceId, id);
      const ids = await selectedIds(deps, workspaceId, selection);
      const present = new Set(campaign.prospectIds);
      const added = ids.filter((prospectId) => !present.has(prospectId));
      const { batchId } =
        added.length > 0
          ? await updateCampaign(deps, workspaceId, principalOf(ctx), id, { addProspectIds: added, removeProspectIds: [] })
          : { batchId: null };
      ctx.body = { selected: ids.length, added: added.length, alreadyIn: ids.length - added.length, batchId };
    },
  ),
];

export const campaignSelectionRouter = (db: SelectionDeps['db'], runner: PipelineRunner) =>
  routerOf(campaignSelectionRoutes, { db, runner, temporal: runner.temporal });
export const campaignSelectionRouteDocs = docsOf(campaignSelectionRoutes);
