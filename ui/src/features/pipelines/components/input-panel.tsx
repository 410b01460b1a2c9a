import { DataView } from '../../../components/ui/data-view.tsx';

/** Details of the input node: the run's whole input. */
export function InputPanel({ input, onClose }: { input: unknown; onClose: () => void }) {
  return (
    <aside aria-label="Run input" data-testid="input-panel" className="card self-start bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex items-start gap-2">
          <h2 className="card-title flex-1">Run input</h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close input details" onClick={onClose}>
            ✕
          </button>
        </div>
        <DataView value={input} label="Input of the run" />
      </div>
    </aside>
  );
}
