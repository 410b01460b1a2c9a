import { useEffect, useRef } from 'react';
import { DataView } from '../../../components/ui/data-view.tsx';
import type { PanelFocus } from './step-panel-header.tsx';

/** Details of the input node: the run's whole input; its heading takes focus when asked. */
export function InputPanel({ input, onClose, focus = false, onFocused }: { input: unknown; onClose: () => void } & PanelFocus) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    heading.current?.focus();
    onFocused?.();
  }, [focus, onFocused]);
  return (
    <aside aria-label="Run input" data-testid="input-panel" className="card self-start bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-start gap-2">
          <h2 ref={heading} tabIndex={-1} className="card-title flex-1 focus-visible:outline-offset-0">
            Run input
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close input details" onClick={onClose}>
            ✕
          </button>
        </div>
        <DataView value={input} label="Input of the run" />
      </div>
    </aside>
  );
}
