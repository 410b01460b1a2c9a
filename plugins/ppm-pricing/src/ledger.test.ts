import { runActivity } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ppmPricingPlugin } from './index.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
const at = (iso = '2026-11-22T09:00:00Z') => database.depsAt(iso);
const slice = { sliceId: 'mid-market', sliceName: 'Mid-market SaaS', tier: 'standard' as const, qualityScore: 0.8, leadsVolume: 500 };
const charge = (workspaceId: string, meetingId: string, outcome: 'completed' | 'no-show', iso: string) =>
  runActivity(ppmPricingPlugin, 'chargeMeeting', { workspaceId, meetingId, sliceId: 'mid-market', outcome, attendedAt: iso }, at(iso));
const ppmOf = async (workspaceId: string) => (await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId }, at())).slices[0]?.ppm;

beforeAll(async () => {
  database = await openTestDatabase();
  await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: 'ws-a', ...slice }, at());
  await runActivity(ppmPricingPlugin, 'upsertBid', { workspaceId: 'ws-a', sliceId: 'mid-market', baseBid: 2 }, at());
});
afterAll(async () => {
  await database?.drop();
});

describe('chargeMeeting', () => {
  it("charges an attended meeting at the slice's current price, once", async () => {
    // pm = prior 0.87: 2 × 30 × 0.8 ÷ 0.87 = 55.17
    expect(await ppmOf('ws-a')).toBe(55.17);
    const first = await charge('ws-a', 'm1', 'completed', '2026-11-23T10:00:00Z');
    expect(first).toEqual({ charged: true, amount: 55.17, currency: 'USD', reason: 'attended meeting charged at the slice price' });
    expect(await charge('ws-a', 'm1', 'completed', '2026-11-23T10:00:00Z')).toEqual(first);
    expect(await database.db.ledger.countDocuments({ workspaceId: 'ws-a', meetingId: 'm1' })).toBe(1);
    // One attended meeting: pm = (0.87 · 10 + 1) / 11 = 0.8818, so the price eases to 48 ÷ 0.8818.
    expect(await ppmOf('ws-a')).toBe(54.43);
  });

  it('does not charge a no-show, lowers pm and so raises the next price', async () => {
    const noShow = await charge('ws-a', 'm2', 'no-show', '2026-11-24T10:00:00Z');
    expect(noShow).toEqual({ charged: false, amount: 0, currency: 'USD', reason: 'no-show: not charged' });
    // pm = (8.7 + 1) / 12 = 0.8083; 48 ÷ 0.8083 = 59.38
    const { slices } = await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at());
    expect(slices[0]).toMatchObject({ pm: 0.8083, ppm: 59.38 });
    // The first outcome reported stands; a later report cannot turn it into a charge.
    expect(await charge('ws-a', 'm2', 'completed', '2026-11-24T10:00:00Z')).toEqual(noShow);
    expect((await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at())).slices[0]?.pm).toBe(0.8083);
  });

  it('refuses a slice the workspace does not have', async () => {
    await expect(
      runActivity(
        ppmPricingPlugin,
        'chargeMeeting',
        { workspaceId: 'ws-a', meetingId: 'm9', sliceId: 'nope', outcome: 'completed', attendedAt: '2026-11-24T10:00:00Z' },
        at(),
      ),
    ).rejects.toMatchObject({ type: 'SliceNotFound', nonRetryable: true });
  });
});

describe('ledgerSummary', () => {
  it('sums charged meetings only, within [from, to)', async () => {
    await charge('ws-a', 'm3', 'completed', '2026-11-25T10:00:00Z');
    const all = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-a' }, at());
    // 55.17 + 59.38 = 114.55 over 2 meetings; the no-show counts for nothing.
    const totals = { meetingsCharged: 2, total: 114.55, noShows: 1 };
    expect(all).toEqual({
      ...totals,
      averagePpm: 57.28,
      currency: 'USD',
      bySlice: [{ sliceId: 'mid-market', ...totals }],
      byMonth: [{ month: '2026-11', ...totals }],
    });
    const window = await runActivity(
      ppmPricingPlugin,
      'ledgerSummary',
      { workspaceId: 'ws-a', from: '2026-11-24T00:00:00Z', to: '2026-11-26T00:00:00Z' },
      at(),
    );
    expect(window).toMatchObject({ meetingsCharged: 1, total: 59.38, averagePpm: 59.38, noShows: 1 });
    const before = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-a', to: '2026-11-23T10:00:00Z' }, at());
    expect(before).toEqual({ meetingsCharged: 0, total: 0, noShows: 0, averagePpm: 0, currency: 'USD', bySlice: [], byMonth: [] });
  });

  it('splits charges and no-shows by slice and by month of attendance', async () => {
    await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: 'ws-months', ...slice }, at());
    await runActivity(
      ppmPricingPlugin,
      'upsertSlice',
      { workspaceId: 'ws-months', ...slice, sliceId: 'enterprise', tier: 'premium' },
      at(),
    );
    const chargeIn = (sliceId: string, meetingId: string, outcome: 'completed' | 'no-show', iso: string) =>
      runActivity(ppmPricingPlugin, 'chargeMeeting', { workspaceId: 'ws-months', meetingId, sliceId, outcome, attendedAt: iso }, at(iso));
    const october = await chargeIn('mid-market', 'o1', 'completed', '2026-10-30T10:00:00Z');
    const november = await chargeIn('enterprise', 'n1', 'completed', '2026-11-02T10:00:00Z');
    await chargeIn('enterprise', 'n2', 'no-show', '2026-11-03T10:00:00Z');
    const summary = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-months' }, at());
    expect(summary.bySlice).toEqual([
      { sliceId: 'enterprise', meetingsCharged: 1, total: november.amount, noShows: 1 },
      { sliceId: 'mid-market', meetingsCharged: 1, total: october.amount, noShows: 0 },
    ]);
    expect(summary.byMonth).toEqual([
      { month: '2026-10', meetingsCharged: 1, total: october.amount, noShows: 0 },
      { month: '2026-11', meetingsCharged: 1, total: november.amount, noShows: 1 },
    ]);
    expect(summary.total).toBe(Math.round((october.amount + november.amount) * 100) / 100);
  });
});

describe('workspace isolation', () => {
  it("keeps another workspace's slices, bids and ledger out of sight", async () => {
    await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: 'ws-b', ...slice, tier: 'premium', sliceName: 'B only' }, at());
    await runActivity(ppmPricingPlugin, 'upsertBid', { workspaceId: 'ws-b', sliceId: 'mid-market', baseBid: 3, isEnabled: false }, at());
    // The same meeting id in another workspace is another meeting.
    expect(await charge('ws-b', 'm1', 'completed', '2026-11-23T10:00:00Z')).toMatchObject({ charged: true });

    const slicesA = await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at());
    expect(slicesA.slices.map((s) => s.sliceName)).toEqual(['Mid-market SaaS']);
    expect(slicesA.slices[0]?.isActive).toBe(true);
    const bidsA = await runActivity(ppmPricingPlugin, 'listBids', { workspaceId: 'ws-a' }, at());
    expect(bidsA.bids).toEqual([expect.objectContaining({ baseBid: 2, isEnabled: true })]);
    const ledgerA = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-a' }, at());
    expect(ledgerA.meetingsCharged).toBe(2);
    const ledgerB = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-b' }, at());
    expect(ledgerB.meetingsCharged).toBe(1);
    const economicsA = await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-a', sliceId: 'mid-market' }, at());
    expect(economicsA.slices.map((s) => s.evidence.ledgerBooked)).toEqual([3]);
    expect(await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-c' }, at())).toEqual({ slices: [] });
  });
});

describe('ledger and recompute together', () => {
  it('records one row when two attempts race on the same meeting', async () => {
    const [one, two] = await Promise.all([
      charge('ws-a', 'race', 'completed', '2026-11-25T12:00:00Z'),
      charge('ws-a', 'race', 'completed', '2026-11-25T12:00:00Z'),
    ]);
    expect(two).toEqual(one);
    expect(await database.db.ledger.countDocuments({ workspaceId: 'ws-a', meetingId: 'race' })).toBe(1);
  });

  it('counts only ledger rows recorded after the last recompute', async () => {
    await runActivity(
      ppmPricingPlugin,
      'recomputeSlice',
      { workspaceId: 'ws-a', sliceId: 'mid-market', booked: 10, attended: 5, qualifiedLeads: 400, leadsVolume: 500 },
      at('2026-11-26T00:00:00Z'),
    );
    await charge('ws-a', 'm4', 'no-show', '2026-11-27T10:00:00Z');
    const [economics] = (await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-a' }, at())).slices;
    expect(economics?.evidence).toMatchObject({ booked: 10, attended: 5, ledgerBooked: 1, ledgerAttended: 0 });
    // pm = (8.7 + 5 + 0) / (10 + 10 + 1) = 0.6524
    expect(economics?.pm).toBe(0.6524);
  });
});
