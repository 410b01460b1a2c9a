import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels, type Models } from '../../models.ts';
import { APPLY_SCORE_ACTIVITY, createApplyScoreActivity } from './apply-score.ts';

let database: mongoose.Connection;
let db: Models;
let apply: (input: unknown, runId: string) => Promise<unknown>;

const run = (runId: string) => ({
  workspaceId: 'scoring',
  runId,
  principal: { kind: 'system' as const, id: 'system:test', role: 'system' as const },
  deadline: null,
});

beforeAll(async () => {
  database = await openTestDatabase('apply-score');
  db = createModels(database);
  await Promise.all([db.outcomeEvents.init(), db.prospects.init()]);
  const activity = createApplyScoreActivity(db)[APPLY_SCORE_ACTIVITY]!;
  apply = (input, runId) => activity(input, { run: run(runId) });
  for (const id of [1, 2])
    await db.prospects.create({
      workspaceId: 'scoring',
      id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical',
      email: `ada${id}@analytical.example`,
      emailLower: `ada${id}@analytical.example`,
    });
});

afterAll(async () => {
  await database?.dropDatabase();
  await database?.close();
});

const dimensions = (scores: Record<string, number>) => Object.entries(scores).map(([key, score]) => ({ key, score }));
const featuresOf = async (prospectId: number) =>
  (await db.outcomeEvents.findOne({ workspaceId: 'scoring', type: 'lead_scored', prospectId: String(prospectId) }).lean())?.features;

describe('platform.applyProspectScore records what the learning engine fits on', () => {
  it('records all five dimensions, timing included, as fractions', async () => {
    const score = {
      totalScore: 64,
      dimensions: dimensions({ companySize: 80, industryMatch: 60, techStack: 40, jobTitle: 100, timing: 25 }),
    };
    await apply({ prospectId: 1, score }, 'run-five');
    expect(await featuresOf(1)).toEqual({ companySize: 0.8, industryMatch: 0.6, techStack: 0.4, jobTitle: 1, timing: 0.25 });
  });

  it('records the four of a score without timing, leaving timing missing rather than 0', async () => {
    const score = { totalScore: 50, dimensions: dimensions({ companySize: 50, industryMatch: 50, techStack: 50, jobTitle: 50 }) };
    await apply({ prospectId: 2, score }, 'run-four');
    const features = await featuresOf(2);
    expect(features).toEqual({ companySize: 0.5, industryMatch: 0.5, techStack: 0.5, jobTitle: 0.5 });
    expect(features).not.toHaveProperty('timing');
  });
});
