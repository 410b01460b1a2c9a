import { runActivity } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_LEDGER_INDEX } from './collections.ts';
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
    expect(first).toEqual({
      charged: true,
      amount: 55.17,
      amountMinor: 5517,
      currency: 'USD',
      reason: 'attended meeting charged at the slice price',
      entries: [{ key: 'm1:charge:1', kind: 'charge', amountMinor: 5517, currency: 'USD' }],
    });
    expect(await charge('ws-a', 'm1', 'completed', '2026-11-23T10:00:00Z')).toEqual(first);
    expect(await database.db.ledger.countDocuments({ workspaceId: 'ws-a', meetingId: 'm1' })).toBe(1);
    // One attended meeting: pm = (0.87 · 10 + 1) / 11 = 0.8818, so the price eases to 48 ÷ 0.8818.
    expect(await ppmOf('ws-a')).toBe(54.43);
  });

  it('does not charge a no-show, lowers pm and so raises the next price', async () => {
    const noShow = await charge('ws-a', 'm2', 'no-show', '2026-11-24T10:00:00Z');
    expect(noShow).toEqual({
      charged: false,
      amount: 0,
      amountMinor: 0,
      currency: 'USD',
      reason: 'no-show: not charged',
      entries: [{ key: 'm2:no-show:1', kind: 'no-show', amountMinor: 0, currency: 'USD' }],
    });
    // pm = (8.7 + 1) / 12 = 0.8083; 48 ÷ 0.8083 = 59.38
    const { slices } = await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at());
    expect(slices[0]).toMatchObject({ pm: 0.8083, ppm: 59.38 });
    // Reported again, the no-show adds nothing and counts once.
    expect(await charge('ws-a', 'm2', 'no-show', '2026-11-24T10:00:00Z')).toEqual(noShow);
    expect(await database.db.ledger.countDocuments({ workspaceId: 'ws-a', meetingId: 'm2' })).toBe(1);
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
    const totals = { meetingsCharged: 2, total: 114.55, noShows: 1, chargedMinor: 11455, creditedMinor: 0, netMinor: 11455 };
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
    const none = { meetingsCharged: 0, total: 0, noShows: 0, chargedMinor: 0, creditedMinor: 0, netMinor: 0 };
    expect(before).toEqual({ ...none, averagePpm: 0, currency: 'USD', bySlice: [], byMonth: [] });
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
    const one = ({ amountMinor }: { amountMinor: number }, noShows: number) => ({
      meetingsCharged: 1,
      total: amountMinor / 100,
      noShows,
      chargedMinor: amountMinor,
      creditedMinor: 0,
      netMinor: amountMinor,
    });
    expect(summary.bySlice).toEqual([
      { sliceId: 'enterprise', ...one(november, 1) },
      { sliceId: 'mid-market', ...one(october, 0) },
    ]);
    expect(summary.byMonth).toEqual([
      { month: '2026-10', ...one(october, 0) },
      { month: '2026-11', ...one(november, 1) },
    ]);
    expect(summary.netMinor).toBe(october.amountMinor + november.amountMinor);
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

describe('corrections', () => {
  // A slice whose floor is its cap prices every meeting at 33.33, whatever its pm does meanwhile.
  const flat = (workspaceId: string) =>
    runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId, ...slice, sliceId: 'flat', floor: 33.33, cap: 33.33 }, at());
  const report = (workspaceId: string, meetingId: string, outcome: 'completed' | 'no-show', day: number) =>
    runActivity(
      ppmPricingPlugin,
      'chargeMeeting',
      { workspaceId, meetingId, sliceId: 'flat', outcome, attendedAt: `2026-11-${String(day).padStart(2, '0')}T10:00:00Z` },
      // Reported after the slice was set up (22 November): its pm counts them.
      at('2026-11-28T12:00:00Z'),
    );
  const keys = async (workspaceId: string) =>
    (await database.db.ledger.find({ workspaceId }).sort({ meetingId: 1, seq: 1 }).lean()).map((row) => `${row.key} ${row.amountMinor}`);

  it('bills a month of 7 attended, 2 no-shows and 1 correction to the cent, and replaying every report changes nothing', async () => {
    await flat('ws-month');
    const reports: Array<[string, 'completed' | 'no-show', number]> = [
      ...[1, 2, 3, 4, 5, 6, 7].map((n): [string, 'completed', number] => [`a${n}`, 'completed', n]),
      ['n1', 'no-show', 8],
      ['n2', 'no-show', 9],
      ['c1', 'completed', 10],
      ['c1', 'no-show', 10],
    ];
    for (const [meetingId, outcome, day] of reports) await report('ws-month', meetingId, outcome, day);
    const corrected = await report('ws-month', 'c1', 'no-show', 10);
    expect(corrected).toEqual({
      charged: false,
      amount: 0,
      amountMinor: 0,
      currency: 'USD',
      reason: 'corrected to a no-show: its charge is credited',
      entries: [
        { key: 'c1:charge:1', kind: 'charge', amountMinor: 3333, currency: 'USD' },
        { key: 'c1:credit:1', kind: 'credit', amountMinor: -3333, currency: 'USD' },
      ],
    });
    const expectedEntries = [
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `a${n}:charge:1 3333`),
      'c1:charge:1 3333',
      'c1:credit:1 -3333',
      'n1:no-show:1 0',
      'n2:no-show:1 0',
    ];
    expect(await keys('ws-month')).toEqual(expectedEntries);
    // 8 charges − 1 credit = 7 × 33.33 = 233.31, summed in cents (in dollars 33.33 × 7 is 233.30999999999997).
    const totals = { meetingsCharged: 7, noShows: 3, chargedMinor: 26_664, creditedMinor: 3333, netMinor: 23_331, total: 233.31 };
    const november = { workspaceId: 'ws-month', from: '2026-11-01T00:00:00Z', to: '2026-12-01T00:00:00Z' };
    const summary = await runActivity(ppmPricingPlugin, 'ledgerSummary', november, at());
    expect(summary).toEqual({
      ...totals,
      averagePpm: 33.33,
      currency: 'USD',
      bySlice: [{ sliceId: 'flat', ...totals }],
      byMonth: [{ month: '2026-11', ...totals }],
    });
    // The slice counts each meeting once, with its current outcome: 10 booked, 7 attended.
    const [economics] = (await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-month', sliceId: 'flat' }, at()))
      .slices;
    expect(economics?.evidence).toMatchObject({ ledgerBooked: 10, ledgerAttended: 7 });

    // Every report again, in order and all at once: retries and duplicate calls add nothing.
    for (const [meetingId, outcome, day] of reports.filter(([meetingId]) => meetingId !== 'c1'))
      await report('ws-month', meetingId, outcome, day);
    await report('ws-month', 'c1', 'no-show', 10);
    await Promise.all(
      reports.filter(([meetingId]) => meetingId !== 'c1').map(([meetingId, outcome, day]) => report('ws-month', meetingId, outcome, day)),
    );
    expect(await keys('ws-month')).toEqual(expectedEntries);
    expect(await runActivity(ppmPricingPlugin, 'ledgerSummary', november, at())).toEqual(summary);
    const [after] = (await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-month', sliceId: 'flat' }, at()))
      .slices;
    expect(after?.evidence).toMatchObject({ ledgerBooked: 10, ledgerAttended: 7 });
  });

  it('charges a meeting corrected back to attended anew, and never charges a no-show', async () => {
    await flat('ws-back');
    expect((await report('ws-back', 'b1', 'completed', 3)).amountMinor).toBe(3333);
    expect((await report('ws-back', 'b1', 'no-show', 3)).amountMinor).toBe(0);
    const back = await report('ws-back', 'b1', 'completed', 3);
    expect(back).toMatchObject({ charged: true, amount: 33.33, amountMinor: 3333, reason: 'attended meeting charged at the slice price' });
    expect(back.entries.map((entry) => entry.key)).toEqual(['b1:charge:1', 'b1:credit:1', 'b1:charge:2']);
    // A no-show first reported, then reported again: one entry of 0, nothing charged.
    await report('ws-back', 'b2', 'no-show', 4);
    expect(await report('ws-back', 'b2', 'no-show', 4)).toMatchObject({ charged: false, amountMinor: 0 });
    expect(await keys('ws-back')).toEqual(['b1:charge:1 3333', 'b1:credit:1 -3333', 'b1:charge:2 3333', 'b2:no-show:1 0']);
    const summary = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-back' }, at());
    expect(summary).toMatchObject({
      meetingsCharged: 1,
      noShows: 1,
      chargedMinor: 6666,
      creditedMinor: 3333,
      netMinor: 3333,
      total: 33.33,
    });
    const [economics] = (await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-back', sliceId: 'flat' }, at()))
      .slices;
    expect(economics?.evidence).toMatchObject({ ledgerBooked: 2, ledgerAttended: 1 });
  });

  it('writes one entry when duplicate reports of the same transition race', async () => {
    await flat('ws-race');
    const charges = await Promise.all(Array.from({ length: 5 }, () => report('ws-race', 'r1', 'completed', 5)));
    expect(new Set(charges.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const credits = await Promise.all(Array.from({ length: 5 }, () => report('ws-race', 'r1', 'no-show', 5)));
    expect(credits.map((answer) => answer.entries.map((entry) => entry.key))).toEqual(
      Array.from({ length: 5 }, () => ['r1:charge:1', 'r1:credit:1']),
    );
    expect(await keys('ws-race')).toEqual(['r1:charge:1 3333', 'r1:credit:1 -3333']);
  });

  it('keeps one line of entries when different outcomes of one meeting race', async () => {
    await flat('ws-fork');
    await Promise.all((['completed', 'no-show', 'completed', 'no-show'] as const).map((outcome) => report('ws-fork', 'f1', outcome, 7)));
    const rows = await database.db.ledger.find({ workspaceId: 'ws-fork' }).sort({ seq: 1 }).lean();
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    // Each entry follows from the one before: a credit only right after a charge, a charge never after a charge.
    const follows: Record<string, readonly string[]> = { charge: ['credit', 'no-show'], credit: ['charge'], 'no-show': [] };
    rows.slice(1).forEach((row, index) => expect(follows[row.kind]).toContain(rows[index]!.kind));
    expect(rows.reduce((sum, row) => sum + row.amountMinor!, 0)).toBe(rows.at(-1)!.kind === 'charge' ? 3333 : 0);
  });

  it('sums prices like 33.33 × 3 exactly', async () => {
    await flat('ws-thirds');
    for (const meetingId of ['t1', 't2', 't3']) await report('ws-thirds', meetingId, 'completed', 6);
    const summary = await runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-thirds' }, at());
    expect(summary).toMatchObject({ meetingsCharged: 3, netMinor: 9999, total: 99.99, averagePpm: 33.33 });
  });
});

describe('rows from before entries', () => {
  it('reads them in cents from their dollars, and a correction credits them once the old unique index is gone', async () => {
    const legacy = await openTestDatabase();
    try {
      const deps = (iso = '2026-11-22T09:00:00Z') => legacy.depsAt(iso);
      await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: 'ws-old', ...slice }, deps());
      // The ledger as it was: one row per meeting, dollars only, unique on the meeting.
      await legacy.db.ledger.collection.createIndex({ workspaceId: 1, meetingId: 1 }, { unique: true, name: LEGACY_LEDGER_INDEX });
      const row = { workspaceId: 'ws-old', sliceId: 'mid-market', currency: 'USD', createdAt: new Date('2026-11-20T10:00:00Z') };
      await legacy.db.ledger.collection.insertMany([
        { ...row, meetingId: 'old1', kind: 'charge', amount: 33.33, attendedAt: new Date('2026-11-20T09:00:00Z') },
        { ...row, meetingId: 'old2', kind: 'charge', amount: 0.29, attendedAt: new Date('2026-11-20T09:00:00Z') },
        { ...row, meetingId: 'old3', kind: 'no-show', amount: 0, attendedAt: new Date('2026-11-20T09:00:00Z') },
      ]);
      const summary = () => runActivity(ppmPricingPlugin, 'ledgerSummary', { workspaceId: 'ws-old' }, deps());
      // 0.29 × 100 is 28.999999999999996 in floating point: read as 29 cents.
      expect(await summary()).toMatchObject({ meetingsCharged: 2, noShows: 1, chargedMinor: 3362, netMinor: 3362, total: 33.62 });

      const corrected = await runActivity(
        ppmPricingPlugin,
        'chargeMeeting',
        { workspaceId: 'ws-old', meetingId: 'old1', sliceId: 'mid-market', outcome: 'no-show', attendedAt: '2026-11-20T09:00:00Z' },
        deps('2026-11-23T09:00:00Z'),
      );
      expect(corrected.entries).toEqual([
        { key: 'old1:charge:1', kind: 'charge', amountMinor: 3333, currency: 'USD' },
        { key: 'old1:credit:1', kind: 'credit', amountMinor: -3333, currency: 'USD' },
      ]);
      const indexes = (await legacy.db.ledger.collection.indexes()).map((index) => index.name);
      expect(indexes).not.toContain(LEGACY_LEDGER_INDEX);
      expect(await summary()).toMatchObject({ meetingsCharged: 1, noShows: 2, chargedMinor: 3362, creditedMinor: 3333, netMinor: 29 });
    } finally {
      await legacy.drop();
    }
  });
});

describe('ledgerEntries', () => {
  it("lists a period's entries as written, a credit citing the charge it cancels, and nothing of another period or workspace", async () => {
    const ws = 'ws-entries';
    await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: ws, ...slice }, at());
    const chargeIn = (meetingId: string, outcome: 'completed' | 'no-show', iso: string) =>
      runActivity(
        ppmPricingPlugin,
        'chargeMeeting',
        { workspaceId: ws, meetingId, sliceId: 'mid-market', outcome, attendedAt: iso },
        at(iso),
      );
    const kept = await chargeIn('e1', 'completed', '2026-09-03T10:00:00Z');
    await chargeIn('e2', 'no-show', '2026-09-04T10:00:00Z');
    const corrected = await chargeIn('e3', 'completed', '2026-09-05T10:00:00Z');
    await chargeIn('e3', 'no-show', '2026-09-05T10:00:00Z');
    const again = await chargeIn('e3', 'completed', '2026-09-05T10:00:00Z');
    await chargeIn('e4', 'completed', '2026-10-01T00:00:00Z'); // the next month: not in September's
    await runActivity(ppmPricingPlugin, 'upsertSlice', { workspaceId: 'ws-other', ...slice }, at());
    await runActivity(
      ppmPricingPlugin,
      'chargeMeeting',
      { workspaceId: 'ws-other', meetingId: 'x1', sliceId: 'mid-market', outcome: 'completed', attendedAt: '2026-09-03T10:00:00Z' },
      at(),
    );

    const { entries } = await runActivity(
      ppmPricingPlugin,
      'ledgerEntries',
      { workspaceId: ws, from: '2026-09-01T00:00:00Z', to: '2026-10-01T00:00:00Z' },
      at(),
    );
    const firstCharge = corrected.entries[0]!.amountMinor;
    expect(entries.map(({ key, kind, amountMinor, meetingId, credits }) => [key, kind, amountMinor, meetingId, credits])).toEqual([
      ['e1:charge:1', 'charge', kept.amountMinor, 'e1', null],
      ['e2:no-show:1', 'no-show', 0, 'e2', null],
      ['e3:charge:1', 'charge', firstCharge, 'e3', null],
      ['e3:credit:1', 'credit', -firstCharge, 'e3', 'e3:charge:1'],
      ['e3:charge:2', 'charge', again.amountMinor, 'e3', null],
    ]);
    expect(entries[3]).toMatchObject({ sliceId: 'mid-market', attendedAt: '2026-09-05T10:00:00.000Z', currency: 'USD' });
  });
});
