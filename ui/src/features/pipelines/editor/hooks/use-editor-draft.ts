import type { XYPosition } from '@xyflow/react';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { INPUT_NODE_SIZE, layoutDefinition, STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import type { PluginActivity } from '../../../plugins/index.ts';
import { addEdge, addNode, freeNodeId, removeElements, renameNode } from '../utils/definition-edits.ts';
import { freshHistory, historyReducer } from '../utils/history.ts';
import { initialPositions, splitPositions, stepAbove, stepsMoved, withPositions, type Positions } from '../utils/positions.ts';

// Room between a new step and the lowest one on the canvas.
const NEW_STEP_GAP = 56;

/** Below every node on the canvas, in line with the run input: where a step added without a drop point goes. */
function belowEverything(positions: Positions): XYPosition {
  const input = positions[INPUT_NODE_ID] ?? { x: 0, y: 0 };
  const bottom = Math.max(input.y, ...Object.values(positions).map((position) => position.y));
  return { x: input.x - (STEP_NODE_SIZE.width - INPUT_NODE_SIZE.width) / 2, y: bottom + STEP_NODE_SIZE.height + NEW_STEP_GAP };
}

/** The draft a saved definition opens as: without positions, and where each node starts on the canvas. */
function opened(initial: PipelineDefinition): { definition: PipelineDefinition; positions: Positions } {
  const { definition, saved } = splitPositions(initial);
  return { definition, positions: initialPositions(definition, saved) };
}

/**
 * The editor's draft: the definition with its undo history, and where each node sits on the
 * canvas. Positions are kept apart from the definition (a move is neither undone nor checked)
 * and join it only to be saved (`toSave`); a step opens where it was saved, else where the
 * auto-layout puts it. A removed step's position is kept, so undoing its removal puts it back.
 */
export function useEditorDraft(initial: PipelineDefinition) {
  const [start] = useState(() => opened(initial));
  const [history, dispatch] = useReducer(historyReducer<PipelineDefinition>, start.definition, freshHistory);
  const [positions, setPositions] = useState<Positions>(start.positions);
  // What the server holds: the draft is dirty while it differs, or while a step sits elsewhere.
  const [saved, setSaved] = useState(start);
  const definition = history.present;
  const dirty = useMemo(
    () => JSON.stringify(definition) !== JSON.stringify(saved.definition) || stepsMoved(definition, positions, saved.positions),
    [definition, positions, saved],
  );

  /** Changes the definition; edits with one `key` in a row (keystrokes in one field) undo together. */
  const edit = useCallback((change: (definition: PipelineDefinition) => PipelineDefinition, key?: string) => {
    dispatch({ type: 'edit', change, ...(key ? { key } : {}) });
  }, []);

  /**
   * Adds a step running `activity` at `position` (else below everything), after the step drawn
   * nearest above it (so it runs where it is drawn), and answers its id and that step's (null when
   * it starts the run).
   */
  const addActivity = useCallback(
    (activity: PluginActivity, position?: XYPosition): { id: string; after: string | null } => {
      const id = freeNodeId(definition, activity.name);
      const at = position ?? belowEverything(positions);
      const after = stepAbove(
        definition.nodes.map((node) => node.id),
        positions,
        at,
      );
      setPositions((current) => ({ ...current, [id]: at }));
      edit((draft) => {
        const added = addNode(draft, { id, activity: activity.qualifiedName, input: {} });
        return after ? addEdge(added, after, id) : added;
      });
      return { id, after };
    },
    [definition, positions, edit],
  );

  const connect = useCallback((from: string, to: string) => edit((draft) => addEdge(draft, from, to)), [edit]);

  const remove = useCallback(
    (nodeIds: readonly string[], edges: ReadonlyArray<{ from: string; to: string }>) => {
      if (nodeIds.length > 0 || edges.length > 0) edit((draft) => removeElements(draft, nodeIds, edges));
    },
    [edit],
  );

  const rename = useCallback(
    (from: string, to: string) => {
      setPositions(({ [from]: position, ...rest }) => (position ? { ...rest, [to]: position } : rest));
      edit((draft) => renameNode(draft, from, to));
    },
    [edit],
  );

  const move = useCallback((moved: Positions) => setPositions((current) => ({ ...current, ...moved })), []);
  const autoLayout = useCallback(() => setPositions(layoutDefinition(definition).positions), [definition]);
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);

  /** What Save sends: the draft with each step's position. */
  const toSave = useCallback(() => withPositions(definition, positions), [definition, positions]);

  /** After a save of `definition` (as the draft holds it, without positions): the new clean state, with nothing to undo. */
  const markSaved = useCallback(
    (definition: PipelineDefinition) => {
      setSaved({ definition, positions });
      dispatch({ type: 'reset', present: definition });
    },
    [positions],
  );

  return {
    definition,
    positions,
    dirty,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    edit,
    addActivity,
    connect,
    remove,
    rename,
    move,
    autoLayout,
    undo,
    redo,
    toSave,
    markSaved,
  };
}

/** The editor's draft and what changes it. */
export type EditorDraft = ReturnType<typeof useEditorDraft>;
