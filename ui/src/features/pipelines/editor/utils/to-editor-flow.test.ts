import { describe, expect, it } from 'vitest';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import type { StepActivity } from './palette.ts';
import { toEditorEdges, toEditorNodes } from './to-editor-flow.ts';

const scoring: StepActivity = {
  plugin: { id: 'lead-scoring', name: 'Lead Scoring', ui: { icon: 'gauge', color: '#7c3aed', category: 'agent' } },
  config: { schema: {}, defaults: {}, values: {}, serverOnly: [] },
  activity: {
    name: 'scoreProspect',
    qualifiedName: 'lead-scoring.scoreProspect',
    description: '',
    access: 'public',
    placeable: true,
    input: {},
    output: {},
  },
};

const DRAFT: PipelineDefinition = {
  id: 'draft',
  name: 'Draft',
  version: 1,
  nodes: [
    { id: 'score', activity: 'lead-scoring.scoreProspect', input: { prospect: '{{ input.prospect }}' } },
    { id: 'enrol', activity: 'platform.enrollSequence', input: {} },
  ],
  edges: [{ from: 'score', to: 'enrol' }],
};

const STATE = {
  positions: { score: { x: 10, y: 20 } },
  selectedId: 'enrol',
  selectedEdgeId: null,
  problems: new Map([['enrol', ['node "enrol" field "email" is required: map it']]]),
  activities: new Map([[scoring.activity.qualifiedName, scoring]]),
  measured: { score: { width: 248, height: 112 } },
  steps: undefined,
};

describe('toEditorNodes', () => {
  const nodes = toEditorNodes(DRAFT, STATE);

  it('draws the run input (fixed in place of the graph: not selectable, connectable or deletable) above the steps', () => {
    const input = nodes.find((node) => node.id === INPUT_NODE_ID)!;
    expect(input).toMatchObject({ type: 'runInput', selectable: false, connectable: false, deletable: false });
    expect(input.data).toEqual({ kind: 'input', fields: ['prospect'] });
  });

  it('makes each step an editor step with its plugin, problems, position, selection and measured size', () => {
    const [score, enrol] = nodes.filter((node) => node.type === 'editorStep');
    expect(score).toMatchObject({ id: 'score', position: { x: 10, y: 20 }, selected: false, measured: { width: 248, height: 112 } });
    expect(score!.data).toMatchObject({ plugin: scoring.plugin, problems: [] });
    expect(enrol).toMatchObject({ id: 'enrol', selected: true });
    expect(enrol!.data).toMatchObject({ plugin: undefined, problems: ['node "enrol" field "email" is required: map it'] });
  });

  it('lists the steps in the order the pipeline runs them, whatever order the definition has them in', () => {
    const reversed = { ...DRAFT, nodes: [...DRAFT.nodes].reverse() };
    expect(toEditorNodes(reversed, STATE).map((node) => node.id)).toEqual([INPUT_NODE_ID, 'score', 'enrol']);
  });

  it('reads each step aloud: what it runs, what it runs after, its problems', () => {
    const [, score, enrol] = nodes;
    expect(score?.ariaLabel).toBe('Step score: lead-scoring.scoreProspect, runs first');
    expect(enrol?.ariaLabel).toBe('Step enrol: platform.enrollSequence, runs after score, 1 problem');
  });

  it('shows no status without a test run', () => {
    for (const node of nodes.filter((node) => node.type === 'editorStep')) expect(node.data).toMatchObject({ step: undefined });
  });

  it("gives each step its record in the draft's test run, pending until the run records one, and says it in the node's label", () => {
    const score = { status: 'completed' as const, activity: 'lead-scoring.scoreProspect', attempts: 1 };
    const [scored, enrol] = toEditorNodes(DRAFT, { ...STATE, steps: { score } }).filter((node) => node.type === 'editorStep');
    expect(scored).toMatchObject({
      ariaLabel: 'Step score: lead-scoring.scoreProspect, runs first, test run completed',
      data: { step: score },
    });
    expect(enrol).toMatchObject({
      ariaLabel: 'Step enrol: platform.enrollSequence, runs after score, 1 problem, test run pending',
      data: { step: { status: 'pending', activity: 'platform.enrollSequence', attempts: 0 } },
    });
  });
});

describe('toEditorEdges', () => {
  it('draws defined edges as selectable and the run input’s as fixed', () => {
    const edges = toEditorEdges(DRAFT, 'score->enrol');
    expect(edges.map((edge) => [edge.id, edge.selected ?? null, edge.deletable ?? null])).toEqual([
      [`${INPUT_NODE_ID}->score`, null, false],
      ['score->enrol', true, null],
    ]);
  });

  it('animates the edge into a running step and dashes the one into a skipped step, in a test run', () => {
    const steps = {
      score: { status: 'running' as const, activity: 'lead-scoring.scoreProspect', attempts: 1 },
      enrol: { status: 'skipped' as const, activity: 'platform.enrollSequence', attempts: 0 },
    };
    const [input, edge] = toEditorEdges(DRAFT, null, steps);
    expect(input).toMatchObject({ animated: true });
    expect(edge).toMatchObject({ animated: false, style: { strokeDasharray: '6 4' } });
  });

  it('names each edge for a screen reader: the run input by its name, a step by its label', () => {
    const labelled = { ...DRAFT, nodes: DRAFT.nodes.map((node) => (node.id === 'enrol' ? { ...node, label: 'Enrol' } : node)) };
    expect(toEditorEdges(labelled, null).map((edge) => edge.ariaLabel)).toEqual(['Run input to score', 'score to Enrol']);
  });
});
