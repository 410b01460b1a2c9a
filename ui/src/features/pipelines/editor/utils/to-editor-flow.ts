import type { Dimensions, Edge, Node, XYPosition } from '@xyflow/react';
import { INPUT_NODE_ID, type InputFlowNode } from '../../components/graph/flow-types.ts';
import { listed, stepsBefore } from '../../components/graph/order.ts';
import { toFlowEdges, toFlowNodes } from '../../components/graph/to-flow.ts';
import type { PipelineDefinition, PipelineNode } from '../../api/types.ts';
import type { PluginLook, StepActivity } from './palette.ts';
import type { TestRunStep } from './test-run.ts';

/**
 * What an editor step draws: the step, its plugin's look (absent for an activity no plugin
 * offers), its problems, and its record in the test run of this draft (absent without one).
 */
export type EditorStepData = {
  kind: 'step';
  node: PipelineNode;
  plugin: PluginLook | undefined;
  problems: string[];
  step: TestRunStep | undefined;
};

export type EditorStepNode = Node<EditorStepData, 'editorStep'>;
/** Every node of the editor's canvas: the steps, and the run input above the steps that start the run. */
export type EditorFlowNode = EditorStepNode | InputFlowNode;

/** What the canvas shows beside the definition. */
export interface EditorFlowState {
  positions: Record<string, XYPosition>;
  selectedId: string | null;
  selectedEdgeId: string | null;
  /** Each step's problem messages, by step id. */
  problems: ReadonlyMap<string, string[]>;
  activities: ReadonlyMap<string, StepActivity>;
  /** Each step's record in the test run of the draft on the canvas; undefined when there is none. */
  steps: Readonly<Record<string, TestRunStep>> | undefined;
  /** Sizes React Flow measured, handed back so it need not measure a node again on every change. */
  measured: Readonly<Record<string, Dimensions>>;
}

/** How a step of the canvas is read aloud: "Step score: lead-scoring.scoreProspect, runs after research, 1 problem, test run completed". */
function stepAriaLabel(definition: PipelineDefinition, step: PipelineNode, problems: number, status: string | undefined): string {
  const before = stepsBefore(definition, step.id);
  return [
    `Step ${step.label ?? step.id}: ${step.activity}`,
    before.length > 0 ? `runs after ${listed(before)}` : 'runs first',
    ...(problems > 0 ? [`${problems} ${problems === 1 ? 'problem' : 'problems'}`] : []),
    ...(status ? [`test run ${status}`] : []),
  ].join(', ');
}

/**
 * The canvas's nodes: the pipelines graph's own (the run input and the steps, at their
 * positions), with each step made an editor step that shows its plugin, problems and test run
 * status (pending until the run records one). The run input can be moved but not selected,
 * connected or deleted.
 */
export function toEditorNodes(definition: PipelineDefinition, state: EditorFlowState): EditorFlowNode[] {
  return toFlowNodes({ definition }, state.positions, state.selectedId).map((node): EditorFlowNode => {
    const measured = state.measured[node.id];
    const sized = measured ? { ...node, measured } : node;
    if (node.type === 'runInput')
      return { ...sized, type: 'runInput', data: node.data, selectable: false, deletable: false, connectable: false };
    const step = node.data.node;
    const record = state.steps && (state.steps[step.id] ?? { status: 'pending', activity: step.activity, attempts: 0 });
    const problems = state.problems.get(step.id) ?? [];
    return {
      ...sized,
      type: 'editorStep',
      ariaLabel: stepAriaLabel(definition, step, problems.length, record?.status),
      data: {
        kind: 'step',
        node: step,
        plugin: state.activities.get(step.activity)?.plugin,
        problems,
        step: record,
      },
    };
  });
}

/**
 * The canvas's edges: the definition's (selectable and deletable), and the run input's into the
 * first steps (neither); in a test run, animated into a running step and dashed into a skipped one.
 */
export function toEditorEdges(
  definition: PipelineDefinition,
  selectedEdgeId: string | null,
  steps: Readonly<Record<string, TestRunStep>> = {},
): Edge[] {
  return toFlowEdges(definition, steps).map((edge) =>
    edge.source === INPUT_NODE_ID
      ? { ...edge, selectable: false, deletable: false, focusable: false, style: { strokeDasharray: '4 4', opacity: 0.6 } }
      : { ...edge, selected: edge.id === selectedEdgeId },
  );
}
