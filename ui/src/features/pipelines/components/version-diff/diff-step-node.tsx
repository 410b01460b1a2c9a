import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { formatCondition } from '../../utils/condition.ts';
import { STEP_NODE_SIZE } from '../graph/layout.ts';
import { DiffBadge } from './diff-badge.tsx';
import { DIFF_LOOK } from './diff-look.ts';
import type { DiffStepFlowNode } from './to-diff-flow.ts';

/** A step of the diff graph: name, activity, its badge (added, changed, removed) and, when it changed, what did. */
export const DiffStepNode = memo(function DiffStepNode({ data }: NodeProps<DiffStepFlowNode>) {
  const { node, state, changes } = data;
  const name = node.label ?? node.id;
  return (
    <div
      data-testid={`diff-node-${node.id}`}
      data-diff={state}
      style={STEP_NODE_SIZE}
      className={`flex flex-col gap-1 rounded-box border-2 px-3 py-2 text-left shadow-sm ${state === 'same' ? 'border-base-300 bg-base-100' : DIFF_LOOK[state].node}`}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <div className="flex items-center gap-2">
        <p
          className={`min-w-0 flex-1 truncate font-semibold ${state === 'removed' ? 'line-through decoration-error/70' : ''}`}
          title={name}
        >
          {name}
        </p>
        <DiffBadge state={state} />
      </div>
      <p className="truncate font-mono text-xs text-base-content/60" title={node.activity}>
        {node.label && <span className="text-base-content/80">{node.id} · </span>}
        {node.activity}
      </p>
      {changes.length > 0 && (
        <p className="line-clamp-2 text-xs wrap-anywhere" title={changes.join(', ')}>
          <span className="text-base-content/60">changed </span>
          <span className="font-mono">{changes.join(', ')}</span>
        </p>
      )}
      {node.when && changes.length === 0 && (
        <p className="truncate text-xs" title={formatCondition(node.when)}>
          <span className="text-base-content/60">when </span>
          <span className="font-mono">{formatCondition(node.when)}</span>
        </p>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});
