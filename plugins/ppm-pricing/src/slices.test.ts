import { runActivity } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ppmPricingPlugin } from './index.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const at = (iso = '2026-11-22T09:00:00Z') => database.depsAt(iso);
const premium = {
  workspaceId: 'ws-a',
  sliceId: 'series-b-saas',
  sliceName: 'Series B+ SaaS',
  tier: 'premium' as const,
  qualityScore: 0.9,
  leadsVolume: 400,
};

describe('slices', () => {
  it('defaults floor and cap from the tier and prices with baseBid 1 without a bid', async () => {
    const slice = await runActivity(ppmPricingPlugin, 'upsertSlice', { ...premium, pm: 0.6, ecm: 18 }, at());
    // 1 × 50 × 0.9 ÷ 0.6 = 75, inside [50, 200]
    expect(slice).toEqual({
      sliceId: 'series-b-saas',
      sliceName: 'Series B+ SaaS',
      tier: 'premium',
      qualityScore: 0.9,
      leadsVolume: 400,
      ppm: 75,
      pm: 0.6,
      floor: 50,
      cap: 200,
      basePrice: 50,
      isActive: false,
    });
  });

  it('never shows ecm in the public list, only in the internal view', async () => {
    const { slices } = await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at());
    expect(slices).toHaveLength(1);
    expect(JSON.stringify(slices)).not.toContain('ecm');
    expect(Object.keys(slices[0] ?? {})).not.toContain('margin');
    const internal = await runActivity(ppmPricingPlugin, 'internalSliceEconomics', { workspaceId: 'ws-a' }, at());
    expect(internal.slices[0]).toMatchObject({ sliceId: 'series-b-saas', ecm: 18, margin: 57, basePrice: 50 });
  });

  it("prices with the workspace's bid once there is one", async () => {
    await runActivity(ppmPricingPlugin, 'upsertBid', { workspaceId: 'ws-a', sliceId: 'series-b-saas', baseBid: 2 }, at());
    const { slices } = await runActivity(ppmPricingPlugin, 'listSlices', { workspaceId: 'ws-a' }, at());
    // 2 × 50 × 0.9 ÷ 0.6 = 150
    expect(slices[0]).toMatchObject({ ppm: 150, isActive: true });
  });

  it("recomputes pm, quality and ecm from a period's outcomes, the same on a retry", async () => {
    const outcomes = { workspaceId: 'ws-a', sliceId: 'series-b-saas', booked: 40, attended: 30, qualifiedLeads: 380, leadsVolume: 400 };
    const first = await runActivity(ppmPricingPlugin, 'recomputeSlice', outcomes, at('2026-11-23T09:00:00Z'));
    // pm = (0.6 · 10 + 30) / (10 + 40) = 0.72; quality = (0.9 · 20 + 380) / (20 + 400) = 0.9476
    // ecm = 400 · $0.50 / (40 · 0.72) = 6.94; ppm = 2 × 50 × 0.9476 ÷ 0.72 = 131.61
    expect(first).toMatchObject({ pm: 0.72, qualityScore: 0.9476, ecm: 6.94, ppm: 131.61, leadsVolume: 400 });
    expect(first.evidence).toEqual({ booked: 40, attended: 30, qualifiedLeads: 380, leads: 400, ledgerBooked: 0, ledgerAttended: 0 });
    const retry = await runActivity(ppmPricingPlugin, 'recomputeSlice', outcomes, at('2026-11-23T09:00:05Z'));
    expect(retry).toEqual(first);
  });

  it('refuses to recompute an unknown slice, without retrying', async () => {
    await expect(
      runActivity(
        ppmPricingPlugin,
        'recomputeSlice',
        { workspaceId: 'ws-a', sliceId: 'nope', booked: 1, attended: 1, qualifiedLeads: 1, leadsVolume: 1 },
        at(),
      ),
    ).rejects.toMatchObject({ type: 'SliceNotFound', nonRetryable: true });
  });

  it('refuses a floor above the cap', async () => {
    await expect(runActivity(ppmPricingPlugin, 'upsertSlice', { ...premium, sliceId: 'odd', floor: 300 }, at())).rejects.toMatchObject({
      type: 'InvalidSlice',
    });
  });
});
