import { Link } from 'react-router-dom';
import { useCurrentRole } from '../../auth/index.ts';
import type { PipelineRunStats, PipelineView } from '../api/types.ts';
import { canDuplicatePipelines } from '../utils/permissions.ts';
import { BuiltInBadge } from './built-in-badge.tsx';
import { DuplicateButton } from './duplicate-button.tsx';
import { RunStatsSummary } from './run-stats-summary.tsx';

interface PipelineHeaderProps {
  pipeline: PipelineView;
  /** The version the URL asks for; undefined while the latest is shown. */
  askedVersion: number | undefined;
  /** Its run stats from the list (null: not pipeline runs), or undefined while the list loads. */
  stats: PipelineRunStats | null | undefined;
}

/** The pipeline's name, version, origin and description, how its runs stand, and Duplicate to edit (or why it cannot be). */
export function PipelineHeader({ pipeline, askedVersion, stats }: PipelineHeaderProps) {
  const { pipelineId, name, version, builtIn, description, cannotDuplicate } = pipeline;
  const canEdit = canDuplicatePipelines(useCurrentRole());
  return (
    <header data-testid="pipeline-header" className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words">
            {name} <span className="text-base-content/70">v{version}</span>
          </h1>
          <p className="truncate font-mono text-xs text-base-content/60">{pipelineId}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {builtIn && <BuiltInBadge />}
          {!builtIn && canEdit && (
            <Link
              to={`/pipelines/${encodeURIComponent(pipelineId)}/edit${askedVersion ? `?version=${askedVersion}` : ''}`}
              className="btn btn-outline btn-sm"
            >
              Edit
            </Link>
          )}
          {!cannotDuplicate && <DuplicateButton pipelineId={pipelineId} version={askedVersion} />}
        </div>
      </div>
      {description && <p className="max-w-3xl text-base-content/70">{description}</p>}
      {cannotDuplicate && (
        <div role="note" className="alert alert-info alert-soft max-w-3xl" data-testid="cannot-duplicate">
          <span>Cannot be duplicated. {cannotDuplicate}</span>
        </div>
      )}
      {stats !== undefined && <RunStatsSummary stats={stats} />}
    </header>
  );
}
