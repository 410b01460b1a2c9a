import { MarkerType } from '@xyflow/react';
import type { XYPosition } from '@xyflow/react';
import type { PipelineDefinition, RunDetail, StepRecord } from '../../api/types.ts';
import { formatCondition } from '../../utils/condition.ts';
import { inputFieldsRead } from '../../utils/input-fields.ts';
import { INPUT_NODE_ID, type RunFlowEdge, type RunFlowNode } from './flow-types.ts';
import { rootSteps } from './layout.ts';

/** What a graph draws: a run (its definition, step records and input), or a definition alone (no steps). */
export type GraphSource = Pick<RunDetail, 'definition'> & Partial<Pick<RunDetail, 'steps' | 'input'>>;

/** The graph's nodes at their laid-out positions, carrying the run's current step records when it draws a run. */
export function toFlowNodes(run: GraphSource, positions: Record<string, XYPosition>, selectedId: string | null): RunFlowNode[] {
  const origin = { x: 0, y: 0 };
  const inRun = run.steps !== undefined;
  const input = !inRun
    ? inputFieldsRead(run.definition)
    : run.input !== null && typeof run.input === 'object'
      ? Object.keys(run.input)
      : [];
  return [
    {
      id: INPUT_NODE_ID,
      type: 'runInput',
      position: positions[INPUT_NODE_ID] ?? origin,
      selected: selectedId === INPUT_NODE_ID,
      ariaLabel: inRun ? 'Run input' : 'Run input: the fields the steps read',
      data: { kind: 'input', fields: input },
    },
    ...run.definition.nodes.map((node): RunFlowNode => {
      const step = run.steps?.[node.id];
      return {
        id: node.id,
        type: 'step',
        position: positions[node.id] ?? origin,
        selected: selectedId === node.id,
        ariaLabel: inRun
          ? `Step ${node.label ?? node.id}: ${step?.status ?? 'pending'}`
          : `Step ${node.label ?? node.id}: ${node.activity}`,
        data: { kind: 'step', node, step, inRun },
      };
    }),
  ];
}

/** The graph's edges: animated while their target runs, dashed into skipped steps, labelled with conditions. */
export function toFlowEdges(definition: PipelineDefinition, steps: Record<string, StepRecord> = {}): RunFlowEdge[] {
  const byId = new Map(definition.nodes.map((node) => [node.id, node]));
  const links = [...rootSteps(definition).map((to) => ({ from: INPUT_NODE_ID, to })), ...definition.edges];
  return links.map(({ from, to }) => {
    const status = steps[to]?.status;
    const condition = byId.get(to)?.when;
    return {
      id: `${from}->${to}`,
      source: from,
      target: to,
      animated: status === 'running',
      markerEnd: { type: MarkerType.ArrowClosed },
      style: status === 'skipped' ? { strokeDasharray: '6 4', opacity: 0.5 } : undefined,
      ...(condition ? { label: formatCondition(condition), labelBgPadding: [6, 3] as [number, number] } : {}),
    };
  });
}
