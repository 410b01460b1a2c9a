import { Readable } from 'node:stream';
import type { Client } from '@temporalio/client';
import { INDUSTRIES } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import {
  idsOf,
  ProspectExportQuery,
  ProspectFilterOptions,
  ProspectState,
  SelectionBody,
  StatesQuery,
  StopSequencesResult,
} from './api-schemas.ts';
import { prospectsCsv } from './export-csv.ts';
import { prospectQuery, sortOrder, type ProspectQuery } from './query.ts';
import { stopSelectedSequences } from './selection.ts';
import { prospectStates, workspaceSequences } from './standing.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What the Prospect Pipeline's table reads and acts on: the prospects, campaigns and runs, and Temporal (the sequences). */
export interface PipelineDeps {
  db: Pick<Models, 'prospects' | 'campaigns' | 'pipelineRuns' | 'sequenceDirectory'>;
  temporal: Client;
}

const badQuery = { description: 'A query parameter is invalid (each is named)' };
const unknownCampaign = { description: 'The campaign filter names a campaign this workspace does not have' };

/**
 * The Prospect Pipeline table's own routes, beside the list (GET /api/prospects): what its filters
 * offer, where a page's prospects stand, the CSV export (viewers and up) and stopping the
 * sequences of a selection (sales ops and up). Mounted before /api/prospects/{id}, whose path
 * would otherwise take these.
 */
export const prospectPipelineRoutes = [
  route<PipelineDeps>(
    {
      method: 'get',
      path: '/api/prospects/filters',
      access: 'viewer',
      tags: ['prospects'],
      query: WorkspaceQuery,
      summary: "What the prospect list's filters offer: the industry taxonomy's labels and the workspace's sources",
      responses: { 200: { description: 'The choices', schema: ProspectFilterOptions } },
    },
    ({ db }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const sources = (await db.prospects.distinct('source', { workspaceId })) as Array<string | null>;
        ctx.body = {
          industries: INDUSTRIES.map((industry) => industry.label).toSorted((a, b) => a.localeCompare(b)),
          sources: sources.filter((source): source is string => typeof source === 'string' && source !== '').toSorted(),
        };
      },
  ),
  route<PipelineDeps>(
    {
      method: 'get',
      path: '/api/prospects/states',
      access: 'viewer',
      tags: ['prospects'],
      query: WorkspaceQuery.extend(StatesQuery.shape),
      summary:
        "Where some prospects stand (a page's rows): their latest prospect-pipeline run's status and their sequence's state; ids of other workspaces are left out",
      responses: {
        200: { description: 'One entry per prospect of the workspace asked for', schema: z.array(ProspectState) },
        400: badQuery,
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const asked = idsOf(StatesQuery.parse(ctx.query).ids);
      const known = await deps.db.prospects.find({ workspaceId, id: { $in: asked } }, { id: 1, _id: 0 }).lean<Array<{ id: number }>>();
      const ids = new Set(known.map((row) => row.id));
      ctx.body = await prospectStates(
        deps,
        workspaceId,
        asked.filter((id) => ids.has(id)),
      );
    },
  ),
  route<PipelineDeps>(
    {
      method: 'get',
      path: '/api/prospects/export.csv',
      access: 'viewer',
      tags: ['prospects'],
      query: WorkspaceQuery.extend(ProspectExportQuery.shape),
      summary:
        "The prospects matching the list's filters (or the ones chosen, ids), in its order, as a CSV download: quoted as RFC 4180 says, a formula-like text prefixed with an apostrophe, streamed",
      responses: {
        200: {
          description:
            'CSV with a header: id, firstName, lastName, email, jobTitle, company, industry, score, source, website, linkedinUrl, companySize, employeeCount, status, sequence, createdAt',
          schema: z.string(),
          contentType: 'text/csv',
        },
        400: badQuery,
        422: unknownCampaign,
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const options = ProspectExportQuery.parse(ctx.query);
      const query = await prospectQuery(deps, workspaceId, options);
      const and = [...((query.$and as ProspectQuery[] | undefined) ?? [])];
      const ids = idsOf(options.ids);
      const exclude = idsOf(options.exclude);
      if (ids.length > 0) and.push({ id: { $in: ids } });
      if (exclude.length > 0) and.push({ id: { $nin: exclude } });
      const selected = and.length > 0 ? { ...query, $and: and } : query;
      // Listed before the answer starts: a failure here is still an error answer, not a cut-off file.
      const sequences = await workspaceSequences(deps, workspaceId);
      const day = new Date().toISOString().slice(0, 10);
      ctx.attachment(`prospects-${workspaceId}-${day}.csv`);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = Readable.from(prospectsCsv(deps, workspaceId, selected, sortOrder(options), sequences));
    },
  ),
  route<PipelineDeps>(
    {
      method: 'post',
      path: '/api/prospects/sequences/stop',
      access: 'sales-ops',
      tags: ['prospects'],
      query: WorkspaceQuery,
      body: SelectionBody,
      summary:
        'Stop the sequences of a selection of prospects: chosen by id, or every prospect matching a filter (resolved here, in the workspace) but those excluded',
      responses: {
        200: { description: 'How many were selected, stopped, and had no running sequence', schema: StopSequencesResult },
        400: { description: 'The selection is invalid (each problem named)' },
        422: { description: 'Ids this workspace does not have (named), or a filter naming a campaign it does not have' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const { selection } = SelectionBody.parse(ctx.request.body ?? {});
      ctx.body = await stopSelectedSequences(deps, workspaceId, selection);
    },
  ),
];

export const prospectPipelineRouter = (deps: PipelineDeps) => routerOf(prospectPipelineRoutes, deps);
export const prospectPipelineRouteDocs = docsOf(prospectPipelineRoutes);
