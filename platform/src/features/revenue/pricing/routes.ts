import { z } from 'zod';
import type { PluginApiDeps } from '../../runs/services.ts';
import { bidWorkspace, callPricing } from './pricing.ts';
import { Bid, BidBody, BidResult, LedgerSummary, PricingSlice } from './api-schemas.ts';
import { accessOf, requireRole } from '../../../core/http/access-check.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { runContextOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

const Slices = z.object({ slices: z.array(PricingSlice) });
const Bids = z.object({ bids: z.array(Bid) });

const tags = ['pricing'];
const badWorkspace = { description: 'Invalid workspace slug' };

/** /api/pricing: the workspace's slices and bids, and setting a bid (via the ppm-pricing plugin). */
export const pricingRoutes = [
  route<PluginApiDeps>(
    {
      method: 'get',
      path: '/api/pricing/slices',
      access: 'viewer',
      summary: "The workspace's pricing slices (never the internal cost)",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'Slices by sliceId', schema: z.array(PricingSlice) }, 400: badWorkspace },
    },
    (deps) => async (ctx) => {
      ctx.body = Slices.parse(await callPricing(deps, 'listSlices', {}, runContextOf(ctx))).slices;
    },
  ),
  route<PluginApiDeps>(
    {
      method: 'get',
      path: '/api/pricing/bids',
      access: 'viewer',
      summary: "The workspace's bids",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'Bids by sliceId', schema: z.array(Bid) }, 400: badWorkspace },
    },
    (deps) => async (ctx) => {
      ctx.body = Bids.parse(await callPricing(deps, 'listBids', {}, runContextOf(ctx))).bids;
    },
  ),
  route<PluginApiDeps>(
    {
      method: 'get',
      path: '/api/pricing/ledger',
      access: 'viewer',
      summary: 'Meetings charged (attended only), spend, average price per meeting and no-shows: in all, per slice, per month',
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: "The workspace's charge ledger, summed", schema: LedgerSummary }, 400: badWorkspace },
    },
    (deps) => async (ctx) => {
      ctx.body = LedgerSummary.parse(await callPricing(deps, 'ledgerSummary', {}, runContextOf(ctx)));
    },
  ),
  route<PluginApiDeps>(
    {
      method: 'post',
      path: '/api/pricing/bid',
      access: 'admin',
      summary: 'Set the bid on a slice (workspaceId in the body, or ?workspace=; both must agree)',
      tags,
      query: WorkspaceQuery,
      body: BidBody,
      responses: {
        200: { description: "The stored bid and the slice's price under it", schema: BidResult },
        400: { description: 'A field is out of range or off its step (named), or workspaceId and ?workspace= differ' },
        404: { description: 'No such slice in this workspace' },
      },
    },
    (deps) => async (ctx) => {
      const { workspaceId: bodyWorkspace, ...bid } = BidBody.parse(ctx.request.body ?? {});
      const queryWorkspace = WorkspaceQuery.parse(ctx.query).workspace;
      const workspaceId = bidWorkspace(bodyWorkspace, queryWorkspace, workspaceOf(ctx));
      // The spec's call may name the workspace in its body alone: the caller must be an admin there too.
      const own = runContextOf(ctx);
      const run =
        workspaceId === own.workspaceId
          ? own
          : {
              ...own,
              workspaceId,
              principal: { ...own.principal, role: await requireRole(accessOf(ctx).principal, workspaceId, 'admin') },
            };
      ctx.body = BidResult.parse(await callPricing(deps, 'upsertBid', bid, run));
    },
  ),
];

export const pricingRouter = (deps: PluginApiDeps) => routerOf(pricingRoutes, deps);
export const pricingRouteDocs = docsOf(pricingRoutes);
