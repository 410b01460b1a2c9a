import { PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callBilling,
  intoMonth,
  monthBack,
  monthStart,
  startBillingTestbed,
  type BillingTestbed,
} from '../../../../dev/testing/billing-testbed.ts';
import type { TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { markOutcome } from '../meetings/meetings.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import { callPricing } from '../pricing/pricing.ts';
import type { BillingAccountView, InvoiceLine, UpcomingInvoice } from './api-schemas.ts';
import { billingRouteDocs, type billingRouter } from './routes.ts';

type Role = 'owner' | 'admin' | 'viewer' | 'rival';

let bed: BillingTestbed;
let stack: TestPipelineWorker;
let deps: PluginApiDeps;
let server: Awaited<ReturnType<BillingTestbed['serve']>>;
let router: ReturnType<typeof billingRouter>;
let tokens: Record<Role, string>;

// Every meeting of the month billed takes place two months back (all of it in the past); "now",
// for the default month, is in the middle of that month.
const billedMonth = monthBack(2);
const earlierMonth = monthBack(3);

const call = (as: Role | null, method: string, path: string, body?: unknown, workspace = 'billed') =>
  callBilling(server, as && tokens[as], method, path, { body, workspace });
const upcoming = async (as: Role, query = '', workspace = 'billed') => {
  const answer = await call(as, 'GET', `/api/billing/upcoming${query}`, undefined, workspace);
  expect(answer.status, answer.text).toBe(200);
  return answer.json() as UpcomingInvoice;
};

const account = {
  billingEmail: 'Billing@Acme.example',
  companyName: 'Acme Widgets GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postalCode: '10115', country: 'de' },
  taxId: 'DE123456789',
  currency: 'USD',
};

beforeAll(async () => {
  bed = await startBillingTestbed('billing-api');
  ({ stack, deps } = bed);
  tokens = await bed.tokens('billed', ['owner', 'admin', 'viewer'], { rival: 'rival' });
  // The routes as the app mounts them: real API tokens and roles, and the audit trail.
  server = await bed.serve({ now: () => new Date(intoMonth(2, 14)) });
  ({ router } = server);
});
afterAll(async () => {
  await bed?.stop();
});

describe('/api/billing', () => {
  it('describes every route it mounts, and only those', () => {
    const mounted = router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(billingRouteDocs.map((doc) => `${doc.method.toUpperCase()} ${doc.path}`).sort()).toEqual(mounted.sort());
  });

  it('bills a month of 7 attended meetings, 2 no-shows and 1 correction line by line, to the cent', async () => {
    const run = testRunContext('billed');
    await ensureDefaultSlices(deps, 'billed');
    const priceOf = async (sliceId: string) => {
      const { slices } = (await callPricing(deps, 'listSlices', {}, run)) as { slices: Array<{ sliceId: string; ppm: number }> };
      return Math.round(slices.find((slice) => slice.sliceId === sliceId)!.ppm * 100);
    };
    // Ten meetings in the month (a day apart), one the month before; each prospect's headcount picks the slice.
    const plan = [
      ...Array.from({ length: 7 }, (_, n) => ({ outcome: 'completed', employees: [20, 120, 500][n % 3]! })),
      { outcome: 'no-show', employees: 120 },
      { outcome: 'no-show', employees: 20 },
      { outcome: 'corrected', employees: 500 },
      { outcome: 'earlier', employees: 120 },
    ] as const;
    const sliceOf = (employees: number) => (employees < 50 ? 'volume' : employees < 200 ? 'standard' : 'premium');
    const expected: Array<
      Pick<InvoiceLine, 'kind' | 'key' | 'meetingId' | 'attendedAt' | 'sliceId' | 'amountMinor' | 'credits'> & {
        prospect: { id: number; name: string; company: string };
      }
    > = [];
    for (const [n, step] of plan.entries()) {
      const when = step.outcome === 'earlier' ? intoMonth(3, 20) : intoMonth(2, n + 1, 10);
      const person = { firstName: `Pat${n}`, lastName: 'Lane', company: `Company ${n}`, email: `pat${n}@company${n}.example` };
      const { meetingId, prospectId, attendedAt } = await bed.meeting('billed', { ...person, employeeCount: step.employees }, when);
      const sliceId = sliceOf(step.employees);
      const line = {
        meetingId,
        attendedAt,
        sliceId,
        prospect: { id: prospectId, name: `Pat${n} Lane`, company: `Company ${n}` },
      };
      if (step.outcome === 'no-show') {
        await markOutcome(deps, run, meetingId, 'no-show');
        continue;
      }
      const amountMinor = await priceOf(sliceId);
      await markOutcome(deps, run, meetingId, 'completed');
      if (step.outcome === 'earlier') continue;
      expected.push({ ...line, kind: 'charge', key: `${meetingId}:charge:1`, amountMinor, credits: null });
      if (step.outcome === 'corrected') {
        await markOutcome(deps, run, meetingId, 'no-show', { reason: 'the prospect never joined' });
        expected.push({
          ...line,
          kind: 'credit',
          key: `${meetingId}:credit:1`,
          amountMinor: -amountMinor,
          credits: `${meetingId}:charge:1`,
        });
      }
    }

    const invoice = await upcoming('viewer', `?month=${billedMonth}`);
    expect(invoice.lines.map(({ description: _description, ...line }) => line)).toEqual(expected);
    const charges = expected.filter((line) => line.kind === 'charge').map((line) => line.amountMinor);
    const subtotalMinor = charges.reduce((sum, amount) => sum + amount, 0);
    const creditMinor = expected.at(-1)!.amountMinor;
    expect(charges).toHaveLength(8);
    expect(invoice).toMatchObject({
      month: billedMonth,
      from: new Date(monthStart(2)).toISOString(),
      to: new Date(monthStart(1)).toISOString(),
      currency: 'USD',
      subtotalMinor,
      creditsMinor: creditMinor,
      totalMinor: subtotalMinor + creditMinor,
    });
    expect(creditMinor).toBeLessThan(0);
    // The total is what the ledger says the month's meetings are billed now.
    const summary = (await callPricing(deps, 'ledgerSummary', { from: invoice.from, to: invoice.to }, run)) as { netMinor: number };
    expect(invoice.totalMinor).toBe(summary.netMinor);
    const [first, credit] = [invoice.lines[0]!, invoice.lines.at(-1)!];
    expect(first.description).toBe(`Attended meeting with Pat0 Lane (Company 0) on ${first.attendedAt.slice(0, 10)}, volume slice`);
    expect(credit.description).toBe(
      `Credit for the meeting with Pat9 Lane (Company 9) on ${credit.attendedAt.slice(0, 10)}: corrected to a no-show (cancels ${credit.credits})`,
    );

    // The default month is the current one; the month before holds its own meeting only.
    expect(await upcoming('owner')).toEqual(invoice);
    const earlier = await upcoming('owner', `?month=${earlierMonth}`);
    expect(earlier.lines.map((line) => line.prospect?.name)).toEqual(['Pat10 Lane']);
    expect(earlier.totalMinor).toBe(earlier.lines[0]!.amountMinor);
    // Reading it again changes nothing.
    expect(await upcoming('viewer', `?month=${billedMonth}`)).toEqual(invoice);
  });

  it('shows another workspace none of it, and refuses no session, a workspace not its own and a bad month', async () => {
    expect(await upcoming('rival', `?month=${billedMonth}`, 'rival')).toEqual({
      month: billedMonth,
      from: new Date(monthStart(2)).toISOString(),
      to: new Date(monthStart(1)).toISOString(),
      currency: 'USD',
      lines: [],
      subtotalMinor: 0,
      creditsMinor: 0,
      totalMinor: 0,
      prepaid: { balanceMinor: 0, closed: false, draws: [], drawnMinor: 0, dueMinor: 0 },
    });
    expect((await call('rival', 'GET', `/api/billing/upcoming?month=${billedMonth}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/billing/upcoming?month=${billedMonth}`)).status).toBe(401);
    const bad = await call('viewer', 'GET', '/api/billing/upcoming?month=2026-13');
    expect([bad.status, bad.text]).toEqual([400, 'Invalid request: month: must be a month, YYYY-MM']);
  });
});

describe('/api/billing/account', () => {
  it('is null until saved; owners and admins save it (idempotently, audited), every member reads it', async () => {
    expect((await call('viewer', 'GET', '/api/billing/account')).json()).toEqual({ account: null });
    const saved = await call('admin', 'PUT', '/api/billing/account', account);
    expect(saved.status, saved.text).toBe(200);
    const view = (saved.json() as { account: BillingAccountView }).account;
    expect(view).toEqual({
      billingEmail: 'Billing@Acme.example',
      companyName: 'Acme Widgets GmbH',
      address: { line1: 'Hauptstraße 1', line2: null, city: 'Berlin', postalCode: '10115', country: 'DE' },
      taxId: 'DE123456789',
      currency: 'USD',
      monthlyPrepayMinor: 0,
      provider: PAYMENTS_PLUGINS.stripe,
      updatedAt: expect.any(String),
    });
    // Saving it starts the workspace's monthly billing cycle (one workflow, asleep until the month ends).
    const cycle = await stack.runner.temporal.workflow.getHandle('billing-cycle:billed').describe();
    expect([cycle.type, cycle.status.name]).toEqual(['billingCycle', 'RUNNING']);
    // Saved again (a retried request, or the owner's): still one account, as last saved.
    const changed = { ...account, companyName: 'Acme Widgets AG', taxId: null, monthlyPrepayMinor: 50_000 };
    const again = await Promise.all([
      call('owner', 'PUT', '/api/billing/account', changed),
      call('owner', 'PUT', '/api/billing/account', changed),
    ]);
    expect(again.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await call('viewer', 'GET', '/api/billing/account')).json()).toEqual({
      account: { ...view, companyName: 'Acme Widgets AG', taxId: null, monthlyPrepayMinor: 50_000, updatedAt: expect.any(String) },
    });
    // Saved without it (a form that does not show it), the pre-pay stays as saved.
    expect((await call('owner', 'PUT', '/api/billing/account', { ...changed, monthlyPrepayMinor: undefined })).json()).toMatchObject({
      account: { monthlyPrepayMinor: 50_000 },
    });
    // The same cycle runs on: a save starts none twice.
    expect((await stack.runner.temporal.workflow.getHandle('billing-cycle:billed').describe()).runId).toBe(cycle.runId);
    expect(await stack.database.collection('billingaccounts').countDocuments({ workspaceId: 'billed' })).toBe(1);
    const audited = await stack.db.auditEntries.find({ workspaceId: 'billed', action: 'PUT /api/billing/account' }).sort({ _id: 1 }).lean();
    expect(audited[0]).toMatchObject({ before: null, after: { companyName: 'Acme Widgets GmbH' } });
    expect(audited).toHaveLength(4);
  });

  it('refuses a viewer (403), no session (401) and another workspace (404), and shows that one none', async () => {
    const before = (await call('owner', 'GET', '/api/billing/account')).text;
    const viewer = await call('viewer', 'PUT', '/api/billing/account', account);
    expect([viewer.status, viewer.text]).toEqual([403, expect.stringContaining('admin')]);
    expect((await call(null, 'PUT', '/api/billing/account', account)).status).toBe(401);
    expect((await call(null, 'GET', '/api/billing/account')).status).toBe(401);
    expect((await call('rival', 'PUT', '/api/billing/account', account)).status).toBe(404);
    expect((await call('rival', 'GET', '/api/billing/account')).status).toBe(404);
    expect((await call('rival', 'GET', '/api/billing/account', undefined, 'rival')).json()).toEqual({ account: null });
    expect((await call('owner', 'GET', '/api/billing/account')).text).toBe(before);
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const before = (await call('owner', 'GET', '/api/billing/account')).text;
    const cases: Array<[unknown, number, string]> = [
      [{ ...account, billingEmail: 'not an email' }, 400, 'Invalid request: billingEmail: must be an email address'],
      [
        { ...account, address: { ...account.address, country: 'ZZ' } },
        422,
        'Invalid request: address.country: is not an ISO 3166-1 country code',
      ],
      [{ ...account, address: { ...account.address, country: 'Germany' } }, 400, 'Invalid request: address.country: must be a two-letter'],
      [{ ...account, currency: 'EUR' }, 422, 'Invalid request: currency: only USD is billed for now, not EUR'],
      [{ ...account, currency: 'euro' }, 400, 'Invalid request: currency: must be a three-letter ISO 4217 code'],
      [{ ...account, workspaceId: 'rival' }, 400, 'Invalid request: (body): Unrecognized key: "workspaceId"'],
      [{ ...account, taxId: 'x'.repeat(65) }, 400, 'Invalid request: taxId: must be at most 64 characters'],
      [{ ...account, companyName: ' ' }, 400, "Invalid request: companyName: give the company's legal name"],
      [{ ...account, monthlyPrepayMinor: -100 }, 400, 'Invalid request: monthlyPrepayMinor: must be zero (no pre-pay) or more'],
      [{ ...account, monthlyPrepayMinor: 99.5 }, 400, 'Invalid request: monthlyPrepayMinor: must be a whole number of cents'],
      [{ ...account, monthlyPrepayMinor: '5000' }, 400, 'Invalid request: monthlyPrepayMinor:'],
    ];
    for (const [body, status, problem] of cases) {
      const answer = await call('owner', 'PUT', '/api/billing/account', body);
      expect([answer.status, answer.text], JSON.stringify(body)).toEqual([status, expect.stringContaining(problem)]);
    }
    const missing = await call('owner', 'PUT', '/api/billing/account', {});
    expect(missing.text).toMatch(/billingEmail: .*companyName: .*address: /);
    expect((await call('owner', 'GET', '/api/billing/account')).text).toBe(before);
  });
});
