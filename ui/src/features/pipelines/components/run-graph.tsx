import { Background, Controls, ReactFlow, type NodeChange, type NodeTypes } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo } from 'react';
import type { RunFlowEdge, RunFlowNode } from './graph/flow-types.ts';
import { InputNode } from './graph/input-node.tsx';
import { layoutDefinition } from './graph/layout.ts';
import { StepNode } from './graph/step-node.tsx';
import { toFlowEdges, toFlowNodes, type GraphSource } from './graph/to-flow.ts';

// Module scope: a new object per render would make React Flow remount every node.
const nodeTypes = { step: StepNode, runInput: InputNode } satisfies NodeTypes;

// Tall enough for most pipelines at full size; long ones scroll and zoom within the cap.
const GRAPH_PADDING = 96;
const MIN_HEIGHT = 360;
const MAX_HEIGHT = 760;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

interface RunGraphProps {
  /** A run, or a definition alone (no `steps`): then the nodes show what each step is, not how it went. */
  run: GraphSource;
  selectedId: string | null;
  onSelect: (nodeId: string) => void;
}

/** The run's pinned definition as a graph whose nodes follow the run's step records (or a definition, drawn as it stands). */
export function RunGraph({ run, selectedId, onSelect }: RunGraphProps) {
  const { definition, steps, input } = run;
  // Layout depends on the definition only: step updates change node data, never positions.
  const layout = useMemo(() => layoutDefinition(definition), [definition]);
  const nodes = useMemo(
    () => toFlowNodes({ definition, steps, input }, layout.positions, selectedId),
    [definition, steps, input, layout, selectedId],
  );
  const edges = useMemo(() => toFlowEdges(definition, steps), [definition, steps]);

  // Selection by click or keyboard (Enter/Space on a focused node) arrives as a select change.
  const onNodesChange = useCallback(
    (changes: NodeChange<RunFlowNode>[]) => {
      for (const change of changes) if (change.type === 'select' && change.selected) onSelect(change.id);
    },
    [onSelect],
  );

  return (
    <div
      className="rounded-box border border-base-300 bg-base-100"
      data-testid="run-graph"
      style={{ height: clamp(layout.height + GRAPH_PADDING, MIN_HEIGHT, MAX_HEIGHT) }}
    >
      <ReactFlow<RunFlowNode, RunFlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        nodesDraggable={false}
        nodesConnectable={false}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
