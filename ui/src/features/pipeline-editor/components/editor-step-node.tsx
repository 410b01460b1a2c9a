import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { formatCondition, STEP_NODE_SIZE } from '../../pipelines/index.ts';
import type { EditorStepNode } from '../utils/to-editor-flow.ts';
import { PluginBadge } from './plugin-badge.tsx';

// Big enough to grab with a mouse; React Flow's default is a few pixels.
const HANDLE_CLASS = '!size-3 !border-2 !border-base-100 !bg-primary';

/** A step on the editor's canvas: its name, activity, plugin and condition, a red border and badge while it has problems. */
export const EditorStepNodeView = memo(function EditorStepNodeView({ data, selected }: NodeProps<EditorStepNode>) {
  const { node, plugin, problems } = data;
  const count = problems.length;
  return (
    <div
      data-testid={`editor-node-${node.id}`}
      data-problems={count}
      style={STEP_NODE_SIZE}
      className={`flex flex-col gap-1 rounded-box border-2 bg-base-100 px-3 py-2 text-left shadow-sm ${count > 0 ? 'border-error' : 'border-base-300'} ${selected ? 'ring-2 ring-primary ring-offset-2' : ''}`}
    >
      <Handle type="target" position={Position.Top} className={HANDLE_CLASS} />
      <div className="flex min-w-0 items-center gap-2">
        <PluginBadge plugin={plugin} />
        <p className="truncate font-semibold" title={node.label ?? node.id}>
          {node.label ?? node.id}
        </p>
      </div>
      <p className="truncate font-mono text-xs text-base-content/60" title={node.activity}>
        {node.label && <>{node.id} · </>}
        {node.activity}
      </p>
      {node.when && (
        <p className="truncate text-xs" title={formatCondition(node.when)}>
          <span className="text-base-content/60">when </span>
          <span className="font-mono">{formatCondition(node.when)}</span>
        </p>
      )}
      {count > 0 && (
        <span className="badge badge-error badge-sm mt-auto" data-testid={`node-problems-${node.id}`} title={problems.join('\n')}>
          {count} {count === 1 ? 'problem' : 'problems'}
        </span>
      )}
      <Handle type="source" position={Position.Bottom} className={HANDLE_CLASS} />
    </div>
  );
});
