import type { PipelineNode } from '../api/types.ts';
import { formatCondition } from '../utils/condition.ts';
import { DataView } from '../../../components/ui/data-view.tsx';
import { StepPanelHeader, type PanelFocus } from './step-panel-header.tsx';

/** What one step of a definition does: its activity, condition, timeout, input template and its own plugin settings (read-only). */
export function DefinitionStepPanel({ node, onClose, focus, onFocused }: { node: PipelineNode; onClose: () => void } & PanelFocus) {
  return (
    <aside aria-label={`Step ${node.id}`} data-testid="definition-step-panel" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <StepPanelHeader node={node} onClose={onClose} focus={focus} onFocused={onFocused} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/60">Step id</dt>
          <dd className="font-mono">{node.id}</dd>
          {node.when && (
            <>
              <dt className="text-base-content/60">Runs when</dt>
              <dd className="font-mono">{formatCondition(node.when)}</dd>
            </>
          )}
          {node.timeout && (
            <>
              <dt className="text-base-content/60">Timeout</dt>
              <dd>{node.timeout}</dd>
            </>
          )}
        </dl>
        <h3 className="text-sm font-semibold">Input template</h3>
        <DataView value={node.input} label={`Input template of step ${node.id}`} />
        {node.config && Object.keys(node.config).length > 0 && (
          <>
            <h3 className="text-sm font-semibold">Plugin settings (this step's own)</h3>
            <DataView value={node.config} label={`Plugin settings of step ${node.id}`} />
          </>
        )}
      </div>
    </aside>
  );
}
