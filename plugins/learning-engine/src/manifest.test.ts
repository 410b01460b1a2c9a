import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
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
});
