import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatDate } from '../../../utils/format.ts';
import { useCurrentRole } from '../../auth/index.ts';
import { pipelineVersionsQueryOptions } from '../api/get-pipeline.ts';
import { compareSearch, type ComparedVersions } from '../utils/compare-param.ts';
import { canDuplicatePipelines } from '../utils/permissions.ts';
import { CompareForm } from './version-diff/compare-form.tsx';
import { RestoreVersionButton } from './version-diff/restore-version-button.tsx';

interface PipelineVersionsProps {
  pipelineId: string;
  /** The version drawn. */
  shown: number;
  builtIn: boolean;
  /** The two versions compared, if the page compares two. */
  compared: ComparedVersions | undefined;
}

/**
 * Card listing a pipeline's versions, newest first: choosing one draws it (`?version=N`); each is
 * compared with the one before it, or any two are; an older one drawn can be restored.
 */
export function PipelineVersions({ pipelineId, shown, builtIn, compared }: PipelineVersionsProps) {
  const versions = useQuery(pipelineVersionsQueryOptions(pipelineId));
  // Restoring saves a version: a saved pipeline, by those who may save one.
  const canRestore = !builtIn && canDuplicatePipelines(useCurrentRole());
  const latest = versions.data?.[0]?.version;
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
          <>
            <ol className="flex flex-col gap-1" data-testid="pipeline-versions">
              {versions.data.map((version, index) => {
                const current = !compared && version.version === shown;
                const previous = versions.data[index + 1]?.version;
                const comparing = compared?.to === version.version && compared.from === previous;
                const restorable = canRestore && current && latest !== undefined && version.version !== latest;
                return (
                  <li key={version.version} className="flex flex-col gap-1" data-testid={`pipeline-version-${version.version}`}>
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
                        {version.createdAt
                          ? `Saved ${formatDate(version.createdAt, { time: true })}`
                          : builtIn
                            ? 'Ships with Meetflow'
                            : ''}
                      </span>
                      {version.note && <span className="text-xs text-base-content/80">{version.note}</span>}
                    </Link>
                    {(previous !== undefined || restorable) && (
                      <div className="flex flex-wrap items-center gap-2 px-3 pb-1">
                        {previous !== undefined && (
                          <Link
                            to={{ search: compareSearch(previous, version.version) }}
                            aria-current={comparing ? 'true' : undefined}
                            className={`btn btn-ghost btn-xs ${comparing ? 'btn-active' : ''}`}
                          >
                            Compare with v{previous}
                          </Link>
                        )}
                        {restorable && <RestoreVersionButton pipelineId={pipelineId} version={version.version} latest={latest} />}
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
            {versions.data.length > 1 && (
              <CompareForm
                key={compared ? `${compared.from}-${compared.to}` : 'none'}
                versions={versions.data.map((version) => version.version)}
                compared={compared}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
