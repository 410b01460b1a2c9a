import { useQuery } from '@tanstack/react-query';
import { stepOutputQueryOptions } from '../api/get-step-output.ts';
import { DataView } from '../../../components/ui/data-view.tsx';

/** The output a completed step stored: what sales ops read to see why a lead scored as it did. */
export function StepOutputBlock({ runId, nodeId, completed }: { runId: string; nodeId: string; completed: boolean }) {
  const output = useQuery(stepOutputQueryOptions(runId, nodeId, completed));
  if (!completed) return <p className="text-sm text-base-content/60">The output appears when the step completes.</p>;
  if (output.isPending) return <span className="loading loading-spinner loading-sm" aria-label="Loading output" />;
  if (output.isError)
    return (
      <div role="alert" className="alert alert-error alert-soft text-sm">
        {output.error.message}
      </div>
    );
  return <DataView value={output.data.output} label={`Output of step ${nodeId}`} />;
}
