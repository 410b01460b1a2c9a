import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import { CONFIG_DEFAULTS } from '../workspace-config/schemas.ts';
import { getWorkspaceConfig } from '../workspace-config/workspace-config.ts';
import { latestRefit, rollBackRefit } from './refits.ts';
import { runLearningCycle } from '../../../../dev/testing/learning.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import type { Models } from '../../models.ts';

// The learning engine with its default settings (learning rate 0.1), on the real worker.
let stack: TestPipelineWorker;
let db: Models;

beforeAll(async () => {
  stack = await startTestPipelineWorker('learning-rate', [learningEnginePlugin]);
  // The learning models are the platform's (createModels), built by the worker; the cycles are the plugin's.
  db = stack.db;
  await stack.host.models('learning-engine', stack.database).cycles!.init();
});
afterAll(async () => {
  await stack?.stop();
});

/** `count` contacted prospects (five dimensions scored, then a send) whose meetings depend on tech stack only (seeded). */
async function seedProspects(workspaceId: string, count: number, seed: number) {
  const random = seededRandom(seed);
  const scoredAt = new Date('2025-04-01T09:00:00Z');
  const sentAt = new Date('2025-04-02T09:00:00Z');
  const events = Array.from({ length: count }, (_, i) => {
    const features = { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random(), timing: random() };
    const base = { workspaceId, prospectId: `p${i}`, applied: true, learnedIn: null };
    return [
      { ...base, eventId: `scored-${i}`, type: 'lead_scored', at: scoredAt, score: 50, features },
      { ...base, eventId: `sent-${i}`, type: 'sent', at: sentAt, step: 1, template: 'roi-focused' },
      ...(random() < 0.01 + 0.4 * features.techStack ** 2
        ? [{ ...base, eventId: `meeting-${i}`, type: 'meeting_booked', at: sentAt }]
        : []),
    ];
  }).flat();
  await db.outcomeEvents.insertMany(events);
}

const KEYS = ['companySize', 'industryMatch', 'techStack', 'jobTitle', 'timing'] as const;

describe('the learning rate (default 0.1) on the weekly cycle', () => {
  it('applies a tenth of the way from the weights in force to the fit, records both, and rolls back', async () => {
    await seedProspects('rate-default', 1000, 5);
    const summary = await runLearningCycle(stack, 'rate-default', 'rate-1');
    expect(summary.applied).toContain('scoringWeights');
    const refit = (await latestRefit(db, 'rate-default'))!;
    expect(refit).toMatchObject({ applied: true, status: 'applied', learningRate: 0.1, before: CONFIG_DEFAULTS.scoringWeights });
    const fitted = refit.fitted!;
    const applied = (await getWorkspaceConfig(db, 'rate-default')).scoringWeights;
    expect(applied).toEqual(refit.proposed);
    // From the four defaults as the scorer weighs them (scaled by 0.9, timing the plugin's 0.1), a tenth of the way on.
    const inForce = { companySize: 0.35 * 0.9, industryMatch: 0.28 * 0.9, techStack: 0.22 * 0.9, jobTitle: 0.15 * 0.9, timing: 0.1 };
    for (const key of KEYS) expect(applied[key]).toBeCloseTo(inForce[key] + 0.1 * (fitted[key]! - inForce[key]), 12);
    expect(fitted.techStack).toBeGreaterThan(0.5);
    expect(applied.techStack).toBeLessThan(0.3);
    expect(refit.aucAfter!).toBeGreaterThan(refit.aucBefore!);

    await rollBackRefit(db, 'rate-default', 'rate-1', 'test');
    expect((await getWorkspaceConfig(db, 'rate-default')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
  });
});
