import { durationBetween, formatDateTime } from '../../../utils/format.ts';
import type { PipelineNode, StepRecord } from '../api/types.ts';
import { formatCondition } from '../utils/condition.ts';
import { DataView } from '../../../components/ui/data-view.tsx';
import { StatusBadge } from './run-status-badge.tsx';
import { StepOutputBlock } from './step-output.tsx';
import { StepPanelHeader, type PanelFocus } from './step-panel-header.tsx';

interface StepPanelProps extends PanelFocus {
  runId: string;
  node: PipelineNode;
  step: StepRecord | undefined;
  rerunPending: boolean;
  onRerunFromHere: () => void;
  onClose: () => void;
}

/** Details of the selected step: status, the plugin version that ran it, attempts, timing, error, input template, its own plugin settings, and rerun from it. */
export function StepPanel({ runId, node, step, rerunPending, onRerunFromHere, onClose, focus, onFocused }: StepPanelProps) {
  const status = step?.status ?? 'pending';
  // A restarted run copies finished upstream outputs instead of running those steps again.
  const reused = status === 'completed' && step?.attempts === 0;
  return (
    <aside aria-label={`Step ${node.id}`} data-testid="step-panel" className="card self-start bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <StepPanelHeader node={node} onClose={onClose} focus={focus} onFocused={onFocused} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/60">Status</dt>
          <dd>
            <StatusBadge status={status} size="sm" />
            {reused && <span className="ml-2 text-xs">reused from the earlier run</span>}
          </dd>
          {step?.pluginVersion && (
            <>
              <dt className="text-base-content/60">Plugin version</dt>
              <dd className="font-mono">{step.pluginVersion}</dd>
            </>
          )}
          <dt className="text-base-content/60">Attempts</dt>
          <dd className="tabular-nums">{step?.attempts ?? 0}</dd>
          <dt className="text-base-content/60">Started</dt>
          <dd>{formatDateTime(step?.startedAt)}</dd>
          <dt className="text-base-content/60">Ended</dt>
          <dd>{formatDateTime(step?.endedAt)}</dd>
          <dt className="text-base-content/60">Duration</dt>
          <dd className="tabular-nums">{durationBetween(step?.startedAt, step?.endedAt) ?? '—'}</dd>
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
        {step?.error && (
          <div role="alert" className="alert alert-error alert-soft">
            <span className="text-sm wrap-anywhere">{step.error}</span>
          </div>
        )}
        <h3 className="text-sm font-semibold">Output</h3>
        <StepOutputBlock runId={runId} nodeId={node.id} completed={status === 'completed'} />
        <h3 className="text-sm font-semibold">Input template</h3>
        <DataView value={node.input} label={`Input template of step ${node.id}`} />
        {node.config && Object.keys(node.config).length > 0 && (
          <>
            <h3 className="text-sm font-semibold">Plugin settings (this step's own)</h3>
            <DataView value={node.config} label={`Plugin settings of step ${node.id}`} />
          </>
        )}
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRerunFromHere} disabled={rerunPending}>
          {rerunPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Rerun from this step
        </button>
      </div>
    </aside>
  );
}
