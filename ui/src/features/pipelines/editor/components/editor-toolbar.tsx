import { Panel } from '@xyflow/react';

interface CanvasToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  /** What Delete would remove (`step score`, `edge a → b`), or null with nothing selected. */
  selection: string | null;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onDelete: () => void;
}

/** The canvas's own actions, over its top-left corner: undo, redo, auto-layout, delete the selection. */
export function CanvasToolbar({ canUndo, canRedo, selection, onUndo, onRedo, onLayout, onDelete }: CanvasToolbarProps) {
  return (
    <Panel position="top-left">
      <div role="toolbar" aria-label="Canvas" className="join rounded-field bg-base-100 shadow-sm">
        <button type="button" className="btn join-item btn-sm" onClick={onUndo} disabled={!canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
          ↶
        </button>
        <button
          type="button"
          className="btn join-item btn-sm"
          onClick={onRedo}
          disabled={!canRedo}
          aria-label="Redo"
          title="Redo (Ctrl+Shift+Z)"
        >
          ↷
        </button>
        <button type="button" className="btn join-item btn-sm" onClick={onLayout} title="Arrange the steps top to bottom">
          Auto-layout
        </button>
        <button
          type="button"
          className="btn join-item btn-sm"
          onClick={onDelete}
          disabled={selection === null}
          title={selection ? `Delete ${selection} (Delete key)` : 'Select a step or an edge to delete it'}
        >
          Delete
        </button>
      </div>
    </Panel>
  );
}

interface SaveBarProps {
  problemCount: number;
  /** Shows the list of problems (in the side panel). */
  onShowProblems: () => void;
  dirty: boolean;
  /** Why Test run is disabled, or null when it is not. */
  testRunBlocked: string | null;
  onTestRun: () => void;
  /** Why Save is disabled, or null when it is not. */
  saveBlocked: string | null;
  onSave: () => void;
}

/** How the draft stands (problems, unsaved changes), Test run and Save, each with why it cannot be pressed yet. */
export function SaveBar({ problemCount, onShowProblems, dirty, testRunBlocked, onTestRun, saveBlocked, onSave }: SaveBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 pt-5">
      {problemCount > 0 && (
        <button type="button" className="badge badge-error cursor-pointer" onClick={onShowProblems} data-testid="problem-count">
          {problemCount} {problemCount === 1 ? 'problem' : 'problems'}
        </button>
      )}
      {dirty && (
        <span className="badge badge-warning" data-testid="unsaved">
          Unsaved changes
        </span>
      )}
      <span title={testRunBlocked ?? 'Run the draft as it is on a prospect or an input, without saving it'}>
        <button type="button" className="btn btn-outline btn-sm" onClick={onTestRun} disabled={testRunBlocked !== null}>
          Test run…
        </button>
      </span>
      <span title={saveBlocked ?? undefined}>
        <button type="button" className="btn btn-primary btn-sm" onClick={onSave} disabled={saveBlocked !== null}>
          Save…
        </button>
      </span>
    </div>
  );
}
