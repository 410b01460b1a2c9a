import { Background, Controls, ReactFlow, type Edge, type NodeTypes, type XYPosition } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { InputNode } from '../graph/input-node.tsx';
import { layoutDefinition, STEP_NODE_SIZE } from '../graph/layout.ts';
import { DiffStepNode } from './diff-step-node.tsx';
import type { DiffGraph as DiffGraphData } from './merge-versions.ts';
import { toDiffEdges, toDiffNodes, type DiffFlowNode } from './to-diff-flow.ts';

// Module scope: a new object per render would make React Flow remount every node.
const nodeTypes = { diffStep: DiffStepNode, runInput: InputNode } satisfies NodeTypes;

// As the pipeline graph's: tall enough for most pipelines at full size; long ones scroll and zoom within the cap.
const GRAPH_PADDING = 96;
const MIN_HEIGHT = 360;
const MAX_HEIGHT = 760;
// React Flow's fitView padding: the graph fills 1 / (1 + padding) of the view.
const FIT_PADDING = 0.2;
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** What a screen reader says of a step (nothing to select here: its name says how it differs) and of the controls. */
const DIFF_ARIA_LABELS = {
  'node.a11yDescription.keyboardDisabled': 'A step of the comparison; its name says whether it was added, changed or removed.',
  'node.a11yDescription.default': 'A step of the comparison; its name says whether it was added, changed or removed.',
  'controls.ariaLabel': 'Graph zoom',
};

/** How wide the laid-out graph is, from its leftmost node to its rightmost (each taken as wide as a step). */
function layoutWidth(positions: Record<string, XYPosition>): number {
  const xs = Object.values(positions).map((position) => position.x);
  return Math.max(...xs) - Math.min(...xs) + STEP_NODE_SIZE.width;
}

/** The newer version drawn with its differences marked, and the older version's removed steps and edges where they were. */
export function DiffGraph({ graph }: { graph: DiffGraphData }) {
  const layout = useMemo(() => layoutDefinition(graph.definition), [graph]);
  const nodes = useMemo(() => toDiffNodes(graph, layout.positions), [graph, layout]);
  const edges = useMemo(() => toDiffEdges(graph), [graph]);

  // Both versions side by side make the graph wide: on a narrow screen it is drawn smaller, so
  // the box is made only as tall as the drawing, not as tall as it would be at full size.
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    // Measured before the first paint, then followed as the window changes.
    setBoxWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = boxWidth ? Math.min(1, boxWidth / (layoutWidth(layout.positions) * (1 + FIT_PADDING))) : 1;

  return (
    <div
      ref={box}
      className="rounded-box border border-base-300 bg-base-100"
      data-testid="diff-graph"
      style={{ height: clamp(layout.height * scale + GRAPH_PADDING, MIN_HEIGHT, MAX_HEIGHT) }}
    >
      {/* Drawn once the box's width is known: fitView frames the graph in the box's final height. */}
      {boxWidth !== undefined && (
        <ReactFlow<DiffFlowNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          // Tab stops on the steps only; each edge is a named picture.
          edgesFocusable={false}
          ariaLabelConfig={DIFF_ARIA_LABELS}
          fitView
          fitViewOptions={{ padding: FIT_PADDING, maxZoom: 1 }}
        >
          <Background />
          {/* Top left: the run input is alone at the top, while a narrow screen's drawing reaches the bottom corners. */}
          <Controls showInteractive={false} position="top-left" />
        </ReactFlow>
      )}
    </div>
  );
}
