import { z } from 'zod';
import { createProspect, findProspect, listProspects, type ProspectDb } from './prospects.ts';
import type { ProspectQueryDeps } from './query.ts';
import type { Client } from '@temporalio/client';
import { prospectProfile, type ProfileDb } from './profile.ts';
import { controlSequence } from '../../email/services.ts';
import { NewProspectBody, ProspectDetail, ProspectIdParams, ProspectListQuery, ProspectProfile, ProspectSummary } from './api-schemas.ts';
import { SequenceControlBody, SequenceStateSchema } from '../../email/services.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { NotFoundError } from '../../../core/errors.ts';

/** What the prospect routes are built over: the prospects, and what the list's filters read (campaigns, runs, Temporal for sequences). */
export interface ProspectsDeps {
  db: ProspectDb & ProspectQueryDeps['db'];
  temporal?: Client;
}

/** /api/prospects: the workspace's prospects, a page at a time (the body stays an array; the total is a header). */
export const prospectsRoutes = [
  route<ProspectsDeps>(
    {
      method: 'get',
      path: '/api/prospects',
      access: 'viewer',
      tags: ['prospects'],
      query: WorkspaceQuery.extend(ProspectListQuery.shape),
      summary:
        'List prospects (search; filter by industry, score range, source, campaign, status, sequence; sort; paginate); the X-Total-Count header holds the number matching',
      responses: {
        200: { description: 'One page of prospects', schema: z.array(ProspectSummary) },
        400: { description: 'A query parameter is invalid (each is named)' },
        422: { description: 'The campaign filter names a campaign this workspace does not have' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const page = await listProspects(deps, workspaceId, ProspectListQuery.parse(ctx.query));
      ctx.set('X-Total-Count', String(page.total));
      ctx.body = page.items;
    },
  ),
  route<ProspectsDeps>(
    {
      method: 'post',
      path: '/api/prospects',
      access: 'sales-ops',
      tags: ['prospects'],
      query: WorkspaceQuery,
      body: NewProspectBody,
      summary: "Add a prospect; it gets the workspace's next integer id",
      responses: {
        201: { description: 'The prospect', schema: ProspectDetail },
        400: { description: 'A field is invalid (each is named)' },
        409: { description: 'A prospect with this email (any case) already exists in the workspace' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const input = NewProspectBody.parse(ctx.request.body ?? {});
        ctx.status = 201;
        ctx.body = await createProspect(db, workspaceId, input);
      },
  ),
  route<ProspectsDeps>(
    {
      method: 'get',
      path: '/api/prospects/{id}',
      access: 'viewer',
      tags: ['prospects'],
      params: ProspectIdParams,
      query: WorkspaceQuery,
      summary: 'One prospect',
      responses: {
        200: { description: 'The prospect', schema: ProspectDetail },
        400: { description: 'The id is not a positive integer, or the workspace is not a slug' },
        404: { description: 'No such prospect in this workspace' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        ctx.body = await findProspect(db, workspaceId, Number(ProspectIdParams.parse(ctx.params).id));
      },
  ),
];

/**
 * GET /api/prospects/{id}/profile: the detail panel's data, over what it reads and the Temporal
 * client (for the sequence's state); POST /api/prospects/{id}/sequence pauses, resumes or stops it.
 */
export const prospectProfileRoutes = [
  route<{ db: ProfileDb; temporal: Client }>(
    {
      method: 'get',
      path: '/api/prospects/{id}/profile',
      access: 'viewer',
      tags: ['prospects'],
      params: ProspectIdParams,
      query: WorkspaceQuery,
      summary: 'A prospect with its latest research (facts with evidence), score (every dimension), sequence and pipeline runs',
      responses: {
        200: { description: 'The profile', schema: ProspectProfile },
        400: { description: 'Not a prospect id, or a bad workspace' },
        404: { description: 'No such prospect in this workspace' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      ctx.body = ProspectProfile.parse(await prospectProfile(deps, workspaceId, Number(ProspectIdParams.parse(ctx.params).id)));
    },
  ),
  route<{ db: ProfileDb; temporal: Client }>(
    {
      method: 'post',
      path: '/api/prospects/{id}/sequence',
      access: 'sales-ops',
      tags: ['prospects'],
      params: ProspectIdParams,
      query: WorkspaceQuery,
      body: SequenceControlBody,
      summary: "Pause, resume or stop the prospect's sequence; answers its state after the change",
      responses: {
        200: { description: "The sequence's state", schema: SequenceStateSchema },
        400: { description: 'Not a prospect id, a bad workspace, or an unknown action' },
        404: { description: 'No such prospect in this workspace' },
        409: { description: 'The prospect is not in a sequence, or its sequence has already ended' },
      },
    },
    ({ db, temporal }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const id = Number(ProspectIdParams.parse(ctx.params).id);
        const { action } = SequenceControlBody.parse(ctx.request.body ?? {});
        if (!(await db.prospects.exists({ workspaceId, id }))) throw new NotFoundError(`No prospect ${id} in this workspace`);
        ctx.body = await controlSequence({ db, temporal }, workspaceId, id, action);
      },
  ),
];

/** The list's sequence filter needs `temporal` (the app always gives it; a test of the other filters may leave it out). */
export const prospectsRouter = (db: ProspectsDeps['db'], temporal?: Client) => routerOf(prospectsRoutes, { db, temporal });
export const prospectProfileRouter = (db: ProfileDb, temporal: Client) => routerOf(prospectProfileRoutes, { db, temporal });
export const prospectsRouteDocs = docsOf(prospectsRoutes);
