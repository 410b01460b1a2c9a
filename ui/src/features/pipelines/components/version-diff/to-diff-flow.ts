import { MarkerType, type Edge, type Node, type XYPosition } from '@xyflow/react';
import { formatCondition } from '../../utils/condition.ts';
import { inputFieldsRead } from '../../utils/input-fields.ts';
import { INPUT_NODE_ID, type InputFlowNode } from '../graph/flow-types.ts';
import { edgeAriaLabel } from '../graph/to-flow.ts';
import { DIFF_LOOK } from './diff-look.ts';
import type { DiffGraph, DiffStep } from './merge-versions.ts';

/** A step of the diff graph: the step and how it stands against the older version. */
export type DiffStepData = DiffStep & { kind: 'diffStep' };
export type DiffStepFlowNode = Node<DiffStepData, 'diffStep'>;
/** Every node of the diff graph. */
export type DiffFlowNode = DiffStepFlowNode | InputFlowNode;

/** How a step's difference is read aloud: "Step Scorer: changed (retry, input.icp)". */
function stepAriaLabel({ node, state, changes }: DiffStep): string {
  const what = state === 'same' ? 'unchanged' : state;
  return `Step ${node.label ?? node.id}: ${what}${changes.length > 0 ? ` (${changes.join(', ')})` : ''}`;
}

/** The diff graph's nodes at their laid-out positions: the run input, then every step of both versions. */
export function toDiffNodes(graph: DiffGraph, positions: Record<string, XYPosition>): DiffFlowNode[] {
  const origin = { x: 0, y: 0 };
  return [
    {
      id: INPUT_NODE_ID,
      type: 'runInput',
      position: positions[INPUT_NODE_ID] ?? origin,
      ariaLabel: 'Run input: the fields the steps read',
      data: { kind: 'input', fields: inputFieldsRead(graph.definition) },
    },
    ...graph.steps.map((step): DiffStepFlowNode => ({
      id: step.node.id,
      type: 'diffStep',
      position: positions[step.node.id] ?? origin,
      ariaLabel: stepAriaLabel(step),
      data: { kind: 'diffStep', ...step },
    })),
  ];
}

/** The diff graph's edges: added ones green, removed ones red and dashed, each labelled with the word (and its condition, if any). */
export function toDiffEdges(graph: DiffGraph): Edge[] {
  const byId = new Map(graph.definition.nodes.map((node) => [node.id, node]));
  return graph.links.map(({ from, to, state }) => {
    const condition = byId.get(to)?.when;
    const look = state === 'same' ? undefined : DIFF_LOOK[state];
    const label = [look?.word, condition && formatCondition(condition)].filter(Boolean).join(' · ');
    return {
      id: `${from}->${to}`,
      source: from,
      target: to,
      ariaLabel: `${look ? `${look.word[0]!.toUpperCase()}${look.word.slice(1)}: ` : ''}${edgeAriaLabel(graph.definition, from, to)}`,
      markerEnd: { type: MarkerType.ArrowClosed, ...(look ? { color: look.stroke } : {}) },
      ...(look ? { style: { stroke: look.stroke, strokeWidth: 2, ...(state === 'removed' ? { strokeDasharray: '6 4' } : {}) } } : {}),
      ...(label
        ? {
            label,
            labelBgPadding: [6, 3] as [number, number],
            // Dark text on a box outlined in the colour: green or amber text on white would be hard to read.
            ...(look ? { labelStyle: { fontWeight: 600 }, labelBgStyle: { stroke: look.stroke, strokeWidth: 1.5 } } : {}),
          }
        : {}),
    };
  });
}
