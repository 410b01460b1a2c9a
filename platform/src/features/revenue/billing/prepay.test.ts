import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBilling, startBillingTestbed, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import { callPricing } from '../pricing/pricing.ts';
import type { BillingAccountView, NextPrepay } from './api-schemas.ts';
import { plannedPrepay, prepayFor, workingDaysOf } from './prepay.ts';

// The pre-pay sized from bids, on a workspace whose ledger is seeded through the pricing plugin's
// own chargeMeeting (the path an attended meeting takes): February's meetings size March's pre-pay.

type Role = 'owner' | 'admin' | 'sales-ops' | 'viewer' | 'rival';

let bed: BillingTestbed;
let deps: PluginApiDeps;
let server: Awaited<ReturnType<BillingTestbed['serve']>>;
let tokens: Record<Role, string>;

const WS = 'prepaid';
const MONTH = '2026-03';
/** March 2026's Mondays to Fridays: it starts on a Sunday, 31 days, so 4 full weeks and Mon 30–Tue 31. */
const MARCH_WORKING_DAYS = 22;

const call = (as: Role | null, method: string, path: string, body?: unknown, workspace = WS) =>
  callBilling(server, as && tokens[as], method, path, { body, workspace });

const account = {
  billingEmail: 'ap@prepaid.example',
  companyName: 'Prepaid Parts Ltd',
  address: { line1: '3 Quay St', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'GB' },
  currency: 'USD',
};

let n = 0;
/** One meeting's outcomes on the ledger, as the meeting's attendance reports them. */
async function settle(sliceId: string, attendedAt: string, outcomes: Array<'completed' | 'no-show'>) {
  const meetingId = `m-${(n += 1)}`;
  let amountMinor = 0;
  for (const outcome of outcomes)
    ({ amountMinor } = (await callPricing(deps, 'chargeMeeting', { meetingId, sliceId, outcome, attendedAt }, testRunContext(WS))) as {
      amountMinor: number;
    });
  return amountMinor;
}
const inFebruary = (day: number) => `2026-02-${String(day).padStart(2, '0')}T10:00:00.000Z`;
/** Sets a bid; answers the slice's price under it in cents, as the plugin answers it. */
async function bid(sliceId: string, fields: { baseBid: number; maxDailyMeetings: number; isEnabled?: boolean }) {
  const { ppm } = (await callPricing(
    deps,
    'upsertBid',
    { sliceId, dailyBudgetCap: 500, isEnabled: true, ...fields },
    testRunContext(WS),
  )) as { ppm: number };
  return Math.round(ppm * 100);
}

beforeAll(async () => {
  bed = await startBillingTestbed('billing-prepay', { plugins: [ppmPricingPlugin] });
  deps = bed.deps;
  tokens = await bed.tokens(WS, ['owner', 'admin', 'sales-ops', 'viewer'], { rival: 'rival' });
  server = await bed.serve({ now: () => new Date('2026-02-20T12:00:00Z') });
}, 120_000);
afterAll(async () => {
  await bed?.stop();
});

describe('workingDaysOf', () => {
  it('counts the Mondays to Fridays of a UTC month', () => {
    expect(workingDaysOf(MONTH)).toBe(MARCH_WORKING_DAYS);
    // February 2026: four whole weeks.
    expect(workingDaysOf('2026-02')).toBe(20);
    // December 2026 starts on a Tuesday: 23.
    expect(workingDaysOf('2026-12')).toBe(23);
  });
});

describe('prepayFor', () => {
  let prices: Record<'volume' | 'standard' | 'premium', number>;

  beforeAll(async () => {
    await ensureDefaultSlices(deps, WS);
    // Volume: 25 attended in February (more than its bid's 1 a day allows in March), a no-show and a
    // correction (neither counted). Standard: 3 attended in February, 2 in January (not counted).
    for (let day = 1; day <= 25; day++) await settle('volume', inFebruary(day), ['completed']);
    await settle('volume', inFebruary(26), ['no-show']);
    await settle('volume', inFebruary(27), ['completed', 'no-show']);
    for (const day of [2, 3, 4]) await settle('standard', inFebruary(day), ['completed']);
    for (const day of [12, 13]) await settle('standard', `2026-01-${day}T10:00:00.000Z`, ['completed']);
    // The bids after the ledger (the price follows the slice's show-ups): premium has no history.
    prices = {
      volume: await bid('volume', { baseBid: 1.5, maxDailyMeetings: 1 }),
      standard: await bid('standard', { baseBid: 2, maxDailyMeetings: 5 }),
      premium: await bid('premium', { baseBid: 1, maxDailyMeetings: 3 }),
    };
  }, 300_000);

  it("sizes the month's pre-pay from each bid: the price × last month's attended meetings, capped, in exact cents", async () => {
    const plan = await prepayFor(deps, testRunContext(WS), MONTH);
    const volumeCap = 1 * MARCH_WORKING_DAYS;
    expect(plan).toEqual({
      month: MONTH,
      basedOn: '2026-02',
      workingDays: MARCH_WORKING_DAYS,
      amountMinor: volumeCap * prices.volume + 3 * prices.standard,
      slices: [
        {
          sliceId: 'premium',
          sliceName: 'Premium Slice',
          baseBid: 1,
          maxDailyMeetings: 3,
          priceMinor: prices.premium,
          attended: 0,
          capMeetings: 3 * MARCH_WORKING_DAYS,
          meetings: 0,
          amountMinor: 0,
          reason: 'No attended meeting in 2026-02: no history, so it expects 0',
        },
        {
          sliceId: 'standard',
          sliceName: 'Standard Slice',
          baseBid: 2,
          maxDailyMeetings: 5,
          priceMinor: prices.standard,
          attended: 3,
          capMeetings: 5 * MARCH_WORKING_DAYS,
          meetings: 3,
          amountMinor: 3 * prices.standard,
          reason: expect.stringContaining('3 attended meetings in 2026-02'),
        },
        {
          sliceId: 'volume',
          sliceName: 'Volume Slice',
          baseBid: 1.5,
          maxDailyMeetings: 1,
          priceMinor: prices.volume,
          attended: 25,
          capMeetings: volumeCap,
          meetings: volumeCap,
          amountMinor: volumeCap * prices.volume,
          reason: expect.stringContaining(`capped by the bid at 1 a day × ${MARCH_WORKING_DAYS} working days = ${volumeCap}`),
        },
      ],
    });
    // The bids answered different prices (a bid moves the price): the sum is no accident of equal prices.
    expect(new Set(Object.values(prices)).size).toBe(3);
    // The price is what the ledger charges an attended meeting of the slice now.
    expect(await settle('standard', `${MONTH}-02T10:00:00.000Z`, ['completed'])).toBe(prices.standard);
  }, 120_000);

  it('leaves out a paused bid, and answers the same twice', async () => {
    await bid('premium', { baseBid: 1, maxDailyMeetings: 3, isEnabled: false });
    const first = await prepayFor(deps, testRunContext(WS), MONTH);
    expect(first.slices.map((slice) => slice.sliceId)).toEqual(['standard', 'volume']);
    expect(await prepayFor(deps, testRunContext(WS), MONTH)).toEqual(first);
    await bid('premium', { baseBid: 1, maxDailyMeetings: 3, isEnabled: true });
  }, 120_000);
});

describe('/api/billing/prepay and the account’s pre-pay mode', () => {
  const prepay = async (as: Role, query = `?month=${MONTH}`) => {
    const answer = await call(as, 'GET', `/api/billing/prepay${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.json() as NextPrepay;
  };

  it('owners and admins choose "from my bids"; the pre-pay then shows each slice and bills one line per slice expecting meetings', async () => {
    // Before a mode is chosen: nothing is pre-paid, and what the bids would pre-pay is shown beside it.
    const { basedOn, workingDays, amountMinor, slices } = await prepayFor(deps, testRunContext(WS), MONTH);
    expect(await prepay('viewer')).toEqual({
      month: MONTH,
      mode: 'off',
      invoiced: false,
      amountMinor: 0,
      lines: [],
      fromBids: { basedOn, workingDays, amountMinor, slices },
    });
    const saved = await call('admin', 'PUT', '/api/billing/account', { ...account, prepayMode: 'bids' });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json() as { account: BillingAccountView }).account).toMatchObject({ prepayMode: 'bids', monthlyPrepayMinor: 0 });

    const next = await prepay('viewer');
    const plan = await prepayFor(deps, testRunContext(WS), MONTH);
    const [, standard, volume] = plan.slices;
    expect(next).toEqual({
      month: MONTH,
      mode: 'bids',
      invoiced: false,
      amountMinor: plan.amountMinor,
      lines: [
        {
          key: `prepay:${WS}:${MONTH}:standard`,
          description: `Meeting credits for ${MONTH}: Standard Slice, 3 meetings × $${(standard!.priceMinor / 100).toFixed(2)}`,
          amountMinor: 3 * standard!.priceMinor,
        },
        {
          key: `prepay:${WS}:${MONTH}:volume`,
          description: `Meeting credits for ${MONTH}: Volume Slice, ${MARCH_WORKING_DAYS} meetings × $${(volume!.priceMinor / 100).toFixed(2)}`,
          amountMinor: MARCH_WORKING_DAYS * volume!.priceMinor,
        },
      ],
      fromBids: { basedOn: '2026-02', workingDays: MARCH_WORKING_DAYS, amountMinor: plan.amountMinor, slices: plan.slices },
    });
    expect(next.amountMinor).toBe(next.lines.reduce((sum, line) => sum + line.amountMinor, 0));
    // Without a month, the next one after "now" (February 20th): March.
    expect(await prepay('owner', '')).toEqual(next);
  }, 120_000);

  it('reads an account saved with the amount alone as before: fixed (one line) or off at 0', async () => {
    const saved = await call('owner', 'PUT', '/api/billing/account', { ...account, monthlyPrepayMinor: 25_000 });
    const view = (saved.json() as { account: BillingAccountView }).account;
    expect(view.monthlyPrepayMinor).toBe(25_000);
    expect(view).not.toHaveProperty('prepayMode');
    expect(await plannedPrepay(deps, testRunContext(WS), MONTH)).toEqual({
      month: MONTH,
      mode: 'fixed',
      invoiced: false,
      amountMinor: 25_000,
      lines: [{ key: `prepay:${WS}:${MONTH}`, description: `Meeting credits for ${MONTH}`, amountMinor: 25_000 }],
      fromBids: null,
    });
    await call('owner', 'PUT', '/api/billing/account', { ...account, monthlyPrepayMinor: 0 });
    expect(await prepay('viewer')).toMatchObject({ mode: 'off', amountMinor: 0, lines: [] });
    // Chosen explicitly, fixed needs its amount; off keeps none.
    expect(
      (await call('owner', 'PUT', '/api/billing/account', { ...account, prepayMode: 'fixed', monthlyPrepayMinor: 12_345 })).json(),
    ).toMatchObject({ account: { prepayMode: 'fixed', monthlyPrepayMinor: 12_345 } });
    expect(await prepay('viewer')).toMatchObject({ mode: 'fixed', amountMinor: 12_345 });
    expect((await call('owner', 'PUT', '/api/billing/account', { ...account, prepayMode: 'off' })).json()).toMatchObject({
      account: { prepayMode: 'off', monthlyPrepayMinor: 0 },
    });
  }, 120_000);

  it('lets no one below admin, from another workspace or without a session set the mode, and refuses a bad one naming the field', async () => {
    await call('owner', 'PUT', '/api/billing/account', { ...account, prepayMode: 'bids' });
    const before = (await call('owner', 'GET', '/api/billing/account')).text;
    const fixed = { ...account, prepayMode: 'fixed', monthlyPrepayMinor: 5_000 };
    for (const role of ['viewer', 'sales-ops'] as const) {
      const refused = await call(role, 'PUT', '/api/billing/account', fixed);
      expect([refused.status, refused.text]).toEqual([403, expect.stringContaining('admin')]);
    }
    expect((await call('rival', 'PUT', '/api/billing/account', fixed)).status).toBe(404);
    expect((await call(null, 'PUT', '/api/billing/account', fixed)).status).toBe(401);
    const cases: Array<[unknown, string]> = [
      [{ ...account, prepayMode: 'auto' }, 'Invalid request: prepayMode: must be one of bids, fixed, off'],
      [{ ...account, prepayMode: 'fixed' }, 'Invalid request: monthlyPrepayMinor: give the fixed monthly pre-pay in cents'],
      [{ ...account, prepayMode: 'fixed', monthlyPrepayMinor: 0 }, 'Invalid request: monthlyPrepayMinor: give the fixed monthly pre-pay'],
      [
        { ...account, prepayMode: 'bids', monthlyPrepayMinor: 5_000 },
        'Invalid request: monthlyPrepayMinor: is the fixed pre-pay: leave it out (or 0) with prepayMode bids',
      ],
    ];
    for (const [body, problem] of cases) {
      const answer = await call('owner', 'PUT', '/api/billing/account', body);
      expect([answer.status, answer.text], JSON.stringify(body)).toEqual([400, expect.stringContaining(problem)]);
    }
    expect((await call('owner', 'GET', '/api/billing/account')).text).toBe(before);
    // Reading the pre-pay: every member of the workspace, no one else.
    expect((await call('rival', 'GET', `/api/billing/prepay?month=${MONTH}`)).status).toBe(404);
    expect((await call(null, 'GET', `/api/billing/prepay?month=${MONTH}`)).status).toBe(401);
    const rivals = await call('rival', 'GET', `/api/billing/prepay?month=${MONTH}`, undefined, 'rival');
    expect(rivals.json()).toMatchObject({ mode: 'off', amountMinor: 0, lines: [] });
    const bad = await call('viewer', 'GET', '/api/billing/prepay?month=2026-3');
    expect([bad.status, bad.text]).toEqual([400, 'Invalid request: month: must be a month, YYYY-MM']);
  }, 120_000);
});
