import type { Edge, Node } from '@xyflow/react';
import type { PipelineNode, StepRecord } from '../../api/types.ts';

/** A pipeline step: its definition and, once the run knows it, its record. */
export type StepNodeData = {
  kind: 'step';
  node: PipelineNode;
  step: StepRecord | undefined;
  /** False when the graph draws a definition, not a run: there is no status, attempt or timing to show. */
  inRun: boolean;
};

/** Where the run's input enters the graph, above the steps that start it. */
export type InputNodeData = {
  kind: 'input';
  /** Top-level keys of the run input, e.g. `prospect`, `icp` (of a definition: the ones its steps read). */
  fields: string[];
};

/** What a graph node carries; `kind` tells the node types apart. */
export type RunNodeData = StepNodeData | InputNodeData;

export type StepFlowNode = Node<StepNodeData, 'step'>;
export type InputFlowNode = Node<InputNodeData, 'runInput'>;
/** Every node of the run graph. */
export type RunFlowNode = StepFlowNode | InputFlowNode;
export type RunFlowEdge = Edge;

/** Id of the input node; step ids start with a letter, so it cannot clash. */
export const INPUT_NODE_ID = '__input';
