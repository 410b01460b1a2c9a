import { describe, expect, it } from 'vitest';
import type { PipelineDefinition } from '../../api/types.ts';
import type { DiffGraph } from './merge-versions.ts';
import { toDiffEdges, toDiffNodes } from './to-diff-flow.ts';

const definition: PipelineDefinition = {
  id: 'scoring',
  name: 'Scoring',
  version: 2,
  nodes: [
    { id: 'score', activity: 'lead-scoring.scoreProspect', input: { prospect: '{{ input.prospect }}' } },
    { id: 'copy', activity: 'outreach.writeSequence', input: {}, when: { path: 'score.qualified', op: 'eq', value: true } },
  ],
  edges: [{ from: 'score', to: 'copy' }],
};
const graph: DiffGraph = {
  definition,
  steps: [
    { node: definition.nodes[0]!, state: 'changed', changes: ['retry', 'input.prospect'] },
    { node: definition.nodes[1]!, state: 'removed', changes: [] },
  ],
  links: [
    { from: '__input', to: 'score', state: 'same' },
    { from: 'score', to: 'copy', state: 'removed' },
  ],
};

describe('toDiffEdges', () => {
  it('says what an edge’s colour says, beside its condition, and dashes a removed one', () => {
    const [input, removed] = toDiffEdges(graph);
    expect(input).not.toHaveProperty('label');
    expect(input).not.toHaveProperty('style');
    expect(removed).toMatchObject({ id: 'score->copy', label: 'removed · score.qualified = true', style: { strokeDasharray: '6 4' } });
    // Read aloud too, the run input by its name (not its internal id).
    expect([input?.ariaLabel, removed?.ariaLabel]).toEqual(['Run input to score', 'Removed: score to copy, when score.qualified = true']);
  });
});

describe('toDiffNodes', () => {
  it('reads each step’s difference aloud, with what changed', () => {
    const [, score, copy] = toDiffNodes(graph, {});
    expect([score?.ariaLabel, copy?.ariaLabel]).toEqual(['Step score: changed (retry, input.prospect)', 'Step copy: removed']);
  });
});
