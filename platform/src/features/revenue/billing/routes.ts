import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, runContextOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { getBillingAccount, saveBillingAccount } from './account.ts';
import {
  BillingAccountAnswer,
  BillingAccountBody,
  IssuedInvoices,
  IssueInvoiceAnswer,
  IssueInvoiceBody,
  UpcomingInvoice,
  UpcomingQuery,
} from './api-schemas.ts';
import { issueInvoice, listInvoices, STRIPE_KEY_VARIABLE } from './invoices.ts';
import { monthOf, upcomingInvoice } from './upcoming.ts';

/** What the billing routes are built over: the plugins (the ledger, the meetings, Stripe) and the app's connection (the accounts, the prospects, the invoices). */
export type BillingDeps = PluginApiDeps & {
  /** The current time: which month is upcoming, which months have ended (tests pass their own). */
  now?: () => Date;
  /** The secret key of the Stripe account invoices are issued through (MEETFLOW_STRIPE_SECRET_KEY); null: none is issued (503). */
  stripeSecretKey?: string | null;
};

const tags = ['billing'];

/**
 * /api/billing: the workspace's billing account (every member reads it; owners and admins save it)
 * and its upcoming invoice, line by line from the pricing ledger (every member); the months issued
 * through Stripe (every member lists them; owners and admins issue one). The workspace is always
 * the one the access check resolved, never one the request names.
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
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/invoices',
      access: 'viewer',
      summary: "The workspace's issued invoices, the latest month first: status, totals in cents, the provider's hosted page",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The invoices (none: an empty list)', schema: IssuedInvoices } },
    },
    (deps) => async (ctx) => {
      ctx.body = IssuedInvoices.parse({ invoices: await listInvoices(deps, workspaceOf(ctx)) });
    },
  ),
  route<BillingDeps>(
    {
      method: 'post',
      path: '/api/billing/invoices',
      access: 'admin',
      summary:
        "Issue a month's invoice through Stripe (owners and admins), exactly once: a line per charge of the ledger, a credit note per credit, sent to be paid on Stripe's page; a month issued already answers its invoice",
      tags,
      query: WorkspaceQuery,
      body: IssueInvoiceBody,
      responses: {
        200: { description: 'The month had been invoiced already: its invoice, nothing sent again', schema: IssueInvoiceAnswer },
        201: { description: 'The invoice, issued now', schema: IssueInvoiceAnswer },
        400: { description: 'The month is missing or not YYYY-MM, or the body has another field (a workspaceId)' },
        409: { description: 'The month has not ended yet: a month is invoiced once it has ended' },
        422: {
          description:
            'The workspace has no billing account (save one first), nothing was billed that month, or Stripe refused the invoice (its words)',
        },
        503: {
          description: `This server has no Stripe account (${STRIPE_KEY_VARIABLE}), or Stripe did not answer (issue it again: the same invoice is finished)`,
        },
      },
    },
    (deps) => async (ctx) => {
      const { month } = IssueInvoiceBody.parse(ctx.request.body ?? {});
      const principal = principalOf(ctx);
      const { invoice, created } = await issueInvoice(deps, runContextOf(ctx), month, principal.id);
      if (created) auditChange(ctx, { before: null, after: invoice });
      ctx.status = created ? 201 : 200;
      ctx.body = IssueInvoiceAnswer.parse({ invoice, created });
    },
  ),
];

export const billingRouter = (deps: BillingDeps) => routerOf(billingRoutes, deps);
export const billingRouteDocs = docsOf(billingRoutes);
