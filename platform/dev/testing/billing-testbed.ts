// What the billing tests share (platform/src/features/revenue/billing/*.test.ts): a worker with the
// meeting-booking and pricing plugins and the payments plugins a file bills through (Stripe's against
// stripe-mock behind the recorder, PayPal's against its fake), the billing routes served as the app
// mounts them, members' API tokens, requests made as them, and the seeding: billing accounts,
// pre-paid credits, meetings that took place in a past month.
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { FAKE_PAYPAL_CLIENT, startFakePayPal, type FakePayPal } from '@meetflow/plugin-payments-paypal/testing';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';
import { PAYMENTS_PLUGINS, type AnyPlugin } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Role } from '../../src/core/access.ts';
import { createProspect } from '../../src/features/prospecting/prospects/prospects.ts';
import { saveBillingAccount } from '../../src/features/revenue/billing/account.ts';
import { BillingAccountBody } from '../../src/features/revenue/billing/api-schemas.ts';
import { billingCreditModel, prepayCreditKey, recordCredit } from '../../src/features/revenue/billing/credits.ts';
import type { InvoicingDeps } from '../../src/features/revenue/billing/invoices.ts';
import { billingAccountModel, billingInvoiceModel, type BillingInvoice } from '../../src/features/revenue/billing/model.ts';
import { billingRouteDocs, billingRouter, type BillingDeps } from '../../src/features/revenue/billing/routes.ts';
import { monthOf } from '../../src/features/revenue/billing/upcoming.ts';
import { bookMeeting, markOutcome, proposeSlots } from '../../src/features/revenue/meetings/meetings.ts';
import { ensureDefaultSlices } from '../../src/features/revenue/pricing/default-slices.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import type { PluginApiDeps } from '../../src/features/runs/services.ts';
import { serveWithAccess } from './http.ts';
import { meetingTookPlace } from './meetings.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from './pipeline-worker.ts';
import { memberToken } from './principal.ts';
import { testRunContext } from './principals.ts';
import { startTestStripeMock, type TestStripeMock } from './stripe-mock.ts';
import { startStripeRecorder, type RecordedStripeRequest, type StripeRecorder } from './stripe-recorder.ts';

/** The day this test file runs: the months below count back from its month. */
const today = new Date();
/** The start (ms) of the UTC month `back` months before this run's (0: this one, -1: the next). */
export const monthStart = (back: number) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1);
/** The UTC month `back` months before this run's, YYYY-MM. */
export const monthBack = (back: number) => monthOf(new Date(monthStart(back)));
/** The instant (ms) `days` days and `hours` hours into the month `back` months before this run's. */
export const intoMonth = (back: number, days: number, hours = 0) => monthStart(back) + days * 86_400_000 + hours * 3_600_000;

/**
 * Builds the billing models' indexes, before a test's first write: the embedded database can fail a
 * write that races an index build ("Unknown error: null", as a billing cycle test did in CI).
 */
export async function buildBillingIndexes(connection: Connection): Promise<void> {
  await Promise.all([billingAccountModel, billingInvoiceModel, billingCreditModel].map((model) => model(connection).init()));
}

/** What a billing test file runs against; `stop` it in afterAll. */
export interface BillingTestbed {
  stack: TestPipelineWorker;
  /** The plugins' API, as the billing routes are given it. */
  deps: PluginApiDeps;
  /** The same with this server's provider credentials (stripe-mock's key, the PayPal fake's app), as the billing cycle is given them. */
  invoicing: InvoicingDeps;
  /** The recorder in front of stripe-mock, when the file bills through Stripe. */
  recorder: StripeRecorder | null;
  stripeMock: TestStripeMock | null;
  /** PayPal's fake, when the file bills through PayPal. */
  payPal: FakePayPal | null;
  /** Serves the billing routes over `deps` and `over` as the app mounts them (sessions, tokens, audit trail); closed by `stop`. */
  serve(over?: Partial<BillingDeps>): Promise<{ url: string; router: ReturnType<typeof billingRouter>; close(): Promise<void> }>;
  /** The requests the recorder passed on whose method and path match, in order. */
  sent(method: string, path: RegExp): RecordedStripeRequest[];
  /** The workspace's stored invoices, by month then kind. */
  invoices(workspaceId: string): Promise<BillingInvoice[]>;
  /** The workspace's default slices and its billing account, saved by its owner with `account`'s fields (address, pre-pay, provider). */
  billedWorkspace(workspaceId: string, account: Record<string, unknown>): Promise<void>;
  /** Pre-paid credits of `month` on the workspace's balance (keyed as the month's pre-pay unless `key` says otherwise). */
  prepaid(workspaceId: string, month: string, amountMinor: number, key?: string): Promise<unknown>;
  /**
   * Books a meeting with a new prospect, moves its start to `at` (ms) as if it took place then, and
   * reports `outcomes` in order through `using` (the plugins' API unless given; a no-show after it
   * was attended is a correction, with its reason).
   */
  meeting(
    workspaceId: string,
    person: MeetingProspect,
    at: number,
    outcomes?: ReadonlyArray<'completed' | 'no-show'>,
    using?: PluginApiDeps,
  ): Promise<{ meetingId: string; prospectId: number; attendedAt: string }>;
  /** API tokens: of a member of `workspace` with each of `roles`, and of an owner of each other workspace named (key → workspace). */
  tokens<R extends Role, K extends string = never>(
    workspace: string,
    roles: readonly R[],
    owners?: Readonly<Record<K, string>>,
  ): Promise<Record<R | K, string>>;
  stop(): Promise<void>;
}

/**
 * Starts a worker named `label` with `plugins` (meeting booking and pricing unless given) and the
 * installed payments plugins of `payments`, each on one attempt against its local stand-in (a 5xx
 * fails at once: retrying is the caller's).
 */
export async function startBillingTestbed(
  label: string,
  {
    plugins = [meetingBookingPlugin, ppmPricingPlugin],
    payments = [],
  }: { plugins?: AnyPlugin[]; payments?: Array<'stripe' | 'paypal'> } = {},
): Promise<BillingTestbed> {
  // The payments plugins as the platform finds them installed (it names no plugin package it bills through).
  const installed = payments.map((provider) => {
    const plugin = installedPlugins.find((candidate) => candidate.manifest.id === PAYMENTS_PLUGINS[provider]);
    if (!plugin) throw new Error(`the payments plugin ${PAYMENTS_PLUGINS[provider]} is not installed`);
    return plugin;
  });
  const stripeMock = payments.includes('stripe') ? await startTestStripeMock() : null;
  const recorder = stripeMock ? await startStripeRecorder(stripeMock.url) : null;
  const payPal = payments.includes('paypal') ? await startFakePayPal({ now: () => new Date() }) : null;
  const settings = {
    ...(recorder ? { [PAYMENTS_PLUGINS.stripe]: { apiBase: recorder.url, timeoutSeconds: 10, attempts: 1 } } : {}),
    ...(payPal ? { [PAYMENTS_PLUGINS.paypal]: { apiBase: payPal.baseUrl, timeoutSeconds: 10, attempts: 1 } } : {}),
  };
  const standIns = async () => {
    await recorder?.close();
    await stripeMock?.close();
    await payPal?.close();
  };
  let stack: TestPipelineWorker;
  try {
    stack = await startTestPipelineWorker(label, [...plugins, ...installed], installed.length > 0 ? { settings } : {});
  } catch (error) {
    // No testbed to stop: what was started is stopped here.
    await standIns();
    throw error;
  }
  try {
    await buildBillingIndexes(stack.database);
  } catch (error) {
    await stack.stop();
    await standIns();
    throw error;
  }
  const deps: PluginApiDeps = {
    host: stack.host,
    connection: stack.database,
    temporal: stack.runner.temporal,
    taskQueue: stack.runner.taskQueue,
  };
  const invoicing: InvoicingDeps = {
    ...deps,
    ...(stripeMock ? { stripeSecretKey: stripeMock.secretKey } : {}),
    ...(payPal ? { paypal: FAKE_PAYPAL_CLIENT } : {}),
  };
  const servers: Array<{ close(): Promise<void> }> = [];
  return {
    stack,
    deps,
    invoicing,
    recorder,
    stripeMock,
    payPal,
    async serve(over = {}) {
      const router = billingRouter({ ...deps, ...over });
      const served = await serveWithAccess(stack.db, billingRouteDocs, router);
      servers.push(served);
      return { ...served, router };
    },
    sent: (method, path) => (recorder?.requests ?? []).filter((request) => request.method === method && path.test(request.path)),
    invoices: (workspaceId) =>
      stack.database.collection<BillingInvoice>('billing_invoices').find({ workspaceId }).sort({ month: 1, kind: 1 }).toArray(),
    async billedWorkspace(workspaceId, account) {
      await ensureDefaultSlices(deps, workspaceId);
      await saveBillingAccount(stack.database, workspaceId, BillingAccountBody.parse(account), 'user:test-owner');
    },
    prepaid: (workspaceId, month, amountMinor, key = prepayCreditKey(workspaceId, month)) =>
      recordCredit(stack.database, { workspaceId, key, kind: 'prepay', amountMinor, month, entryKey: null }),
    async meeting(workspaceId, person, at, outcomes = [], using = deps) {
      const run = testRunContext(workspaceId);
      const prospect = await createProspect(stack.db, workspaceId, person);
      const [, slot] = (await proposeSlots(using, run, 2)).slots as Array<{ start: string }>;
      const { meeting } = await bookMeeting(using, run, {
        prospectId: prospect.id,
        prospect: { name: `${person.firstName} ${person.lastName}`, email: person.email },
        scheduledAt: slot!.start,
      });
      const attendedAt = await meetingTookPlace(stack.database, meeting.id, Date.now() - at);
      for (const outcome of outcomes)
        await markOutcome(
          using,
          run,
          meeting.id,
          outcome,
          outcome === 'no-show' && outcomes[0] === 'completed' ? { reason: 'never joined' } : undefined,
        );
      return { meetingId: meeting.id, prospectId: prospect.id, attendedAt };
    },
    async tokens<R extends Role, K extends string = never>(
      workspace: string,
      roles: readonly R[],
      owners = {} as Readonly<Record<K, string>>,
    ) {
      const tokens = {} as Record<R | K, string>;
      for (const role of roles) tokens[role] = await memberToken(stack.db, workspace, role);
      for (const [key, other] of Object.entries(owners) as Array<[K, string]>) tokens[key] = await memberToken(stack.db, other, 'owner');
      return tokens;
    },
    async stop() {
      await Promise.all(servers.map((server) => server.close()));
      await stack.stop();
      await standIns();
    },
  };
}

/** An answer of the billing routes: its status, its body as text, and that body parsed. */
export interface BillingAnswer {
  status: number;
  text: string;
  json(): unknown;
}

/** A request to `server` with `token` (null: no session), in `?workspace=` when given, with a JSON body when given. */
export async function callBilling(
  server: { url: string },
  token: string | null | undefined,
  method: string,
  path: string,
  { body, workspace }: { body?: unknown; workspace?: string } = {},
): Promise<BillingAnswer> {
  const query = workspace === undefined ? '' : `${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const response = await fetch(`${server.url}${path}${query}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

/** The line ids and amounts (cents, at `amount` under each `lines[n]`) of a form sent to Stripe, in order. */
export const formLines = (form: URLSearchParams, amount: string) =>
  [...form.keys()]
    .filter((key) => /^lines\[\d+\]\[metadata\]\[meetflow_id\]$/.test(key))
    .map((key) => {
      const n = /^lines\[(\d+)\]/.exec(key)![1]!;
      return { id: form.get(key), amountMinor: Number(form.get(`lines[${n}]${amount}`)) };
    });

/** Who a test's meeting is with: a new prospect of the workspace (its headcount picks the slice). */
export interface MeetingProspect {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  employeeCount: number;
}
