import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatDate } from '../../../utils/format.ts';
import { pipelineVersionsQueryOptions } from '../api/get-pipeline.ts';

/** Card listing a pipeline's versions, newest first; choosing one draws it (`?version=N`). */
export function PipelineVersions({ pipelineId, shown, builtIn }: { pipelineId: string; shown: number; builtIn: boolean }) {
  const versions = useQuery(pipelineVersionsQueryOptions(pipelineId));
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="versions-title">
      <div className="card-body gap-2">
        <h2 id="versions-title" className="card-title text-base">
          Versions
        </h2>
        {versions.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-label="Loading versions" />
        ) : versions.isError ? (
          <ErrorAlert message={versions.error.message} />
        ) : (
          <ol className="flex flex-col gap-1" data-testid="pipeline-versions">
            {versions.data.map((version) => {
              const current = version.version === shown;
              return (
                <li key={version.version}>
                  <Link
                    to={`?version=${version.version}`}
                    aria-current={current ? 'page' : undefined}
                    className={`flex flex-col rounded-box px-3 py-2 text-sm ${current ? 'bg-base-200' : 'hover:bg-base-200/60'}`}
                  >
                    <span className="flex items-start gap-2">
                      <span className={`badge badge-sm ${current ? 'badge-primary' : 'badge-ghost'}`}>v{version.version}</span>
                      <span className="min-w-0 font-medium break-words">{version.name}</span>
                    </span>
                    <span className="text-xs text-base-content/60">
                      {version.createdAt ? `Saved ${formatDate(version.createdAt, { time: true })}` : builtIn ? 'Ships with Meetflow' : ''}
                    </span>
                    {version.note && <span className="text-xs text-base-content/80">{version.note}</span>}
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
