import { describe, expect, it } from 'vitest';
import type { PipelineDefinition, PipelineNode } from '../../api/types.ts';
import { INPUT_NODE_ID } from '../graph/flow-types.ts';
import { mergeVersions } from './merge-versions.ts';

const step = (id: string, input: Record<string, unknown> = {}, extra: Partial<PipelineNode> = {}): PipelineNode => ({
  id,
  activity: 'lead-scoring.scoreProspect',
  input,
  ...extra,
});

const definition = (nodes: PipelineNode[], edges: Array<[string, string]>): PipelineDefinition => ({
  id: 'scoring',
  name: 'Scoring',
  version: 1,
  nodes,
  edges: edges.map(([from, to]) => ({ from, to })),
});

// v1: score → again. v2: score's limit and retry changed, again removed, rescore added after score.
const v1 = definition([step('score', { limit: 5 }), step('again')], [['score', 'again']]);
const v2 = definition([step('score', { limit: 10 }, { retry: { maximumAttempts: 3 } }), step('rescore')], [['score', 'rescore']]);
const NO_CHANGES = { nodes: { added: [], removed: [], changed: [] }, edges: { added: [], removed: [] } };
const diff = {
  nodes: { added: ['rescore'], removed: ['again'], changed: [{ id: 'score', changes: ['retry', 'input.limit'] }] },
  edges: { added: [{ from: 'score', to: 'rescore' }], removed: [{ from: 'score', to: 'again' }] },
};

describe('mergeVersions', () => {
  it('marks the newer version’s steps and puts the removed ones back from the older', () => {
    const graph = mergeVersions(v1, v2, diff);
    expect(graph.steps.map(({ node, state, changes }) => [node.id, state, changes])).toEqual([
      ['score', 'changed', ['retry', 'input.limit']],
      ['rescore', 'added', []],
      ['again', 'removed', []],
    ]);
    // The removed step is drawn as it was: the older version's node.
    expect(graph.steps[2]!.node).toBe(v1.nodes[1]);
    expect(graph.definition.nodes.map((node) => node.id)).toEqual(['score', 'rescore', 'again']);
  });

  it('draws both versions’ edges, marked, and lays out the removed ones too', () => {
    const graph = mergeVersions(v1, v2, diff);
    expect(graph.links).toEqual([
      { from: INPUT_NODE_ID, to: 'score', state: 'same' },
      { from: 'score', to: 'rescore', state: 'added' },
      { from: 'score', to: 'again', state: 'removed' },
    ]);
    expect(graph.definition.edges).toEqual([
      { from: 'score', to: 'rescore' },
      { from: 'score', to: 'again' },
    ]);
  });

  it('marks the run input’s lines into steps that start only one of the versions', () => {
    // v1 starts at score; v2 adds research before it.
    const before = definition([step('score')], []);
    const after = definition([step('research'), step('score')], [['research', 'score']]);
    const graph = mergeVersions(before, after, {
      nodes: { added: ['research'], removed: [], changed: [] },
      edges: { added: [{ from: 'research', to: 'score' }], removed: [] },
    });
    expect(graph.links.filter((link) => link.from === INPUT_NODE_ID)).toEqual([
      { from: INPUT_NODE_ID, to: 'research', state: 'added' },
      { from: INPUT_NODE_ID, to: 'score', state: 'removed' },
    ]);
  });

  it('draws a version compared with itself as it is', () => {
    const graph = mergeVersions(v1, v1, NO_CHANGES);
    expect(graph.steps.every((drawn) => drawn.state === 'same')).toBe(true);
    expect(graph.links.every((link) => link.state === 'same')).toBe(true);
    expect(graph.definition).toEqual(v1);
  });
});
