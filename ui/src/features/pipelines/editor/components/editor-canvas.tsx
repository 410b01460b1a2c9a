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
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type DragEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { InputNode } from '../../components/graph/input-node.tsx';
import { graphKeyHandler } from '../../components/graph/keyboard.ts';
import { STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { wouldCreateCycle } from '../utils/definition-edits.ts';
import { toEditorEdges, toEditorNodes, type EditorFlowNode, type EditorFlowState } from '../utils/to-editor-flow.ts';
import { EditorStepNodeView } from './editor-step-node.tsx';

// Module scope: a new object per render would make React Flow remount every node.
const nodeTypes = { editorStep: EditorStepNodeView, runInput: InputNode } satisfies NodeTypes;

/** The drag payload a palette entry carries: the activity's qualified name. */
export const ACTIVITY_DRAG_TYPE = 'application/x-meetflow-activity';

const DELETE_KEYS = ['Delete', 'Backspace'];

/** What a screen reader says of the canvas's steps, and React Flow's controls by their own names. */
const ARIA_LABELS = {
  // React Flow reads this one while its own keys are on (the name is its own).
  'node.a11yDescription.keyboardDisabled':
    "Arrow keys go to the previous or next step, in the order the pipeline runs them. Enter opens the step's settings, Delete removes it (Ctrl+Z undoes), Shift with an arrow moves it on the canvas.",
  'node.a11yDescription.default': "Enter opens the step's settings, Delete removes it (Ctrl+Z undoes).",
  'controls.ariaLabel': 'Canvas zoom',
};

/** How far Shift with an arrow moves a step, in the arrow's direction. */
const MOVE_STEP = 20;
const ARROW_MOVES: Record<string, XYPosition> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

/** True when a key pressed in `target` is typing (a field's own Backspace), not a command to the canvas. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

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
  /** Delete or Backspace pressed on the canvas (or with focus nowhere): remove the focused step, else what is selected. */
  onDelete: (focusedStep: string | null) => void;
  /** Enter or Space on a focused step: open its settings (and move focus there). */
  onOpenNode: (nodeId: string) => void;
  onDropActivity: (qualifiedName: string, position: XYPosition) => void;
  /** The canvas's box, for focusing its nodes from outside (after a panel closes). */
  containerRef?: RefObject<HTMLDivElement | null>;
  /** Drawn over the canvas (its toolbar). */
  children?: ReactNode;
}

/**
 * The editable graph: drop activities on it, drag between handles to connect, Delete to remove,
 * drag to move. By keyboard: Tab and the arrow keys go through the steps in the order the pipeline
 * runs them, Enter opens a step, Escape closes it, Delete removes the selection.
 */
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
  onOpenNode,
  onDropActivity,
  containerRef,
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

  // Delete and Backspace remove the selection when focus is on the canvas or nowhere (after a click on an edge or
  // the pane), never while it is in a field or on another control (the step's panel, the palette).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!DELETE_KEYS.includes(event.key) || event.defaultPrevented || isTyping(event.target)) return;
      const target = event.target;
      const onCanvas = target === document.body || (target instanceof Node && containerRef?.current?.contains(target));
      if (!onCanvas) return;
      event.preventDefault();
      const step = target instanceof HTMLElement && target.classList.contains('react-flow__node') ? target.dataset.id : undefined;
      onDelete(step && step !== INPUT_NODE_ID ? step : null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [containerRef, onDelete]);

  const graphKeys = graphKeyHandler({
    order: nodes.map((node) => node.id),
    onOpen: onOpenNode,
    canOpen: (nodeId) => nodeId !== INPUT_NODE_ID,
    onEscape: (nodeId) => {
      if (view.selectedId === nodeId) onSelectNode(null);
    },
  });
  // Shift with an arrow moves the focused node (selected or not), as a drag does.
  const onKeyDownCapture = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const delta = ARROW_MOVES[event.key];
    const target = event.target;
    const nodeId = target instanceof HTMLElement && target.classList.contains('react-flow__node') ? target.dataset.id : undefined;
    const at = nodeId ? view.positions[nodeId] : undefined;
    if (delta && event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && nodeId && at) {
      event.preventDefault();
      event.stopPropagation();
      onMove({ [nodeId]: { x: at.x + delta.x * MOVE_STEP, y: at.y + delta.y * MOVE_STEP } });
      return;
    }
    graphKeys(event);
  };

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
    <div
      ref={containerRef}
      className="relative h-full"
      data-testid="editor-canvas"
      onDragOver={onDragOver}
      onDrop={onDrop}
      onKeyDownCapture={onKeyDownCapture}
    >
      <ReactFlow<EditorFlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(connection) => onConnect(connection.source, connection.target)}
        isValidConnection={isValidConnection}
        onPaneClick={() => {
          onSelectNode(null);
          onSelectEdge(null);
        }}
        // Deletion is the canvas's own (above): React Flow's would take Backspace from any button on the page.
        deleteKeyCode={null}
        // Steps take focus in the pipeline's order; edges are named pictures (a step's panel connects and
        // disconnects them by keyboard), so Tab does not stop on each of them before the steps.
        edgesFocusable={false}
        ariaLabelConfig={ARIA_LABELS}
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
