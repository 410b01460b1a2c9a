import { runActivity } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ppmPricingPlugin } from './index.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await runActivity(
    ppmPricingPlugin,
    'upsertSlice',
    { workspaceId: 'ws-a', sliceId: 'seed-fintech', sliceName: 'Seed fintech', tier: 'standard', qualityScore: 0.8, leadsVolume: 900 },
    at(),
  );
});
afterAll(async () => {
  await database?.drop();
});

function at(iso = '2026-11-22T09:00:00Z') {
  return database.depsAt(iso);
}
const bid = (fields: Record<string, unknown>) =>
  runActivity(ppmPricingPlugin, 'upsertBid', { workspaceId: 'ws-a', sliceId: 'seed-fintech', ...fields } as never, at());

describe('upsertBid validation', () => {
  it.each([
    [{ baseBid: 0.4 }, 'baseBid must be at least 0.5'],
    [{ baseBid: 3.1 }, 'baseBid must be at most 3'],
    [{ baseBid: 1.25 }, 'baseBid must be in steps of 0.1'],
    [{ maxDailyMeetings: 0 }, 'maxDailyMeetings must be at least 1'],
    [{ maxDailyMeetings: 51 }, 'maxDailyMeetings must be at most 50'],
    [{ maxDailyMeetings: 2.5 }, 'maxDailyMeetings must be a whole number'],
    [{ dailyBudgetCap: 0 }, 'dailyBudgetCap must be at least 10'],
    [{ dailyBudgetCap: 15 }, 'dailyBudgetCap must be in steps of 10'],
    [{ isEnabled: 'yes' }, 'isEnabled must be true or false'],
  ])('rejects %o naming the field', async (fields, message) => {
    await expect(bid(fields)).rejects.toMatchObject({
      type: 'InvalidActivityInput',
      nonRetryable: true,
      message: expect.stringContaining(message),
    });
  });

  it('accepts the range ends and steps that floating point blurs', async () => {
    for (const baseBid of [0.5, 0.7, 2.3, 3]) await expect(bid({ baseBid })).resolves.toMatchObject({ baseBid });
    await expect(bid({ maxDailyMeetings: 50, dailyBudgetCap: 10 })).resolves.toMatchObject({ maxDailyMeetings: 50, dailyBudgetCap: 10 });
  });

  it('refuses a slice the workspace does not have, without retrying', async () => {
    await expect(
      runActivity(ppmPricingPlugin, 'upsertBid', { workspaceId: 'ws-b', sliceId: 'seed-fintech', baseBid: 1 }, at()),
    ).rejects.toMatchObject({ type: 'SliceNotFound', nonRetryable: true });
  });
});

describe('upsertBid', () => {
  it('keeps one bid per slice, fills the spec defaults and keeps omitted fields', async () => {
    await database.db.bids.deleteMany({ workspaceId: 'ws-a' });
    const created = await bid({ baseBid: 1.5 });
    // 1.5 × 30 × 0.8 ÷ 0.87 = 41.38
    expect(created).toEqual({
      sliceId: 'seed-fintech',
      isEnabled: true,
      baseBid: 1.5,
      maxDailyMeetings: 5,
      dailyBudgetCap: 500,
      ppm: 41.38,
    });
    expect(await bid({ baseBid: 1.5 })).toEqual(created);
    await bid({ isEnabled: false, dailyBudgetCap: 1000 });
    const { bids } = await runActivity(ppmPricingPlugin, 'listBids', { workspaceId: 'ws-a' }, at());
    expect(bids).toEqual([{ sliceId: 'seed-fintech', isEnabled: false, baseBid: 1.5, maxDailyMeetings: 5, dailyBudgetCap: 1000 }]);
    expect(await database.db.bids.countDocuments({ workspaceId: 'ws-a' })).toBe(1);
  });
});
