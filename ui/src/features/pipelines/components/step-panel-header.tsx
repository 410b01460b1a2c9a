import { useEffect, useRef } from 'react';
import type { PipelineNode } from '../api/types.ts';

/** Where a panel opened by keyboard puts focus: its heading, once (then `onFocused`). */
export interface PanelFocus {
  focus?: boolean;
  onFocused?: () => void;
}

/** The top of a step's side panel: its label and activity, and the button that closes the panel; its heading takes focus when asked. */
export function StepPanelHeader({
  node,
  onClose,
  focus = false,
  onFocused,
}: { node: Pick<PipelineNode, 'id' | 'label' | 'activity'>; onClose: () => void } & PanelFocus) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    heading.current?.focus();
    onFocused?.();
  }, [focus, onFocused]);
  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <h2 ref={heading} tabIndex={-1} className="card-title truncate focus-visible:outline-offset-0">
          {node.label ?? node.id}
        </h2>
        <p className="truncate font-mono text-xs text-base-content/60">{node.activity}</p>
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close step details" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
