import Router from '@koa/router';
import { z } from 'zod';
import { createCampaign, listCampaigns, type CampaignDb } from '../prospects/campaigns.ts';
import { CampaignView, NewCampaignBody } from './campaigns-schemas.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery, workspaceOf } from './workspace.ts';

/** /api/campaigns: the workspace's outreach campaigns. */
export function campaignsRouter(db: CampaignDb): Router {
  return new Router({ prefix: '/api/campaigns' })
    .get('/', async (ctx) => {
      ctx.body = await listCampaigns(db, workspaceOf(ctx));
    })
    .post('/', async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const input = NewCampaignBody.parse(ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = await createCampaign(db, workspaceId, input);
    });
}

/** OpenAPI descriptions of /api/campaigns, with the schemas the routes validate with. */
export const campaignsRouteDocs: RouteDoc[] = [
  {
    method: 'get', path: '/api/campaigns', tags: ['campaigns'], query: WorkspaceQuery, summary: 'List campaigns, oldest first',
    responses: { 200: { description: 'The campaigns', schema: z.array(CampaignView) }, 400: { description: 'Invalid workspace slug' } },
  },
  {
    method: 'post', path: '/api/campaigns', tags: ['campaigns'], query: WorkspaceQuery, body: NewCampaignBody,
    summary: 'Create a campaign (status defaults to draft); it gets the workspace\'s next integer id',
    responses: {
      201: { description: 'The campaign', schema: CampaignView },
      400: { description: 'A field is invalid, or prospect ids this workspace does not have (each is named)' },
    },
  },
];
