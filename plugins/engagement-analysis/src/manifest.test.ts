import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { engagementAnalysisPlugin } from './index.ts';

describe('engagement-analysis manifest', () => {
  it('is valid and describable, with documented defaults', () => {
    expect(manifestProblems(engagementAnalysisPlugin)).toEqual([]);
    const description = describePlugin(engagementAnalysisPlugin);
    expect(description.activities.map((activity) => activity.qualifiedName)).toEqual(['engagement-analysis.classifyReply']);
    expect(description.config.defaults).toEqual({ language: 'en', minConfidence: 0.6 });
  });
});
