import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useCurrentRole } from '../../auth/index.ts';
import { canDuplicatePipelines } from '../utils/permissions.ts';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { pipelinesQueryOptions } from '../api/get-pipelines.ts';
import { PipelineListRow } from './pipeline-list-row.tsx';

/** Card listing every pipeline, the built-ins first, each with its versions and how its runs stand. */
export function PipelinesList() {
  const pipelines = useQuery(pipelinesQueryOptions());
  const canEdit = canDuplicatePipelines(useCurrentRole());
  const builtInIds = new Set(pipelines.data?.filter((pipeline) => pipeline.builtIn).map((pipeline) => pipeline.pipelineId));

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="pipelines-title">
      <div className="card-body">
        <div className="flex items-center gap-2">
          <h2 id="pipelines-title" className="card-title flex-1">
            Pipelines
          </h2>
          {canEdit && (
            <Link to="/pipelines/new" className="btn btn-primary btn-sm">
              New pipeline
            </Link>
          )}
        </div>
        {pipelines.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading pipelines" />
        ) : pipelines.isError ? (
          <ErrorAlert message={pipelines.error.message} />
        ) : (
          <ul className="divide-y divide-base-200" data-testid="pipelines-list">
            {pipelines.data.map((pipeline) => {
              const shadowed = !pipeline.builtIn && builtInIds.has(pipeline.pipelineId);
              return (
                <PipelineListRow
                  key={`${pipeline.builtIn ? 'built-in' : 'saved'}:${pipeline.pipelineId}`}
                  pipeline={pipeline}
                  shadowed={shadowed}
                />
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
