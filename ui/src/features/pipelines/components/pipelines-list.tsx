import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import { pipelinesQueryOptions } from '../api/get-pipelines.ts';

/** Card listing the saved pipelines: name, id and latest version. */
export function PipelinesList() {
  const pipelines = useQuery(pipelinesQueryOptions());

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="saved-pipelines-title">
      <div className="card-body">
        <h2 id="saved-pipelines-title" className="card-title">
          Saved pipelines
        </h2>
        {pipelines.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading pipelines" />
        ) : pipelines.isError ? (
          <ErrorAlert message={pipelines.error.message} />
        ) : pipelines.data.length === 0 ? (
          <p className="text-base-content/70">
            No pipelines saved yet. Save one with <code className="font-mono">POST /api/pipelines</code> and it appears here.
          </p>
        ) : (
          <ul className="divide-y divide-base-200" data-testid="pipelines-list">
            {pipelines.data.map((pipeline) => (
              <li key={pipeline.pipelineId} className="flex items-center gap-3 py-3">
                <div className="flex-1">
                  <p className="font-medium">{pipeline.name}</p>
                  <p className="font-mono text-xs text-base-content/60">{pipeline.pipelineId}</p>
                </div>
                <span className="text-sm text-base-content/60">saved {formatDateTime(pipeline.createdAt)}</span>
                <span className="badge badge-neutral badge-sm">v{pipeline.version}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
