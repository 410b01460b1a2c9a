import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { formatCondition } from '../../utils/condition.ts';
import { STEP_NODE_SIZE } from '../../components/graph/layout.ts';
import type { EditorStepNode } from '../utils/to-editor-flow.ts';
import type { TestRunStep } from '../utils/test-run.ts';
import { PluginBadge } from './plugin-badge.tsx';
import { RunStatusBadge, STATUS_BORDER } from './run-status-badge.tsx';

// Big enough to grab with a mouse; React Flow's default is a few pixels.
const HANDLE_CLASS = '!size-3 !border-2 !border-base-100 !bg-primary';

/** The border: red while the step has problems, else its test run status's colour, else plain. */
function borderOf(problems: number, step: TestRunStep | undefined): string {
  if (problems > 0) return 'border-error';
  return step ? STATUS_BORDER[step.status] : 'border-base-300';
}

/**
 * A step on the editor's canvas: its name, activity, plugin and condition, a red border and
 * badge while it has problems, and its status in the draft's test run (colour, icon and word).
 */
export const EditorStepNodeView = memo(function EditorStepNodeView({ data, selected }: NodeProps<EditorStepNode>) {
  const { node, plugin, problems, step } = data;
  const count = problems.length;
  return (
    <div
      data-testid={`editor-node-${node.id}`}
      data-problems={count}
      data-status={step?.status}
      style={STEP_NODE_SIZE}
      className={`flex flex-col gap-1 rounded-box border-2 bg-base-100 px-3 py-2 text-left shadow-sm ${borderOf(count, step)} ${selected ? 'ring-2 ring-primary ring-offset-2' : ''}`}
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
      {(count > 0 || step) && (
        <div className="mt-auto flex items-center gap-2 whitespace-nowrap text-xs text-base-content/70 tabular-nums">
          {count > 0 && (
            <span className="badge badge-error badge-sm" data-testid={`node-problems-${node.id}`} title={problems.join('\n')}>
              {count} {count === 1 ? 'problem' : 'problems'}
            </span>
          )}
          {step && (
            <>
              <span data-testid={`node-status-${node.id}`}>
                <RunStatusBadge status={step.status} size="sm" title={step.error} />
              </span>
              {step.attempts > 1 && <span>{step.attempts} attempts</span>}
              {step.error && (
                <span className="truncate text-error" title={step.error}>
                  {step.error}
                </span>
              )}
            </>
          )}
        </div>
      )}
      <Handle type="source" position={Position.Bottom} className={HANDLE_CLASS} />
    </div>
  );
});
