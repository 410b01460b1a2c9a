import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import type { BoundActivity, ListResult } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackActivities } from './activity-tracker.ts';
import { createModels, type Models } from '../../models.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { countDbOps, totalOps } from '../../../../dev/bench/db-ops.ts';

// A batch's chunk runs a plugin's step for many runs in one list call: the agent's rollup is
// written twice for the whole list (in flight, then counted), not twice per run as it once was.
let database: mongoose.Connection;
let db: Models;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await openTestDatabase('agent-tracker');
  db = createModels(database);
});
afterAll(async () => {
  await database.dropDatabase();
  await database.close();
});

const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };
const environment = () => new MockActivityEnvironment({ activityId: 'chunk-1', attempt: 1, startToCloseTimeoutMs: 60_000 }, silent);

describe('a list of executions', () => {
  it('is in flight as one entry per item while it runs, then counted per item, in two writes', async () => {
    const seenInFlight: number[] = [];
    // Fails the items whose input says so; looks at the rollup while each item runs.
    const step: BoundActivity = async (input) => {
      seenInFlight.push((await db.agentActivity.findOne({ pluginId: 'tracked' }).lean())?.inFlight.length ?? -1);
      if ((input as { fail: boolean }).fail) throw ApplicationFailure.create({ type: 'Refused', message: 'refused', nonRetryable: true });
      return { ok: true };
    };
    const tracked = trackActivities({ 'tracked.step': step }, db.agentActivity, logger)['tracked.step']!;
    await db.agentActivity.init(); // its index built before counting
    const ops = countDbOps(database);
    const results: ListResult[] = await environment().run(() =>
      tracked.many!([{ input: { fail: false } }, { input: { fail: true } }, { input: { fail: false } }, { input: { fail: false } }]),
    );
    const rows = ops.stop();

    expect(results.map((result) => result.ok)).toEqual([true, false, true, true]);
    expect(results[1]).toMatchObject({ ok: false, error: { type: 'Refused' } });
    expect(seenInFlight).toEqual([4, 4, 4, 4]);
    expect(await db.agentActivity.findOne({ pluginId: 'tracked' }).lean()).toMatchObject({ succeeded: 3, failed: 1, inFlight: [] });
    // The tracker's writes (the step's own looks above are reads).
    expect(
      totalOps(
        rows.filter((row) => row.op === 'updateOne'),
        { collections: ['agent_activity'] },
      ),
    ).toBe(2);
  });

  it('counts a single execution as before, and every item failed when the list call itself throws', async () => {
    const plain: BoundActivity = async () => ({ ok: true });
    const broken: BoundActivity = Object.assign(async () => ({ ok: true }), {
      many: async () => {
        throw new Error('the database went away');
      },
    });
    const tracked = trackActivities({ 'other.plain': plain, 'other.broken': broken }, db.agentActivity, logger);
    await expect(environment().run(() => tracked['other.plain']!({}))).resolves.toEqual({ ok: true });
    await expect(environment().run(() => tracked['other.broken']!.many!([{ input: {} }, { input: {} }]))).rejects.toThrow('went away');
    expect(await db.agentActivity.findOne({ pluginId: 'other' }).lean()).toMatchObject({ succeeded: 1, failed: 2, inFlight: [] });
  });
});
