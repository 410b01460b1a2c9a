import { describe, expect, it } from 'vitest';
import type { PipelineDefinition } from '../../api/types.ts';
import { addEdge, freeNodeId, nodeIdProblem, removeElements, renameNode, upstreamOf, wouldCreateCycle } from './definition-edits.ts';

const step = (id: string, input: unknown = {}) => ({ id, activity: 'lead-scoring.scoreProspect', input });

/** research → score → copy, and a lone `notes`. */
const DRAFT: PipelineDefinition = {
  id: 'draft',
  name: 'Draft',
  version: 1,
  nodes: [
    step('research'),
    step('score', { research: '{{ research }}' }),
    {
      ...step('copy', { scoring: '{{ score }}', total: '{{ score.totalScore }}' }),
      when: { path: 'score.qualified', op: 'eq', value: true },
    },
    step('notes'),
  ],
  edges: [
    { from: 'research', to: 'score' },
    { from: 'score', to: 'copy' },
  ],
};

describe('upstreamOf', () => {
  it('lists every step before a step, in definition order', () => {
    expect(upstreamOf(DRAFT, 'copy').map((node) => node.id)).toEqual(['research', 'score']);
    expect(upstreamOf(DRAFT, 'research')).toEqual([]);
    expect(upstreamOf(DRAFT, 'notes')).toEqual([]);
  });
});

describe('wouldCreateCycle', () => {
  it('refuses edges back up the graph and onto the step itself', () => {
    expect(wouldCreateCycle(DRAFT, 'copy', 'research')).toBe(true);
    expect(wouldCreateCycle(DRAFT, 'score', 'score')).toBe(true);
    expect(wouldCreateCycle(DRAFT, 'research', 'copy')).toBe(false);
    expect(wouldCreateCycle(DRAFT, 'notes', 'research')).toBe(false);
  });
});

describe('addEdge / removeElements', () => {
  it('adds an edge once', () => {
    const added = addEdge(DRAFT, 'notes', 'copy');
    expect(added.edges).toContainEqual({ from: 'notes', to: 'copy' });
    expect(addEdge(added, 'notes', 'copy')).toBe(added);
  });

  it('removes steps with their edges, and edges alone', () => {
    const withoutScore = removeElements(DRAFT, ['score'], []);
    expect(withoutScore.nodes.map((node) => node.id)).toEqual(['research', 'copy', 'notes']);
    expect(withoutScore.edges).toEqual([]);
    expect(removeElements(DRAFT, [], [{ from: 'research', to: 'score' }]).edges).toEqual([{ from: 'score', to: 'copy' }]);
  });
});

describe('renameNode', () => {
  it('carries edges, references and conditions over to the new name', () => {
    const renamed = renameNode(DRAFT, 'score', 'rank');
    expect(renamed.nodes.map((node) => node.id)).toEqual(['research', 'rank', 'copy', 'notes']);
    expect(renamed.edges).toEqual([
      { from: 'research', to: 'rank' },
      { from: 'rank', to: 'copy' },
    ]);
    const copy = renamed.nodes[2]!;
    expect(copy.input).toEqual({ scoring: '{{ rank }}', total: '{{ rank.totalScore }}' });
    expect(copy.when).toEqual({ path: 'rank.qualified', op: 'eq', value: true });
  });
});

describe('freeNodeId / nodeIdProblem', () => {
  it('numbers a taken id', () => {
    expect(freeNodeId(DRAFT, 'writeSequence')).toBe('writeSequence');
    expect(freeNodeId(DRAFT, 'score')).toBe('score-2');
  });

  it('says why an id cannot be used', () => {
    expect(nodeIdProblem(DRAFT, 'score', 'score')).toBeNull();
    expect(nodeIdProblem(DRAFT, 'score', 'copy')).toMatch(/Another step/);
    expect(nodeIdProblem(DRAFT, 'score', '2nd')).toMatch(/Start with a letter/);
    expect(nodeIdProblem(DRAFT, 'score', 'input')).toMatch(/run input/);
  });
});
