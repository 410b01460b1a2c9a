import type { PipelineNode } from '../api/types.ts';

/** The top of a step's side panel: its label and activity, and the button that closes the panel. */
export function StepPanelHeader({ node, onClose }: { node: Pick<PipelineNode, 'id' | 'label' | 'activity'>; onClose: () => void }) {
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <h2 className="card-title truncate">{node.label ?? node.id}</h2>
        <p className="truncate font-mono text-xs text-base-content/60">{node.activity}</p>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close step details" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
