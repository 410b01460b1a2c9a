import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';
import { testRunContext } from '../../../../dev/testing/principals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PluginApiDeps } from '../../runs/plugins/call-activity.ts';
import { DEFAULT_TIERS, ensureDefaultSlices, tierEstimates } from './default-slices.ts';
import { callPricing } from './pricing.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { pricingRouteDocs, pricingRouter } from './routes.ts';

interface Slice {
  sliceId: string;
  sliceName: string;
  qualityScore: number;
  leadsVolume: number;
  ppm: number;
  pm: number;
  floor: number;
  cap: number;
  isActive: boolean;
}

let stack: TestPipelineWorker;
let deps: PluginApiDeps;
let server: Awaited<ReturnType<typeof serveForTest>>;
let router: ReturnType<typeof pricingRouter>;

const get = (path: string) => fetch(`${server.url}${path}`);
const postBid = (body: unknown, query = '') =>
  fetch(`${server.url}/api/pricing/bid${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const slices = async (workspace: string) => (await (await get(`/api/pricing/slices?workspace=${workspace}`)).json()) as Slice[];
const bids = async (workspace: string) => (await (await get(`/api/pricing/bids?workspace=${workspace}`)).json()) as unknown[];
const validBid = { workspaceId: 'acme', sliceId: 'standard', baseBid: 2, maxDailyMeetings: 10, dailyBudgetCap: 300 };

beforeAll(async () => {
  stack = await startTestPipelineWorker('pricing-api', [meetingBookingPlugin, ppmPricingPlugin]);
  deps = { host: stack.host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
  router = pricingRouter(deps);
  server = await serveRouters(router);
});
afterAll(async () => {
  await server.close();
  await stack.stop();
});

describe('/api/pricing', () => {
  it('describes every route it mounts, and only those', () => {
    const mounted = router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(pricingRouteDocs.map((doc) => `${doc.method.toUpperCase()} ${doc.path}`).sort()).toEqual(mounted.sort());
  });

  it('lists no slices and no bids for a fresh workspace', async () => {
    expect(await slices('acme')).toEqual([]);
    expect(await bids('acme')).toEqual([]);
  });

  it("gives a workspace without slices the spec's three tiers, priced at their tier price at the default bid", async () => {
    expect(await ensureDefaultSlices(deps, 'acme')).toEqual(['volume', 'standard', 'premium']);
    const listed = await slices('acme');
    expect(listed.map((slice) => [slice.sliceId, slice.sliceName, slice.ppm, slice.floor, slice.cap, slice.isActive])).toEqual([
      ['premium', 'Premium Slice', 50, 50, 200, false],
      ['standard', 'Standard Slice', 30, 30, 120, false],
      ['volume', 'Volume Slice', 25, 25, 100, false],
    ]);
    for (const { tier, qualification } of DEFAULT_TIERS) {
      const { qualityScore, pm, leadsVolume } = tierEstimates(qualification);
      expect(listed.find((slice) => slice.sliceId === tier)).toMatchObject({ qualityScore, pm, leadsVolume });
    }
    // A workspace that already has slices keeps them as they are.
    expect(await ensureDefaultSlices(deps, 'acme')).toEqual([]);
    expect(await slices('acme')).toEqual(listed);
  });

  it('reads slices, bids and the ledger in its own process: they answer with no worker polling the task queue', async () => {
    await ensureDefaultSlices(deps, 'no-worker');
    const unpolled = await serveRouters(pricingRouter({ ...deps, taskQueue: `nobody-polls-${Date.now()}` }));
    try {
      const read = async (path: string) => {
        const response = await fetch(`${unpolled.url}/api/pricing/${path}?workspace=no-worker`);
        return [response.status, await response.json()] as const;
      };
      const [status, listed] = await read('slices');
      expect([status, (listed as Slice[]).map((slice) => slice.sliceId)]).toEqual([200, ['premium', 'standard', 'volume']]);
      expect(await read('bids')).toEqual([200, []]);
      expect(await read('ledger')).toMatchObject([200, { meetingsCharged: 0, netMinor: 0 }]);
    } finally {
      await unpolled.close();
    }
  });

  it('never shows the internal expected cost per meeting, though the plugin keeps one', async () => {
    await callPricing(
      deps,
      'upsertSlice',
      { sliceId: 'volume', sliceName: 'Volume Slice', tier: 'volume', ...tierEstimates(DEFAULT_TIERS[0].qualification), ecm: 12.5 },
      testRunContext('acme'),
    );
    const internal = (await callPricing(deps, 'internalSliceEconomics', { sliceId: 'volume' }, testRunContext('acme'))) as {
      slices: Array<{ ecm: number }>;
    };
    expect(internal.slices[0]?.ecm).toBe(12.5);
    const raw = await (await get('/api/pricing/slices?workspace=acme')).text();
    expect(raw).not.toContain('ecm');
    expect(raw).not.toContain('12.5');
    expect(Object.keys((JSON.parse(raw) as Slice[])[0]!).sort()).toEqual([
      'basePrice',
      'cap',
      'floor',
      'isActive',
      'leadsVolume',
      'pm',
      'ppm',
      'qualityScore',
      'sliceId',
      'sliceName',
      'tier',
    ]);
  });

  it('sets a bid: listed, and the slice is priced with it and shown active', async () => {
    const response = await postBid(validBid);
    expect(response.status).toBe(200);
    // 2 × $30 × quality 0.8 ÷ pm 0.8
    expect(await response.json()).toEqual({
      sliceId: 'standard',
      isEnabled: true,
      baseBid: 2,
      maxDailyMeetings: 10,
      dailyBudgetCap: 300,
      ppm: 60,
    });
    expect(await bids('acme')).toEqual([{ sliceId: 'standard', isEnabled: true, baseBid: 2, maxDailyMeetings: 10, dailyBudgetCap: 300 }]);
    expect((await slices('acme')).find((slice) => slice.sliceId === 'standard')).toMatchObject({ ppm: 60, isActive: true });

    const off = await postBid({ ...validBid, baseBid: 2.3, isEnabled: false });
    expect(await off.json()).toMatchObject({ baseBid: 2.3, isEnabled: false, ppm: 69 });
    expect((await slices('acme')).find((slice) => slice.sliceId === 'standard')).toMatchObject({ ppm: 69, isActive: false });
  });

  it('validates every bid field per the spec, naming it, and stores nothing', async () => {
    const before = await bids('acme');
    const cases: Array<[Record<string, unknown>, string]> = [
      // 0.45 is both below the range and off the step; the 400 names baseBid either way.
      [{ baseBid: 0.45 }, 'Invalid request: baseBid: baseBid must be '],
      [{ baseBid: 0.4 }, 'baseBid: baseBid must be at least 0.5'],
      [{ baseBid: 3.1 }, 'baseBid: baseBid must be at most 3'],
      [{ baseBid: 0.55 }, 'baseBid: baseBid must be in steps of 0.1'],
      [{ maxDailyMeetings: 51 }, 'maxDailyMeetings: maxDailyMeetings must be at most 50'],
      [{ maxDailyMeetings: 0 }, 'maxDailyMeetings: maxDailyMeetings must be at least 1'],
      [{ maxDailyMeetings: 2.5 }, 'maxDailyMeetings: maxDailyMeetings must be a whole number'],
      [{ dailyBudgetCap: 15 }, 'dailyBudgetCap: dailyBudgetCap must be in steps of 10'],
      [{ dailyBudgetCap: 0 }, 'dailyBudgetCap: dailyBudgetCap must be at least 10'],
      [{ isEnabled: 'yes' }, 'isEnabled: isEnabled must be true or false'],
      [{ sliceId: '' }, 'sliceId: '],
      [{ workspaceId: 'Not A Slug' }, 'workspaceId: must be a workspace slug'],
    ];
    for (const [change, problem] of cases) {
      const response = await postBid({ ...validBid, ...change });
      expect([response.status, await response.text()], JSON.stringify(change)).toEqual([400, expect.stringContaining(problem)]);
    }
    const missing = await postBid({ workspaceId: 'acme' });
    expect(await missing.text()).toMatch(/sliceId: .*baseBid: .*maxDailyMeetings: .*dailyBudgetCap: /);
    expect(await bids('acme')).toEqual(before);
  });

  it('answers 404 for a slice the workspace does not have', async () => {
    const response = await postBid({ ...validBid, sliceId: 'ghost' });
    expect([response.status, await response.text()]).toEqual([404, 'slice "ghost" does not exist in workspace "acme"']);
  });

  it('takes the workspace from the body or the query, and refuses the two disagreeing', async () => {
    const { workspaceId: _body, ...withoutWorkspace } = validBid;
    expect((await postBid(withoutWorkspace, '?workspace=acme')).status).toBe(200);
    expect((await postBid(validBid, '?workspace=acme')).status).toBe(200);
    const clash = await postBid(validBid, '?workspace=globex');
    expect([clash.status, await clash.text()]).toEqual([400, 'Invalid request: workspaceId: "acme" does not match ?workspace=globex']);
  });

  it('keeps workspaces apart: slices and bids of one are invisible and untouchable from another', async () => {
    expect(await slices('globex')).toEqual([]);
    expect(await bids('globex')).toEqual([]);
    const response = await postBid({ ...validBid, workspaceId: 'globex' });
    expect(response.status).toBe(404);
    await callPricing(
      deps,
      'upsertSlice',
      { sliceId: 'fintech-cfos', sliceName: 'Fintech CFOs', tier: 'premium', qualityScore: 0.9, leadsVolume: 40 },
      testRunContext('globex'),
    );
    expect(await ensureDefaultSlices(deps, 'globex')).toEqual([]);
    expect((await slices('globex')).map((slice) => slice.sliceId)).toEqual(['fintech-cfos']);
    expect((await slices('acme')).map((slice) => slice.sliceId)).toEqual(['premium', 'standard', 'volume']);
    expect(await bids('globex')).toEqual([]);
    expect(await bids('acme')).toHaveLength(1);
  });

  it('sums the ledger: attended meetings charged at the slice price, no-shows free, corrections credited, an empty workspace all zero', async () => {
    const empty = await get('/api/pricing/ledger?workspace=nobody');
    expect(await empty.json()).toEqual({
      meetingsCharged: 0,
      total: 0,
      noShows: 0,
      chargedMinor: 0,
      creditedMinor: 0,
      netMinor: 0,
      averagePpm: 0,
      currency: 'USD',
      bySlice: [],
      byMonth: [],
    });
    await ensureDefaultSlices(deps, 'billed');
    const price = (await slices('billed')).find((slice) => slice.sliceId === 'standard')!.ppm;
    const charge = (meetingId: string, outcome: 'completed' | 'no-show') =>
      callPricing(
        deps,
        'chargeMeeting',
        { meetingId, sliceId: 'standard', outcome, attendedAt: '2026-11-20T15:00:00Z' },
        testRunContext('billed'),
      );
    const cents = Math.round(price * 100);
    expect(await charge('m-attended', 'completed')).toMatchObject({ charged: true, amount: price, amountMinor: cents });
    await charge('m-missed', 'no-show');
    // Attended, then corrected to a no-show: charged at the price of its moment, then credited as much.
    const { entries } = (await charge('m-corrected', 'completed')) as { entries: Array<{ amountMinor: number }> };
    const correctedMinor = entries[0]!.amountMinor;
    expect(await charge('m-corrected', 'no-show')).toMatchObject({ charged: false, amountMinor: 0 });
    const totals = {
      meetingsCharged: 1,
      total: price,
      noShows: 2,
      chargedMinor: cents + correctedMinor,
      creditedMinor: correctedMinor,
      netMinor: cents,
    };
    expect(await (await get('/api/pricing/ledger?workspace=billed')).json()).toEqual({
      ...totals,
      averagePpm: price,
      currency: 'USD',
      bySlice: [{ sliceId: 'standard', ...totals }],
      byMonth: [{ month: '2026-11', ...totals }],
    });
    expect((await get('/api/pricing/ledger?workspace=Not%20A%20Slug')).status).toBe(400);
  });
});
