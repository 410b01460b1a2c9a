import { Background, Controls, ReactFlow, type NodeChange, type NodeTypes } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, type RefObject } from 'react';
import type { RunFlowEdge, RunFlowNode } from './graph/flow-types.ts';
import { InputNode } from './graph/input-node.tsx';
import { graphKeyHandler } from './graph/keyboard.ts';
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

/** What a screen reader says of a node and of React Flow's controls (the first key is React Flow's name for the keys' description). */
const GRAPH_ARIA_LABELS = {
  'node.a11yDescription.keyboardDisabled':
    'Arrow keys go to the previous or next step, in the order the pipeline runs them. Enter opens its details, Escape closes them.',
  'node.a11yDescription.default': 'Enter opens its details, Escape closes them.',
  'controls.ariaLabel': 'Graph zoom',
};

interface RunGraphProps {
  /** A run, or a definition alone (no `steps`): then the nodes show what each step is, not how it went. */
  run: GraphSource;
  selectedId: string | null;
  /** A node chosen: by a click, or by Enter or Space on it (`byKeyboard`: its panel then takes focus). */
  onSelect: (nodeId: string, byKeyboard?: boolean) => void;
  /** Escape on a node: close its panel. */
  onClose?: () => void;
  /** The graph's box, for giving focus back to a node. */
  containerRef?: RefObject<HTMLDivElement | null>;
}

/** The run's pinned definition as a graph whose nodes follow the run's step records (or a definition, drawn as it stands). */
export function RunGraph({ run, selectedId, onSelect, onClose, containerRef }: RunGraphProps) {
  const { definition, steps, input } = run;
  // Layout depends on the definition only: step updates change node data, never positions.
  const layout = useMemo(() => layoutDefinition(definition), [definition]);
  const nodes = useMemo(
    () => toFlowNodes({ definition, steps, input }, layout.positions, selectedId),
    [definition, steps, input, layout, selectedId],
  );
  const edges = useMemo(() => toFlowEdges(definition, steps), [definition, steps]);

  // Selection by click arrives as a select change; the keys of a focused node are caught first (graphKeyHandler).
  const onNodesChange = useCallback(
    (changes: NodeChange<RunFlowNode>[]) => {
      for (const change of changes) if (change.type === 'select' && change.selected) onSelect(change.id);
    },
    [onSelect],
  );
  const onKeyDownCapture = graphKeyHandler({
    order: nodes.map((node) => node.id),
    onOpen: (nodeId) => onSelect(nodeId, true),
    onEscape: () => onClose?.(),
  });

  return (
    <div
      ref={containerRef}
      onKeyDownCapture={onKeyDownCapture}
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
        // Tab and the arrows go through the steps; edges are named pictures, nothing to do with them here.
        edgesFocusable={false}
        ariaLabelConfig={GRAPH_ARIA_LABELS}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
