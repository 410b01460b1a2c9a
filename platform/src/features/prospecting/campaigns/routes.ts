import { z } from 'zod';
import type { ProspectDb } from '../prospects/prospects.ts';
import { createCampaign, listCampaigns, type CampaignDb } from './campaigns.ts';
import { campaignDetail, campaignProspects, type CampaignDeps } from './detail.ts';
import { launchCampaign } from './launch.ts';
import { startCampaignRuns, type CampaignRunDb } from './runs.ts';
import { updateCampaign } from './update.ts';
import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import type { EventsDb } from '../../../core/events.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { findPipeline } from '../../runs/services.ts';
import type { PipelineRunner } from '../../runs/services.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import {
  CampaignDetail,
  CampaignIdParams,
  CampaignPatchBody,
  CampaignPatchResult,
  CampaignProspect,
  CampaignProspectsQuery,
  CampaignRunsBody,
  CampaignView,
  LaunchCampaignBody,
  NewCampaignBody,
} from './api-schemas.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, principalOf, workspaceOf } from '../../../core/http/workspace.ts';

const StartedCampaignBatch = z.object({ batchId: z.string(), total: z.number().int().describe('Prospects the batch runs') });
const LaunchedCampaign = StartedCampaignBatch.extend({
  campaignId: z.number().int(),
  added: z.number().int().describe('People added as new prospects'),
  alreadyProspects: z.number().int().describe('People whose email was already a prospect (that prospect joins the campaign)'),
});

const idOf = (params: unknown) => Number(CampaignIdParams.parse(params).id);

type CampaignsDb = Pick<Models, 'campaigns' | 'prospects' | 'counters' | 'pipelines' | 'mailboxes'>;
const notFound = { description: 'No such campaign in this workspace' };
const badId = 'The id is not a positive whole number, or the workspace is not a slug';

/** /api/campaigns: list and create the workspace's outreach campaigns. */
export const campaignsRoutes = [
  route<CampaignsDb>(
    {
      method: 'get',
      path: '/api/campaigns',
      access: 'viewer',
      tags: ['campaigns'],
      query: WorkspaceQuery,
      summary: 'List campaigns, oldest first',
      responses: { 200: { description: 'The campaigns', schema: z.array(CampaignView) }, 400: { description: 'Invalid workspace slug' } },
    },
    (db) => async (ctx) => {
      ctx.body = await listCampaigns(db, workspaceOf(ctx));
    },
  ),
  route<CampaignsDb>(
    {
      method: 'post',
      path: '/api/campaigns',
      access: 'sales-ops',
      tags: ['campaigns'],
      query: WorkspaceQuery,
      body: NewCampaignBody,
      summary: "Create a campaign (status defaults to draft); it gets the workspace's next integer id",
      responses: {
        201: { description: 'The campaign', schema: CampaignView },
        400: { description: 'A field is invalid (named)' },
        422: {
          description: 'Prospect or mailbox ids this workspace does not have, or a pipeline version it has not saved (each is named)',
        },
      },
    },
    (db) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const input = NewCampaignBody.parse(ctx.request.body ?? {});
      if (input.pipelineVersion !== null) {
        await findPipeline(db, workspaceId, PROSPECT_PIPELINE.id, input.pipelineVersion).catch((error: unknown) => {
          throw error instanceof NotFoundError ? new UnprocessableError(`pipelineVersion: ${error.message}`) : error;
        });
      }
      ctx.status = 201;
      ctx.body = await createCampaign(db, workspaceId, input);
    },
  ),
];

/** What launching and running campaigns is built over: their collections, their batches' records and outputs, and Temporal (through the runner). */
interface CampaignRunsDeps {
  db: CampaignRunDb & CampaignDb & CampaignDeps['db'] & EventsDb & Pick<ProspectDb, 'prospectSearchKeys'>;
  runner: PipelineRunner;
  temporal: PipelineRunner['temporal'];
}

/** /api/campaigns/launch and /api/campaigns/{id}…: launching, progress, pause and resume, prospects and batches. */
export const campaignRunsRoutes = [
  route<CampaignRunsDeps>(
    {
      method: 'post',
      path: '/api/campaigns/launch',
      access: 'sales-ops',
      tags: ['campaigns'],
      query: WorkspaceQuery,
      body: LaunchCampaignBody,
      summary: 'Launch a campaign from reviewed discovery results: add the people as prospects, make them a campaign and run its batch',
      responses: {
        201: { description: 'The campaign and its batch', schema: LaunchedCampaign },
        400: { description: 'A field is invalid (each is named)' },
        409: { description: 'The workspace has no ICP (or none of the slices named)' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const launch = LaunchCampaignBody.parse(ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await launchCampaign(deps, workspaceId, principalOf(ctx), launch);
    },
  ),
  route<CampaignRunsDeps>(
    {
      method: 'get',
      path: '/api/campaigns/{id}',
      access: 'viewer',
      tags: ['campaigns'],
      params: CampaignIdParams,
      query: WorkspaceQuery,
      summary:
        "A campaign with its latest batch's per-stage progress, what its prospects came to, why some got no sequence, and its failures",
      responses: { 200: { description: 'The campaign', schema: CampaignDetail }, 400: { description: badId }, 404: notFound },
    },
    (deps) => async (ctx) => {
      ctx.body = await campaignDetail(deps, workspaceOf(ctx), idOf(ctx.params));
    },
  ),
  route<CampaignRunsDeps>(
    {
      method: 'patch',
      path: '/api/campaigns/{id}',
      access: 'sales-ops',
      tags: ['campaigns'],
      params: CampaignIdParams,
      query: WorkspaceQuery,
      body: CampaignPatchBody,
      summary:
        'Rename, pause or resume (every enrolled sequence is signalled), add prospects (an active campaign runs them), remove them (their sequences stop) or choose the mailboxes it sends through',
      responses: {
        200: { description: 'The campaign after the change, the sequences signalled and any batch started', schema: CampaignPatchResult },
        400: { description: 'A field is invalid (named)' },
        422: { description: 'An unknown prospect or mailbox id (each is named), or an id both added and removed' },
        404: notFound,
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const id = idOf(ctx.params);
      const patch = CampaignPatchBody.parse(ctx.request.body ?? {});
      const done = await updateCampaign(deps, workspaceId, principalOf(ctx), id, patch);
      ctx.body = { campaign: await campaignDetail(deps, workspaceId, id), ...done };
    },
  ),
  route<CampaignRunsDeps>(
    {
      method: 'get',
      path: '/api/campaigns/{id}/prospects',
      access: 'viewer',
      tags: ['campaigns'],
      params: CampaignIdParams,
      query: WorkspaceQuery.extend(CampaignProspectsQuery.shape),
      summary:
        "A page of the campaign's prospects with what their latest run came to and their sequence's state; X-Total-Count holds how many it has",
      responses: {
        200: { description: 'The prospects', schema: z.array(CampaignProspect) },
        400: { description: 'A query parameter is invalid (each is named)' },
        404: notFound,
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const page = await campaignProspects(deps, workspaceId, idOf(ctx.params), CampaignProspectsQuery.parse(ctx.query));
      ctx.set('X-Total-Count', String(page.total));
      ctx.body = page.items;
    },
  ),
  route<CampaignRunsDeps>(
    {
      method: 'post',
      path: '/api/campaigns/{id}/runs',
      access: 'sales-ops',
      tags: ['campaigns'],
      params: CampaignIdParams,
      query: WorkspaceQuery,
      body: CampaignRunsBody,
      summary: "Run the campaign's new, failed or all prospects through the prospect pipeline as one batch",
      responses: {
        202: { description: 'The batch started; GET the campaign for its progress', schema: StartedCampaignBatch },
        400: { description: 'A field is invalid' },
        404: notFound,
        409: { description: 'Its last batch is still running, nothing matches the selection, or the workspace has no ICP' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const id = idOf(ctx.params);
      const body = CampaignRunsBody.parse(ctx.request.body ?? {});
      ctx.status = 202;
      ctx.body = await startCampaignRuns(deps, workspaceId, principalOf(ctx), id, body);
    },
  ),
];

export const campaignsRouter = (db: CampaignsDb) => routerOf(campaignsRoutes, db);
export const campaignRunsRouter = (db: CampaignRunsDeps['db'], runner: PipelineRunner) =>
  routerOf(campaignRunsRoutes, { db, runner, temporal: runner.temporal });
export const campaignsRouteDocs = [...docsOf(campaignsRoutes), ...docsOf(campaignRunsRoutes)];
