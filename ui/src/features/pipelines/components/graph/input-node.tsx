import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { InputFlowNode } from './flow-types.ts';
import { INPUT_NODE_SIZE } from './layout.ts';

/** Where the run input enters: its top-level fields, above the steps that start the run. */
export const InputNode = memo(function InputNode({ data, selected }: NodeProps<InputFlowNode>) {
  return (
    <div
      data-testid="run-input-node"
      style={INPUT_NODE_SIZE}
      className={`flex flex-col justify-center rounded-full border-2 border-neutral/40 bg-base-200 px-5 text-left ${selected ? 'ring-2 ring-primary ring-offset-2' : ''}`}
    >
      <p className="text-sm font-semibold">Run input</p>
      <p className="line-clamp-2 font-mono text-xs text-base-content/60" title={data.fields.join(', ')}>
        {data.fields.length > 0 ? data.fields.join(', ') : 'empty'}
      </p>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
});
