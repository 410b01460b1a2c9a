import { MarkerType } from '@xyflow/react';
import type { XYPosition } from '@xyflow/react';
import type { PipelineDefinition, RunDetail, StepRecord } from '../../api/types.ts';
import { formatCondition } from '../../utils/condition.ts';
import { inputFieldsRead } from '../../utils/input-fields.ts';
import { INPUT_NODE_ID, type RunFlowEdge, type RunFlowNode } from './flow-types.ts';
import { rootSteps } from './layout.ts';
import { pipelineOrder } from './order.ts';

/** What a graph draws: a run (its definition, step records and input), or a definition alone (no steps). */
export type GraphSource = Pick<RunDetail, 'definition'> & Partial<Pick<RunDetail, 'steps' | 'input'>>;

/**
 * The graph's nodes at their laid-out positions, carrying the run's current step records when it
 * draws a run: the run input, then the steps in the order the pipeline runs them (the order Tab
 * and the arrow keys follow).
 */
export function toFlowNodes(run: GraphSource, positions: Record<string, XYPosition>, selectedId: string | null): RunFlowNode[] {
  const origin = { x: 0, y: 0 };
  const byId = new Map(run.definition.nodes.map((node) => [node.id, node]));
  const ordered = pipelineOrder(run.definition).map((id) => byId.get(id)!);
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
    ...ordered.map((node): RunFlowNode => {
      const step = run.steps?.[node.id];
      return {
        id: node.id,
        type: 'step',
        position: positions[node.id] ?? origin,
        selected: selectedId === node.id,
        // The focus ring (2.4.7), outside the selection's ring so a focused step and a selected one look apart;
        // important, as React Flow's own stylesheet takes the outline off a selectable node.
        className:
          'rounded-box focus-visible:outline-2! focus-visible:outline-solid! focus-visible:outline-primary! focus-visible:outline-offset-[6px]!',
        ariaLabel: inRun
          ? `Step ${node.label ?? node.id}: ${step?.status ?? 'pending'}`
          : `Step ${node.label ?? node.id}: ${node.activity}`,
        data: { kind: 'step', node, step, inRun },
      };
    }),
  ];
}

/** How an edge is read aloud: "research to score", "Run input to research", with the condition of the step it leads to. */
export function edgeAriaLabel(definition: Pick<PipelineDefinition, 'nodes'>, from: string, to: string): string {
  const name = (id: string) => {
    const node = definition.nodes.find((candidate) => candidate.id === id);
    return node?.label ?? id;
  };
  const condition = definition.nodes.find((node) => node.id === to)?.when;
  return `${from === INPUT_NODE_ID ? 'Run input' : name(from)} to ${name(to)}${condition ? `, when ${formatCondition(condition)}` : ''}`;
}

/** The graph's edges: animated while their target runs, dashed into skipped steps, labelled with conditions (and named for a screen reader). */
export function toFlowEdges(definition: PipelineDefinition, steps: Partial<Record<string, StepRecord>> = {}): RunFlowEdge[] {
  const byId = new Map(definition.nodes.map((node) => [node.id, node]));
  const links = [...rootSteps(definition).map((to) => ({ from: INPUT_NODE_ID, to })), ...definition.edges];
  return links.map(({ from, to }) => {
    const status = steps[to]?.status;
    const condition = byId.get(to)?.when;
    return {
      id: `${from}->${to}`,
      source: from,
      target: to,
      ariaLabel: edgeAriaLabel(definition, from, to),
      animated: status === 'running',
      markerEnd: { type: MarkerType.ArrowClosed },
      style: status === 'skipped' ? { strokeDasharray: '6 4', opacity: 0.5 } : undefined,
      ...(condition ? { label: formatCondition(condition), labelBgPadding: [6, 3] as [number, number] } : {}),
    };
  });
}
