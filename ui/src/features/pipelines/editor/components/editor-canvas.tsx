import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Dimensions,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type NodeTypes,
  type XYPosition,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { InputNode } from '../../components/graph/input-node.tsx';
import { STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { wouldCreateCycle } from '../utils/definition-edits.ts';
import { edgeOf, toEditorEdges, toEditorNodes, type EditorFlowNode, type EditorFlowState } from '../utils/to-editor-flow.ts';
import { EditorStepNodeView } from './editor-step-node.tsx';

// Module scope: a new object per render would make React Flow remount every node.
const nodeTypes = { editorStep: EditorStepNodeView, runInput: InputNode } satisfies NodeTypes;

/** The drag payload a palette entry carries: the activity's qualified name. */
export const ACTIVITY_DRAG_TYPE = 'application/x-meetflow-activity';

const DELETE_KEYS = ['Delete', 'Backspace'];

/**
 * What is selected after a batch of React Flow's changes: the node or edge a change selects (a
 * batch may deselect the old one before or after), null when only the current one is
 * deselected, undefined when the selection did not change.
 */
function selectionAfter(
  changes: ReadonlyArray<NodeChange<EditorFlowNode> | EdgeChange>,
  current: string | null,
): string | null | undefined {
  const selects = changes.filter((change) => change.type === 'select');
  const chosen = selects.find((change) => change.selected);
  if (chosen) return chosen.id;
  return selects.some((change) => change.id === current) ? null : undefined;
}

interface EditorCanvasProps {
  definition: PipelineDefinition;
  view: Omit<EditorFlowState, 'measured'>;
  /** Changes each time the canvas should frame every node again (after an auto-layout). */
  fitKey: number;
  onSelectNode: (nodeId: string | null) => void;
  onSelectEdge: (edgeId: string | null) => void;
  onMove: (positions: Record<string, XYPosition>) => void;
  onConnect: (from: string, to: string) => void;
  onDelete: (nodeIds: string[], edges: Array<{ from: string; to: string }>) => void;
  onDropActivity: (qualifiedName: string, position: XYPosition) => void;
  /** Drawn over the canvas (its toolbar). */
  children?: ReactNode;
}

/** The editable graph: drop activities on it, drag between handles to connect, Delete to remove, drag to move. */
export function EditorCanvas(props: EditorCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({
  definition,
  view,
  fitKey,
  onSelectNode,
  onSelectEdge,
  onMove,
  onConnect,
  onDelete,
  onDropActivity,
  children,
}: EditorCanvasProps) {
  const flow = useReactFlow<EditorFlowNode, Edge>();
  // Sizes React Flow measured: handed back with each node so it keeps its handles between renders.
  const [measured, setMeasured] = useState<Record<string, Dimensions>>({});
  const nodes = useMemo(() => toEditorNodes(definition, { ...view, measured }), [definition, view, measured]);
  const edges = useMemo(() => toEditorEdges(definition, view.selectedEdgeId, view.steps), [definition, view.selectedEdgeId, view.steps]);

  useEffect(() => {
    if (fitKey === 0) return;
    // After the new positions are drawn.
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1 }));
    return () => cancelAnimationFrame(frame);
  }, [fitKey, flow]);

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorFlowNode>[]) => {
      const moved: Record<string, XYPosition> = {};
      const sized: Record<string, Dimensions> = {};
      for (const change of changes) {
        if (change.type === 'position' && change.position) moved[change.id] = change.position;
        else if (change.type === 'dimensions' && change.dimensions) sized[change.id] = change.dimensions;
      }
      if (Object.keys(moved).length > 0) onMove(moved);
      if (Object.keys(sized).length > 0) setMeasured((current) => ({ ...current, ...sized }));
      const selection = selectionAfter(changes, view.selectedId);
      if (selection !== undefined) onSelectNode(selection);
    },
    [onMove, onSelectNode, view.selectedId],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const selection = selectionAfter(changes, view.selectedEdgeId);
      if (selection !== undefined) onSelectEdge(selection);
    },
    [onSelectEdge, view.selectedEdgeId],
  );

  // Only step to step, once, and never back up the graph.
  const isValidConnection = useCallback(
    (connection: Connection | Edge) =>
      connection.source !== INPUT_NODE_ID &&
      !wouldCreateCycle(definition, connection.source, connection.target) &&
      !definition.edges.some((edge) => edge.from === connection.source && edge.to === connection.target),
    [definition],
  );

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(ACTIVITY_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    const name = event.dataTransfer.getData(ACTIVITY_DRAG_TYPE);
    if (!name) return;
    event.preventDefault();
    const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    onDropActivity(name, { x: point.x - STEP_NODE_SIZE.width / 2, y: point.y - STEP_NODE_SIZE.height / 2 });
  };

  return (
    <div className="relative h-full" data-testid="editor-canvas" onDragOver={onDragOver} onDrop={onDrop}>
      <ReactFlow<EditorFlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(connection) => onConnect(connection.source, connection.target)}
        isValidConnection={isValidConnection}
        onDelete={({ nodes: gone, edges: cut }) =>
          onDelete(
            gone.filter((node) => node.type === 'editorStep').map((node) => node.id),
            cut.flatMap((edge) => edgeOf(edge) ?? []),
          )
        }
        onPaneClick={() => {
          onSelectNode(null);
          onSelectEdge(null);
        }}
        deleteKeyCode={DELETE_KEYS}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      >
        <Background />
        <Controls showInteractive={false} />
        {children}
      </ReactFlow>
      {definition.nodes.length === 0 && (
        <p className="pointer-events-none absolute inset-x-0 top-1/2 mx-auto max-w-xs text-center text-sm text-base-content/60">
          Drag an activity from the palette onto the canvas, or choose its +.
        </p>
      )}
    </div>
  );
}
