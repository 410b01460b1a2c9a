import { z } from 'zod';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import type { Models } from '../../models.ts';
import { auditChange } from '../../accounts/services.ts';
import { DecisionPointView, ExperimentIdParams, ExperimentsSummary, ExperimentView, NewExperimentBody } from './api-schemas.ts';
import {
  createExperiment,
  findExperiment,
  listExperiments,
  rollBackChange,
  stopExperiment,
  summarizeExperiments,
  viewOf,
} from './experiments.ts';
import type { ExperimentsDb } from './model.ts';

/** What the experiments routes are built over. */
export interface ExperimentsDeps {
  db: ExperimentsDb & Pick<Models, 'campaigns' | 'workspaceIcp'>;
  /** What the installed plugins let experiments decide (installedDecisionPoints). */
  decisionPoints: readonly DecisionPointView[];
}

const tags = ['experiments'];
const notFound = { description: 'No such experiment in this workspace' };
const badRequest = { description: 'The workspace is not a slug, or the id is too long' };
const idOf = (params: unknown) => ExperimentIdParams.parse(params).id;

/**
 * /api/experiments: the workspace's experiments (a decision an installed plugin declares, such as
 * which template a first email uses, made per prospect by Thompson sampling). Every member reads them; sales ops and above start, stop and roll
 * back. The workspace is always the one the access check resolved, never one the request names.
 */
export const experimentsRoutes = [
  route<ExperimentsDeps>(
    {
      method: 'get',
      path: '/api/experiments',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's experiments, newest first: each arm's counts, posterior and interval, and what was applied",
      responses: { 200: { description: 'Newest first', schema: z.array(ExperimentView) }, 400: { description: 'Invalid workspace slug' } },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await listExperiments(db, workspaceOf(ctx));
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'post',
      path: '/api/experiments',
      access: 'sales-ops',
      tags,
      query: WorkspaceQuery,
      body: NewExperimentBody,
      summary: 'Starts an experiment: from now on each prospect of its population gets an arm, chosen when its sequence is written',
      responses: {
        201: { description: 'As stored, running', schema: ExperimentView },
        400: { description: 'A bad field, named' },
        409: { description: 'The name is taken, or the population already has a running experiment on this decision' },
        422: {
          description:
            'No installed plugin declares the decision point, an arm is not one of its values, two arms share an id, the campaign does not exist, or the slice is not in the workspace’s current ICP',
        },
      },
    },
    ({ db, decisionPoints }) =>
      async (ctx) => {
        const input = NewExperimentBody.parse(ctx.request.body ?? {});
        const created = await createExperiment(db, workspaceOf(ctx), input, accessOf(ctx).principal.id, decisionPoints);
        auditChange(ctx, { before: null, after: created });
        ctx.status = 201;
        ctx.body = created;
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'get',
      path: '/api/experiments/summary',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: 'This month’s experiments (the real "A/B tests a month") and the learning score, for the Learning Dashboard',
      responses: { 200: { description: 'The summary', schema: ExperimentsSummary }, 400: { description: 'Invalid workspace slug' } },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await summarizeExperiments(db, workspaceOf(ctx));
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'get',
      path: '/api/experiments/decision-points',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: 'What an experiment may decide: the decision points the installed plugins declare, each with the values it may try',
      responses: {
        200: { description: 'In plugin order', schema: z.array(DecisionPointView) },
        400: { description: 'Invalid workspace slug' },
      },
    },
    ({ decisionPoints }) =>
      async (ctx) => {
        ctx.body = decisionPoints;
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'get',
      path: '/api/experiments/{id}',
      access: 'viewer',
      tags,
      params: ExperimentIdParams,
      query: WorkspaceQuery,
      summary: 'One experiment',
      responses: { 200: { description: 'The experiment', schema: ExperimentView }, 400: badRequest, 404: notFound },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = viewOf(await findExperiment(db, workspaceOf(ctx), idOf(ctx.params)));
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'post',
      path: '/api/experiments/{id}/stop',
      access: 'sales-ops',
      tags,
      params: ExperimentIdParams,
      query: WorkspaceQuery,
      summary: 'Stops a running experiment: no prospect gets a decision from it any more',
      responses: {
        200: { description: 'The experiment, stopped', schema: ExperimentView },
        400: badRequest,
        404: notFound,
        409: { description: 'It is not running' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const id = idOf(ctx.params);
        const workspaceId = workspaceOf(ctx);
        const before = viewOf(await findExperiment(db, workspaceId, id));
        const after = await stopExperiment(db, workspaceId, id);
        auditChange(ctx, { before, after });
        ctx.body = after;
      },
  ),
  route<ExperimentsDeps>(
    {
      method: 'post',
      path: '/api/experiments/{id}/rollback',
      access: 'sales-ops',
      tags,
      params: ExperimentIdParams,
      query: WorkspaceQuery,
      summary: 'Rolls back the winner an experiment applied: first emails go back to the performance-based pick',
      responses: {
        200: { description: 'The experiment, its change rolled back', schema: ExperimentView },
        400: badRequest,
        404: notFound,
        409: { description: 'It applied nothing, or its change is rolled back already' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const id = idOf(ctx.params);
        const workspaceId = workspaceOf(ctx);
        const before = viewOf(await findExperiment(db, workspaceId, id));
        const after = await rollBackChange(db, workspaceId, id, accessOf(ctx).principal.id);
        auditChange(ctx, { before, after });
        ctx.body = after;
      },
  ),
];

export const experimentsRouter = (deps: ExperimentsDeps) => routerOf(experimentsRoutes, deps);
