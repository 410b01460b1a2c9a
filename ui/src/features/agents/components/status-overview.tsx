import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { statusQueryOptions } from '../api/agent-config-api.ts';

const DOT = { active: 'bg-success', learning: 'bg-info', analyzing: 'bg-warning animate-pulse', idle: 'bg-base-content/30' } as const;
const METRICS = ['accuracy', 'precision', 'engagement', 'success'] as const;

/** "Agent Status Overview": each agent's status and measured performance; a dash where nothing is measured yet. */
export function StatusOverview() {
  const status = useQuery(statusQueryOptions());
  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Agent Status Overview">
      <div className="card-body gap-3 p-5">
        <h2 className="card-title text-base">Agent Status Overview</h2>
        {status.isError && <ErrorAlert message={status.error.message} />}
        {status.isPending && <span className="loading loading-spinner loading-md" aria-label="Loading agent status" />}
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {status.data?.map((agent) => (
            <div
              key={agent.agentName}
              className="rounded-box border border-base-200 p-3"
              data-testid={`agent-${agent.agentName}`}
              title={agent.activity}
            >
              <div className="flex items-center gap-2">
                <span className={`inline-block size-2.5 rounded-full ${DOT[agent.status]}`} aria-hidden="true" />
                <span className="font-medium">{agent.agentName.replaceAll('-', ' ')}</span>
                <span className="ml-auto text-xs text-base-content/60" data-testid="agent-status">
                  {agent.status}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
                {METRICS.map((metric) => (
                  <div key={metric} className="flex justify-between gap-2">
                    <dt className="text-base-content/60">{metric}</dt>
                    <dd
                      className="tabular-nums"
                      data-testid={`perf-${metric}`}
                      title={agent.performance[metric] === null ? 'not measured yet' : undefined}
                    >
                      {agent.performance[metric] === null ? '—' : `${agent.performance[metric]}%`}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
