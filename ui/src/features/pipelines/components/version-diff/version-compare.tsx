import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../../components/ui/error-alert.tsx';
import { pipelineQueryOptions, pipelineVersionsQueryOptions } from '../../api/get-pipeline.ts';
import { versionDiffQueryOptions } from '../../api/get-version-diff.ts';
import { diffSummary, hasChanges } from '../../utils/diff-summary.ts';
import { DiffBadge } from './diff-badge.tsx';
import { DiffChangesList } from './diff-changes-list.tsx';
import { DiffGraph } from './diff-graph.tsx';
import { mergeVersions } from './merge-versions.ts';
import { RestoreVersionButton } from './restore-version-button.tsx';

interface VersionCompareProps {
  pipelineId: string;
  /** The older version. */
  from: number;
  /** The newer version. */
  to: number;
  /** True when the user may restore the older version (a saved pipeline, sales ops and up). */
  canRestore: boolean;
}

/** Two versions compared: what changed in a few words, the newer version drawn with its differences marked, and every change listed. */
export function VersionCompare({ pipelineId, from, to, canRestore }: VersionCompareProps) {
  const before = useQuery(pipelineQueryOptions(pipelineId, from));
  const after = useQuery(pipelineQueryOptions(pipelineId, to));
  const diff = useQuery(versionDiffQueryOptions(pipelineId, from, to));
  const latest = useQuery(pipelineVersionsQueryOptions(pipelineId)).data?.[0]?.version;
  const graph = useMemo(
    () => (before.data && after.data && diff.data ? mergeVersions(before.data.definition, after.data.definition, diff.data) : undefined),
    [before.data, after.data, diff.data],
  );
  // Comparing is chosen in the versions card, which narrow screens show below: bring the comparison into view.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [from, to]);
  const failed = [before, after, diff].find((query) => query.isError)?.error;

  return (
    <section aria-labelledby="compare-title" data-testid="version-compare" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="compare-title" ref={heading} tabIndex={-1} className="mr-auto text-lg font-semibold focus:outline-none">
          Changes from v{from} to v{to}
        </h2>
        {canRestore && latest !== undefined && (
          <RestoreVersionButton pipelineId={pipelineId} version={from} latest={latest} label={`Restore v${from}`} />
        )}
        <Link to={{ search: '' }} className="btn btn-ghost btn-xs">
          Close comparison
        </Link>
      </div>
      {failed ? (
        <ErrorAlert message={failed.message} />
      ) : !graph || !diff.data ? (
        <span className="loading loading-spinner loading-lg" aria-label="Loading the comparison" />
      ) : (
        <>
          <p data-testid="diff-summary" className="font-medium">
            {diffSummary(diff.data)}
            {hasChanges(diff.data) ? '.' : `: v${from} and v${to} have the same steps and edges.`}
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/70" data-testid="diff-legend">
            <span className="flex items-center gap-1">
              <DiffBadge state="added" /> in v{to}
            </span>
            <span className="flex items-center gap-1">
              <DiffBadge state="changed" /> in v{to}
            </span>
            <span className="flex items-center gap-1">
              <DiffBadge state="removed" /> from v{from}, dashed
            </span>
          </p>
          <DiffGraph graph={graph} />
          <DiffChangesList graph={graph} />
        </>
      )}
    </section>
  );
}
