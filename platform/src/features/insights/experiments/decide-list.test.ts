import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListItem, RunPrincipal } from '@meetflow/plugin-sdk';
import { createModels, type Models } from '../../models.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { countDbOps, totalOps } from '../../../../dev/bench/db-ops.ts';
import { createProspect } from '../../prospecting/prospects/prospects.ts';
import { createDecideActivity, DECIDE_ACTIVITY } from './decide.ts';
import { FIRST_TEMPLATE_POINT } from './model.ts';

// The experiment decision's list form (a batch's chunk): the workspace's experiments are read once
// for the whole list, each prospect is decided as a single call would, and a bad item fails alone.
let connection: mongoose.Connection;
let db: Models;
const principal: RunPrincipal = { kind: 'user', id: 'user:owner', role: 'owner' };
const item = (workspaceId: string, input: unknown, runId: string): ListItem => ({
  input,
  extra: { run: { workspaceId, runId, principal, deadline: null } },
});

beforeAll(async () => {
  connection = await openTestDatabase('decide-list');
  db = createModels(connection);
  // Every index built before the tests, and so before afterAll drops the database: the embedded
  // database can fail a drop that races an index build ("index not found").
  await Promise.all(Object.values(db).map((model) => model.init()));
  for (const workspaceId of ['acme', 'globex']) {
    for (let id = 1; id <= 4; id++)
      await createProspect(db, workspaceId, { firstName: `F${id}`, lastName: 'L', company: 'C', email: `p${id}@${workspaceId}.example` });
    await db.experiments.create({
      workspaceId,
      name: 'Openers',
      decisionPoint: FIRST_TEMPLATE_POINT,
      population: { kind: 'workspace' },
      arms: ['value-first', 'question', 'social-proof'].map((value) => ({ id: value, label: value, value, trials: 0, successes: 0 })),
      state: 'running',
      createdBy: 'user:owner',
    });
  }
  // Acme's prospects 1 and 2 are in campaign 7, which has an experiment of its own: theirs decides for them.
  await db.campaigns.create({ workspaceId: 'acme', id: 7, name: 'Spring', status: 'active', prospectIds: [1, 2] });
  await db.experiments.create({
    workspaceId: 'acme',
    name: 'Spring openers',
    decisionPoint: FIRST_TEMPLATE_POINT,
    population: { kind: 'campaign', campaignId: 7 },
    arms: ['value-first', 'question'].map((value) => ({ id: value, label: value, value, trials: 0, successes: 0 })),
    state: 'running',
    createdBy: 'user:owner',
  });
  await createProspect(db, 'initech', { firstName: 'I', lastName: 'L', company: 'C', email: 'p1@initech.example' });
});
afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

describe('deciding for a list of prospects', () => {
  it('reads each workspace’s experiments once, decides each prospect as one call would, and fails a bad item alone', async () => {
    const decide = createDecideActivity(db)[DECIDE_ACTIVITY]!;
    const ops = countDbOps(connection);
    const results = await decide.many!([
      item('acme', { prospectId: 1 }, 'run-1'),
      item('acme', { prospectId: 2 }, 'run-2'),
      item('acme', { prospectId: 'two' }, 'run-x'),
      item('globex', { prospectId: 3 }, 'run-3'),
      item('acme', { prospectId: 4 }, 'run-4'),
    ]);
    const rows = ops.stop();
    // Two reads (running experiments, applied winners) per workspace in the list, not per prospect.
    expect(
      totalOps(
        rows.filter((row) => row.op === 'find'),
        { collections: ['experiments'] },
      ),
    ).toBe(4);
    // The campaigns the list's prospects are in: one read per workspace in the list, not per prospect.
    expect(totalOps(rows, { collections: ['campaigns'] })).toBe(2);

    expect(results.map((result) => result.ok)).toEqual([true, true, false, true, true]);
    expect(results[2]).toMatchObject({ ok: false, error: { type: 'InvalidActivityInput' } });
    // Each prospect's decision is recorded: asked again one at a time, each answers what the list did.
    const again = [
      await decide({ prospectId: 1 }, item('acme', null, 'run-1').extra),
      await decide({ prospectId: 2 }, item('acme', null, 'run-2').extra),
      await decide({ prospectId: 3 }, item('globex', null, 'run-3').extra),
      await decide({ prospectId: 4 }, item('acme', null, 'run-4').extra),
    ];
    expect(results.filter((result) => result.ok).map((result) => (result as { output: unknown }).output)).toEqual(again);
    for (const output of again) expect(output).toMatchObject({ source: 'experiment', template: expect.any(String) });
    // Each in its own workspace: globex's prospect 3 was decided by globex's experiment.
    const globex = await db.experiments.findOne({ workspaceId: 'globex' }).lean();
    expect((again[2] as { experimentId: string }).experimentId).toBe(String(globex!._id));
    // Acme's prospects of campaign 7 by its experiment, prospect 4 by the workspace's.
    const spring = await db.experiments.findOne({ workspaceId: 'acme', name: 'Spring openers' }).lean();
    const acmeWide = await db.experiments.findOne({ workspaceId: 'acme', name: 'Openers' }).lean();
    expect(again.map((output) => (output as { experimentId: string }).experimentId)).toEqual([
      String(spring!._id),
      String(spring!._id),
      String(globex!._id),
      String(acmeWide!._id),
    ]);
  });

  it('a workspace with no experiment: nothing decided, and no campaign or prospect read', async () => {
    const decide = createDecideActivity(db)[DECIDE_ACTIVITY]!;
    const ops = countDbOps(connection);
    const results = await decide.many!([item('initech', { prospectId: 1 }, 'run-i1'), item('initech', { prospectId: 1 }, 'run-i2')]);
    const rows = ops.stop();
    const none = { experimentId: null, arm: null, template: null, source: 'none', decisions: {}, populations: {} };
    expect(results).toMatchObject([
      { ok: true, output: none },
      { ok: true, output: none },
    ]);
    expect(await decide({ prospectId: 1 }, item('initech', null, 'run-i3').extra)).toEqual(none);
    expect(rows.map((row) => row.collection)).toEqual(['experiments']);
  });
});
