import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { principalOf, runContextOf, WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { getBillingAccount, saveBillingAccount } from './account.ts';
import { startCycleAfterSave } from './cycle.ts';
import {
  BillingAccountAnswer,
  BillingAccountBody,
  IssuedInvoices,
  IssueInvoiceAnswer,
  IssueInvoiceBody,
  InvoiceMonthParams,
  IssuedInvoiceLines,
  PaymentMethodAnswer,
  PaymentMethodSetupAnswer,
  NextPrepay,
  UpcomingInvoice,
  UpcomingQuery,
  DunningStatus,
  StripeWebhookAnswer,
} from './api-schemas.ts';
import { issuedInvoiceLines } from './invoice-lines.ts';
import { issueInvoice, listInvoices, STRIPE_KEY_VARIABLE, type PayPalCredentials } from './invoices.ts';
import { openPaymentMethodSetup, paymentMethodAnswer } from './payment-method.ts';
import { plannedPrepay } from './prepay.ts';
import { monthOf, monthPeriod, upcomingInvoice } from './upcoming.ts';
import { dunningStatus } from './dunning.ts';
import { PAYPAL_WEBHOOK_ID_VARIABLE, receivePayPalWebhook, receiveStripeWebhook, STRIPE_WEBHOOK_SECRET_VARIABLE } from './webhooks.ts';
import type { SystemMail } from '../../../core/system-mail.ts';

/** What the billing routes are built over: the plugins (the ledger, the meetings, Stripe) and the app's connection (the accounts, the prospects, the invoices). */
export type BillingDeps = PluginApiDeps & {
  /** The current time: which month is upcoming, which months have ended (tests pass their own). */
  now?: () => Date;
  /** The secret key of the Stripe account invoices are issued through (MEETFLOW_STRIPE_SECRET_KEY); null: none is issued (503). */
  stripeSecretKey?: string | null;
  /** Where people reach this Meetflow (MEETFLOW_PUBLIC_URL): Stripe's payment-method page sends them back to its Billing tab. */
  publicUrl?: string;
  /** The signing secret of Stripe's webhook endpoint (MEETFLOW_STRIPE_WEBHOOK_SECRET); null: the webhook answers 503 naming it. */
  stripeWebhookSecret?: string | null;
  /** The PayPal REST app invoices are issued through (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET); null: none is issued through PayPal (503). */
  paypal?: PayPalCredentials | null;
  /** The id of PayPal's webhook (MEETFLOW_PAYPAL_WEBHOOK_ID); null: PayPal's webhook answers 503 naming it. */
  paypalWebhookId?: string | null;
  /** The product's mail channel: receipts and payment-failed notices go to the billing email through it. */
  systemMail?: SystemMail | null;
};

const tags = ['billing'];

/**
 * The Billing tab's issued invoice lines (every member) and the workspace's payment method, kept at
 * Stripe only: every member sees what identifies it (brand, last four digits, expiry); owners and
 * admins open Stripe's hosted page to add or change it (card data never reaches Meetflow).
 */
const billingTabRoutes = [
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/invoices/{month}/lines',
      access: 'viewer',
      summary:
        "The lines of the month's issued invoices as they were sent: the meeting, its prospect, the description and the cents (a credit negative)",
      tags,
      params: InvoiceMonthParams,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The lines', schema: IssuedInvoiceLines },
        400: { description: 'The month is not YYYY-MM' },
        404: { description: 'No invoice was issued for that month' },
      },
    },
    (deps) => async (ctx) => {
      const { month } = InvoiceMonthParams.parse(ctx.params);
      ctx.body = IssuedInvoiceLines.parse(await issuedInvoiceLines(deps, runContextOf(ctx), month));
    },
  ),
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/payment-method',
      access: 'viewer',
      summary: 'The payment method the workspace saved at Stripe: its brand, last four digits and expiry (null when none)',
      tags,
      query: WorkspaceQuery,
      responses: {
        200: { description: 'The method, or null', schema: PaymentMethodAnswer },
        422: { description: "Stripe refused to read the workspace's customer (its words)" },
        503: { description: `A customer exists but this server has no Stripe account (${STRIPE_KEY_VARIABLE}), or Stripe did not answer` },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = PaymentMethodAnswer.parse(await paymentMethodAnswer(deps, runContextOf(ctx)));
    },
  ),
  route<BillingDeps>(
    {
      method: 'post',
      path: '/api/billing/payment-method/setup',
      access: 'admin',
      summary:
        "Open Stripe's hosted page where the workspace saves a payment method (owners and admins): creates its Stripe customer if needed; the page returns to the Billing tab",
      tags,
      query: WorkspaceQuery,
      responses: {
        200: { description: "Stripe's page: send the browser there", schema: PaymentMethodSetupAnswer },
        422: { description: 'The workspace has no billing account (save one first), or Stripe refused the request (its words)' },
        503: { description: `This server has no Stripe account (${STRIPE_KEY_VARIABLE}), or Stripe did not answer` },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = PaymentMethodSetupAnswer.parse(await openPaymentMethodSetup(deps, runContextOf(ctx)));
    },
  ),
];

/**
 * Stripe's webhook (public by design: Stripe calls it with no session, and its signature is the
 * credential) and the dunning state it leaves (every member reads it).
 */
const webhookRoutes = [
  route<BillingDeps>(
    {
      method: 'post',
      path: '/api/billing/webhooks/stripe',
      access: 'public',
      summary:
        "Stripe's webhook (public: Stripe calls it with no session; a valid Stripe-Signature with the endpoint's secret is the only credential, so nothing else changes anything): an invoice paid (receipt emailed once, sending resumed), a payment failed (a notice; the third holds the workspace's sending), voided or marked uncollectible (sending held). The workspace is the stored invoice's, never the body's",
      tags,
      responses: {
        200: {
          description: 'Taken: acted on, unchanged, ignored (no invoice of ours), or a replay of an event received before',
          schema: StripeWebhookAnswer,
        },
        400: {
          description:
            'Refused and logged: no Stripe-Signature, a signature not made with the endpoint secret, a timestamp more than 300 s off, or a body that is not a Stripe event',
        },
        503: {
          description: `This server has no endpoint secret (${STRIPE_WEBHOOK_SECRET_VARIABLE}), or acting on the event failed (Stripe delivers it again)`,
        },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = StripeWebhookAnswer.parse(await receiveStripeWebhook(deps, ctx));
    },
  ),
  route<BillingDeps>(
    {
      method: 'post',
      path: '/api/billing/webhooks/paypal',
      access: 'public',
      summary:
        "PayPal's webhook (public: PayPal calls it with no session; only an event PayPal's verify-webhook-signature confirms for this server's webhook id changes anything), handled as Stripe's: an invoice paid (receipt emailed once, sending resumed), a payment denied (a notice; the third holds the workspace's sending), cancelled (void). The workspace is the stored invoice's, never the body's",
      tags,
      responses: {
        200: {
          description: 'Taken: acted on, unchanged, ignored (no invoice of ours), or a replay of an event received before',
          schema: StripeWebhookAnswer,
        },
        400: {
          description:
            "Refused and logged: PayPal's transmission headers missing, a signature PayPal does not verify for the webhook id, a transmission time more than 300 s off, or a body that is not a PayPal event",
        },
        503: {
          description: `This server has no PayPal webhook id (${PAYPAL_WEBHOOK_ID_VARIABLE}) or PayPal app, PayPal could not verify it now, or acting on the event failed (PayPal delivers it again)`,
        },
      },
    },
    (deps) => async (ctx) => {
      ctx.body = StripeWebhookAnswer.parse(await receivePayPalWebhook(deps, ctx));
    },
  ),
  route<BillingDeps>(
    {
      method: 'get',
      path: '/api/billing/dunning',
      access: 'viewer',
      summary:
        "Whether the workspace's outreach is held for an unpaid invoice (and why), and each unpaid invoice's failed payments: the Billing tab and the Email screen show it",
      tags,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The hold (null: sending) and the invoices in dunning', schema: DunningStatus } },
    },
    (deps) => async (ctx) => {
      ctx.body = DunningStatus.parse(await dunningStatus(deps.connection, workspaceOf(ctx)));
    },
  ),
];

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
        503: {
          description:
            "The account is saved, but its monthly billing cycle could not be started (the workflow service did not answer): it starts with the server's next start",
        },
      },
    },
    (deps) => async (ctx) => {
      const input = BillingAccountBody.parse(ctx.request.body ?? {});
      const { before, after } = await saveBillingAccount(deps.connection, workspaceOf(ctx), input, principalOf(ctx).id);
      auditChange(ctx, { before, after });
      // Its monthly cycle (true-up and pre-pay) runs from the first save on; a running one is kept.
      await startCycleAfterSave({ client: deps.temporal, taskQueue: deps.taskQueue }, workspaceOf(ctx));
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
      path: '/api/billing/prepay',
      access: 'viewer',
      summary:
        "The monthly pre-pay invoiced as a month starts, and how it is sized: from the bids (each slice's price under its bid × its attended meetings the month before, capped at maxDailyMeetings × the working days), the account's fixed amount, or none",
      tags,
      query: UpcomingQuery.extend({
        month: UpcomingQuery.shape.month.describe('The UTC month pre-paid, YYYY-MM (default: the next one)'),
      }),
      responses: {
        200: { description: 'The pre-pay in integer cents, its invoice lines and, from bids, each slice', schema: NextPrepay },
        400: { description: 'The month is not YYYY-MM' },
      },
    },
    (deps) => async (ctx) => {
      const { month } = UpcomingQuery.parse(ctx.query);
      const next = monthPeriod(monthOf(deps.now?.() ?? new Date())).to.slice(0, 7);
      ctx.body = NextPrepay.parse(await plannedPrepay(deps, runContextOf(ctx), month ?? next, { explainBids: true }));
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
  ...billingTabRoutes,
  ...webhookRoutes,
];

export const billingRouter = (deps: BillingDeps) => routerOf(billingRoutes, deps);
export const billingRouteDocs = docsOf(billingRoutes);
