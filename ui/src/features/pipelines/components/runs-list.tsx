import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { runsQueryOptions } from '../api/get-runs.ts';
import { RunRow } from './run-row.tsx';

// Enough to see what happened today without paging.
const RECENT_RUNS = 25;

/** Card listing the most recent runs (of every pipeline, or of one), newest first, each linking to its detail page. */
export function RunsList({ pipeline }: { pipeline?: string }) {
  const runs = useQuery(runsQueryOptions({ limit: RECENT_RUNS, ...(pipeline ? { pipeline } : {}) }));

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="recent-runs-title">
      <div className="card-body">
        <h2 id="recent-runs-title" className="card-title">
          {pipeline ? 'Recent runs of this pipeline' : 'Recent runs'}
        </h2>
        {runs.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading runs" />
        ) : runs.isError ? (
          <ErrorAlert message={runs.error.message} />
        ) : runs.data.length === 0 && pipeline ? (
          <p className="text-base-content/70">No runs of this pipeline yet.</p>
        ) : runs.data.length === 0 ? (
          <p className="text-base-content/70">
            No runs yet. Start one with <code className="font-mono">POST /api/pipelines/:id/runs</code> and watch it here.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table" data-testid="runs-table">
              <thead>
                <tr>
                  <th>Run</th>
                  <th>Status</th>
                  <th>Pipeline</th>
                  <th>Started</th>
                  <th>Duration</th>
                  <th>Lineage</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.map((run) => (
                  <RunRow key={run.runId} run={run} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
