import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, runContextOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { getBillingAccount, saveBillingAccount } from './account.ts';
import { BillingAccountAnswer, BillingAccountBody, UpcomingInvoice, UpcomingQuery } from './api-schemas.ts';
import { monthOf, upcomingInvoice } from './upcoming.ts';

/** What the billing routes are built over: the plugins (the ledger, the meetings) and the app's connection (the accounts, the prospects). */
export type BillingDeps = PluginApiDeps & {
  /** The current time: which month is upcoming (tests pass their own). */
  now?: () => Date;
};

const tags = ['billing'];

/**
 * /api/billing: the workspace's billing account (every member reads it; owners and admins save it)
 * and its upcoming invoice, line by line from the pricing ledger (every member). The workspace is
 * always the one the access check resolved, never one the request names.
 */
export const billingRoutes = [
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/account',
      access: 'viewer',
      summary: "The workspace's billing account: billing email, legal name, address, tax id, currency (null until saved)",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The account, or null', schema: BillingAccountAnswer } },
    },
    (deps) => async (ctx) => {
      ctx.body = BillingAccountAnswer.parse({ account: await getBillingAccount(deps.connection, workspaceOf(ctx)) });
    },
  ),
  route<BillingDeps>(
    {
      method: 'put',
      path: '/api/billing/account',
      access: 'admin',
      summary: "Save the workspace's billing account (the whole of it; owners and admins)",
      tags,
      query: WorkspaceQuery,
      body: BillingAccountBody,
      responses: {
        200: { description: 'The account as saved', schema: BillingAccountAnswer },
        400: {
          description:
            'A field is missing, malformed or unknown (named): an email, a country that is not ISO 3166-1 alpha-2, a workspaceId',
        },
        422: { description: 'A currency other than USD: only USD is billed for now' },
      },
    },
    (deps) => async (ctx) => {
      const input = BillingAccountBody.parse(ctx.request.body ?? {});
      const { before, after } = await saveBillingAccount(deps.connection, workspaceOf(ctx), input, principalOf(ctx).id);
      auditChange(ctx, { before, after });
      ctx.body = BillingAccountAnswer.parse({ account: after });
    },
  ),
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/upcoming',
      access: 'viewer',
      summary:
        "The month's upcoming invoice from the pricing ledger: a line per charge (meeting, prospect, slice, cents, the entry's key) and a negative line per credit (citing the charge it credits); no-shows bill nothing",
      tags,
      query: UpcomingQuery,
      responses: { 200: { description: 'The lines and their totals, in integer cents', schema: UpcomingInvoice } },
    },
    (deps) => async (ctx) => {
      const { month } = UpcomingQuery.parse(ctx.query);
      ctx.body = UpcomingInvoice.parse(await upcomingInvoice(deps, runContextOf(ctx), month ?? monthOf(deps.now?.() ?? new Date())));
    },
  ),
];

export const billingRouter = (deps: BillingDeps) => routerOf(billingRoutes, deps);
export const billingRouteDocs = docsOf(billingRoutes);
