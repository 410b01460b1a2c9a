import { useQueries, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { dashboardQueries, useTriggerLearning } from '../api/dashboard-queries.ts';
import { experimentsSummaryQueryOptions } from '../api/experiments-api.ts';
import { ExperimentsPanel } from './experiments-panel.tsx';
import { AgentPerformance } from './agent-performance.tsx';
import { ConfigPanel } from './config-panel.tsx';
import { InsightsPanel } from './insights-panel.tsx';
import { LearningQueue } from './learning-queue.tsx';
import { MetricCards } from './metric-cards.tsx';
import { ProgressChart } from './progress-chart.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { ScoringRefitPanel } from './scoring-refit-panel.tsx';
import { SendingCapacity } from '../../outbox/index.ts';
import { Panel } from './panel.tsx';

/** The Learning Dashboard (spec section 2): every panel from the server's own figures, refreshed every 30 s. */
export function LearningDashboard() {
  const toast = useToast();
  const trigger = useTriggerLearning();
  const [metrics, weeks, insights, agents, activity, config] = useQueries({ queries: dashboardQueries() });
  const results = [metrics, weeks, insights, agents, activity, config];
  const experiments = useQuery(experimentsSummaryQueryOptions());
  const now = new Date();

  const start = () =>
    trigger.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Learning Cycle Triggered', description: 'The AI learning cycle has been started successfully.', tone: 'success' }),
      onError: () => toast({ title: 'Error', description: 'Failed to trigger learning cycle.', tone: 'error' }),
    });
  const header = (
    <PageHeader
      title="Learning Dashboard"
      subtitle="AI System Performance & Learning Analytics"
      actions={
        <button type="button" className="btn btn-primary btn-sm" onClick={start} disabled={trigger.isPending}>
          {trigger.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Trigger Learning Cycle
        </button>
      }
    />
  );

  // The full-page spinner only while the first load runs; later refreshes keep the panels on screen.
  if (results.some((result) => result.isPending)) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <div className="flex justify-center py-24">
          <span className="loading loading-spinner loading-lg" aria-label="Loading the dashboard" />
        </div>
      </div>
    );
  }
  const failed = results.find((result) => result.isError)?.error;
  return (
    <div className="flex flex-col gap-6">
      {header}
      {failed && <ErrorAlert message={failed.message} />}
      {metrics.data && <MetricCards metrics={metrics.data} weeks={weeks.data ?? []} now={now} experiments={experiments.data} />}
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <ProgressChart />
        <LearningQueue now={now} />
        <Panel title="Sending">
          <SendingCapacity />
        </Panel>
        {agents.data && <AgentPerformance agents={agents.data} />}
        <InsightsPanel insights={insights.data ?? []} />
        <ScoringRefitPanel />
        <ExperimentsPanel limit={5} className="lg:col-span-2" />
        <RecentActivity entries={activity.data ?? []} now={now} />
        {config.data && <ConfigPanel entries={config.data} />}
      </div>
    </div>
  );
}
