import { Link } from 'react-router-dom';
import type { PipelineListEntry } from '../api/types.ts';
import { versionsText } from '../utils/run-stats.ts';
import { BuiltInBadge } from './built-in-badge.tsx';
import { RunStatsSummary } from './run-stats-summary.tsx';

interface PipelineListRowProps {
  pipeline: PipelineListEntry;
  /** Saved versions under a built-in's id: the id opens the built-in, so this row links nowhere. */
  shadowed: boolean;
}

/** One pipeline in the list: name (linking its page), built-in mark, id, latest version and count, and how its runs stand. */
export function PipelineListRow({ pipeline, shadowed }: PipelineListRowProps) {
  const { pipelineId, name, version, versions, builtIn, description } = pipeline;
  return (
    <li
      className="grid gap-x-6 gap-y-2 py-4 md:grid-cols-[minmax(0,1fr)_7rem_16rem]"
      data-testid={`pipeline-row-${pipelineId}${shadowed ? '-saved' : ''}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {shadowed ? (
            <span className="font-medium">{name}</span>
          ) : (
            <Link to={`/pipelines/${encodeURIComponent(pipelineId)}`} className="link link-primary link-hover font-medium">
              {name}
            </Link>
          )}
          {builtIn && <BuiltInBadge />}
        </div>
        <p className="truncate font-mono text-xs text-base-content/60">{pipelineId}</p>
        {description && <p className="mt-1 line-clamp-2 text-sm text-base-content/70">{description}</p>}
        {shadowed && (
          <p className="mt-1 text-sm text-base-content/70">
            Versions saved under the built-in&apos;s id, which campaigns can pin. Its runs are counted with the built-in.
          </p>
        )}
      </div>
      <p className="text-sm md:text-right">
        <span className="badge badge-neutral badge-sm">v{version}</span>{' '}
        <span className="whitespace-nowrap text-base-content/60">{versionsText(versions)}</span>
      </p>
      {shadowed ? <span aria-hidden="true" /> : <RunStatsSummary stats={pipeline.runs} />}
    </li>
  );
}
