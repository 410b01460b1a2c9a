import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { durationBetween } from '../../../../utils/format.ts';
import type { StepStatus } from '../../api/types.ts';
import { formatCondition } from '../../utils/condition.ts';
import { STATUS_LOOK } from '../../utils/run-status.ts';
import { StatusBadge } from '../run-status-badge.tsx';
import type { StepFlowNode } from './flow-types.ts';
import { STEP_NODE_SIZE } from './layout.ts';

/** "2 attempts", or "reused" for a step a restarted run copied from the earlier run. */
function attemptsText(status: StepStatus, attempts: number): string {
  if (status === 'completed' && attempts === 0) return 'reused';
  return `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
}

/** A pipeline step: name, activity, status (colour, icon and word), attempts, duration, condition; a definition's shows no status. */
export const StepNode = memo(function StepNode({ data, selected }: NodeProps<StepFlowNode>) {
  const { node, step, inRun } = data;
  const status = step?.status ?? 'pending';
  const duration = durationBetween(step?.startedAt, step?.endedAt);
  return (
    <div
      data-testid={`step-node-${node.id}`}
      data-status={inRun ? status : undefined}
      style={STEP_NODE_SIZE}
      className={`flex flex-col gap-1 rounded-box border-2 bg-base-100 px-3 py-2 text-left shadow-sm ${inRun ? STATUS_LOOK[status].border : 'border-base-300'} ${selected ? 'ring-2 ring-primary ring-offset-2' : ''}`}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <p className="truncate font-semibold" title={node.label ?? node.id}>
        {node.label ?? node.id}
      </p>
      {inRun ? (
        <p className="truncate font-mono text-xs text-base-content/60" title={node.activity}>
          {node.label && <>{node.id} · </>}
          {node.activity}
        </p>
      ) : (
        // A definition has no status line: the activity gets two lines instead of an ellipsis.
        <p className="line-clamp-2 font-mono text-xs wrap-anywhere text-base-content/60" title={node.activity}>
          {node.label && <span className="text-base-content/80">{node.id} · </span>}
          {node.activity}
        </p>
      )}
      {inRun ? (
        <div className="flex items-center gap-2 whitespace-nowrap text-xs text-base-content/70 tabular-nums">
          <StatusBadge status={status} size="sm" />
          <span>{attemptsText(status, step?.attempts ?? 0)}</span>
          {duration && <span>· {duration}</span>}
        </div>
      ) : (
        node.timeout && <p className="text-xs text-base-content/70">times out after {node.timeout}</p>
      )}
      {node.when && (
        <p className="truncate text-xs" title={formatCondition(node.when)}>
          <span className="text-base-content/60">when </span>
          <span className="font-mono">{formatCondition(node.when)}</span>
        </p>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});
