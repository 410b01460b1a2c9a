import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { lastPage } from '../../../utils/pagination.ts';
import { runsQueryOptions } from '../api/get-runs.ts';
import {
  clearedRunsFilters,
  describeRunsFilters,
  RUNS_PAGE_SIZE,
  runsFiltersFromParams,
  runsQuery,
  withRunsFilters,
  type RunsFilters,
} from '../utils/runs-filters.ts';
import { RunRow, WIDE } from './run-row.tsx';
import { RunsFilterBar } from './runs-filters/runs-filter-bar.tsx';

/**
 * Card listing runs (of every pipeline, or of one), newest first, a page at a time, each linking
 * to its run view. Its filters and page live in the URL's query, so a filtered view can be shared
 * and survives a reload.
 */
export function RunsList({ pipeline }: { pipeline?: string }) {
  const [params, changeParams] = useUrlParams();
  const filters = runsFiltersFromParams(params, pipeline);
  const runs = useQuery(runsQueryOptions(runsQuery(filters)));
  const hidden = describeRunsFilters(filters, pipeline);
  // A filter change starts again at page 1 and replaces the entry; a page change is one to go back from.
  const update = (patch: Partial<RunsFilters>) =>
    changeParams((current) => withRunsFilters(current, { ...runsFiltersFromParams(current, pipeline), page: 1, ...patch }, pipeline), {
      replace: true,
    });
  const goTo = (page: number) =>
    changeParams((current) => withRunsFilters(current, { ...runsFiltersFromParams(current, pipeline), page }, pipeline));
  const clear = () => changeParams((current) => withRunsFilters(current, clearedRunsFilters(pipeline), pipeline), { replace: true });
  const total = runs.data?.total ?? 0;
  const items = runs.data?.items ?? [];
  // The empty state has a Clear filters of its own.
  const filteredEmpty = runs.isSuccess && total === 0 && hidden.length > 0;

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="runs-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="runs-title" className="card-title mr-auto">
            {pipeline ? 'Runs of this pipeline' : 'Runs'}
          </h2>
          {hidden.length > 0 && !filteredEmpty && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
              Clear filters
            </button>
          )}
        </div>
        <RunsFilterBar filters={filters} fixedPipeline={pipeline} onChange={update} />
        {runs.isError && <ErrorAlert message={runs.error.message} />}
        {runs.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading runs" />
        ) : runs.isError ? null : filteredEmpty ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="runs-empty">
            <p className="font-medium">No runs match these filters</p>
            <p className="text-sm text-base-content/70">
              Hidden by: <span data-testid="runs-hidden-by">{hidden.join(' · ')}</span>
            </p>
            <button type="button" className="btn btn-outline btn-sm" onClick={clear}>
              Clear filters
            </button>
          </div>
        ) : total === 0 && pipeline ? (
          <p className="text-base-content/70">No runs of this pipeline yet.</p>
        ) : total === 0 ? (
          <p className="text-base-content/70">
            No runs yet. Start one with <code className="font-mono">POST /api/pipelines/:id/runs</code> and watch it here.
          </p>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="runs-empty">
            <p className="font-medium">
              Page {filters.page} is past the last page ({lastPage(total, RUNS_PAGE_SIZE)})
            </p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => goTo(lastPage(total, RUNS_PAGE_SIZE))}>
              Go to the last page
            </button>
          </div>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table
                className={`table table-sm ${runs.isPlaceholderData ? 'opacity-60' : ''}`}
                data-testid="runs-table"
                aria-busy={runs.isPlaceholderData}
              >
                <thead>
                  <tr>
                    <th>Run</th>
                    <th className={WIDE}>Status</th>
                    <th className={WIDE}>Pipeline</th>
                    <th>Prospect</th>
                    <th className={WIDE}>Started</th>
                    <th className={WIDE}>Duration</th>
                    <th className={WIDE}>Lineage</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((run) => (
                    <RunRow key={run.runId} run={run} />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={filters.page}
              limit={RUNS_PAGE_SIZE}
              shown={items.length}
              total={total}
              label="Pages of runs"
              onPageChange={goTo}
            />
          </>
        )}
      </div>
    </section>
  );
}
