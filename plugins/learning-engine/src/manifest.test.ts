import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { learningEngineConfig } from './config.ts';
import { learningEnginePlugin } from './index.ts';

describe('learning-engine manifest', () => {
  it('passes the SDK checks (doc lines, defaults, camelCase activities, mongoose collections)', () => {
    expect(manifestProblems(learningEnginePlugin)).toEqual([]);
  });

  it("describes itself with the spec's advanced settings as defaults", () => {
    const description = describePlugin(learningEnginePlugin);
    expect(description.activities.map((activity) => activity.qualifiedName)).toEqual([
      'learning-engine.runLearningCycle',
      'learning-engine.listCycles',
    ]);
    expect(description.config.defaults).toMatchObject({
      minSampleSize: 100,
      minConfidence: 0.85,
      learningRate: 0.1,
      autoApplyOptimizations: true,
    });
  });

  it('takes a learning rate in (0, 1] and refuses others, naming the field', () => {
    expect(learningEngineConfig.parse({ learningRate: 1 }).learningRate).toBe(1);
    expect(learningEngineConfig.parse({ learningRate: 0.25 }).learningRate).toBe(0.25);
    for (const learningRate of [0, -0.1, 1.01, '0.5']) {
      const parsed = learningEngineConfig.safeParse({ learningRate });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['learningRate']]);
    }
  });
});
