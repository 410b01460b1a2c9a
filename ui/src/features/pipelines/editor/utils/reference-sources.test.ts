import { describe, expect, it } from 'vitest';
import type { PipelineDefinition } from '../../api/types.ts';
import type { StepActivity } from './palette.ts';
import { referenceSources, referenceTo } from './reference-sources.ts';

const scoring: StepActivity = {
  plugin: { id: 'lead-scoring', name: 'Lead Scoring', ui: { icon: 'gauge', color: '#7c3aed', category: 'agent' } },
  config: { schema: {}, defaults: {}, values: {}, serverOnly: [] },
  activity: {
    name: 'scoreProspect',
    qualifiedName: 'lead-scoring.scoreProspect',
    access: 'public',
    placeable: true,
    description: '',
    input: {},
    output: { type: 'object', properties: { totalScore: { type: 'integer' } } },
  },
};

const DRAFT: PipelineDefinition = {
  id: 'draft',
  name: 'Draft',
  version: 1,
  nodes: [
    { id: 'score', label: 'Scorer', activity: 'lead-scoring.scoreProspect', input: {} },
    { id: 'mystery', activity: 'platform.enrollSequence', input: {} },
    { id: 'copy', activity: 'outreach.writeSequence', input: {} },
  ],
  edges: [
    { from: 'score', to: 'mystery' },
    { from: 'mystery', to: 'copy' },
  ],
};

describe('referenceSources', () => {
  it('offers every upstream step with the paths of its output', () => {
    const sources = referenceSources(DRAFT, 'copy', new Map([[scoring.activity.qualifiedName, scoring]]));
    expect(sources.map((source) => [source.nodeId, source.name, source.paths.map((path) => path.path)])).toEqual([
      ['score', 'Scorer', ['', 'totalScore']],
      ['mystery', 'mystery', ['']],
    ]);
    expect(referenceSources(DRAFT, 'score', new Map())).toEqual([]);
  });
});

describe('referenceTo', () => {
  it('names a path of an output, or the whole output', () => {
    expect(referenceTo('score', 'totalScore')).toBe('score.totalScore');
    expect(referenceTo('score', '')).toBe('score');
  });
});
