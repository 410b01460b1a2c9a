import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatCount, formatDateTime, formatNumber } from '../../../utils/format.ts';
import { healthQueryOptions, learningStatusQueryOptions } from '../api/dashboard-queries.ts';
import { sampleProgress, timeUntil } from '../utils/queue.ts';
import { Panel } from './panel.tsx';

/** "Learning Queue": the next scheduled cycle, the samples gathered for it, and the system's health. */
export function LearningQueue({ now }: { now: Date }) {
  const status = useQuery(learningStatusQueryOptions());
  const health = useQuery(healthQueryOptions());
  const queue = status.data;
  return (
    <Panel title="Learning Queue">
      {status.isError && <ErrorAlert message={status.error.message} />}
      {queue && (
        <div className="flex flex-col gap-3 text-sm" data-testid="learning-queue">
          <div>
            <p className="text-base-content/70">Next scheduled cycle</p>
            <p className="font-medium" data-testid="next-cycle">
              {!queue.automaticCycles
                ? 'Automatic cycles are off (Agent Configuration)'
                : queue.nextCycleAt
                  ? `${timeUntil(queue.nextCycleAt, now)} · ${formatDateTime(queue.nextCycleAt)}`
                  : 'Not scheduled'}
            </p>
          </div>
          <div>
            <div className="flex justify-between text-base-content/70">
              <span>Scored leads since the last cycle</span>
              <span className="tabular-nums" data-testid="sample-count">
                {formatNumber(queue.pendingScoredLeads)} / {formatNumber(queue.minSampleSize)}
              </span>
            </div>
            <progress
              className="progress progress-primary w-full"
              value={sampleProgress(queue)}
              max={100}
              aria-label="Samples gathered toward the minimum sample size"
            />
            <p className="text-xs text-base-content/60">
              {formatCount(queue.pendingOutcomes, 'outcome event')} gathered since{' '}
              {queue.lastCycleAt ? `the last cycle (${formatDateTime(queue.lastCycleAt)})` : 'the start'}; the scoring weights are refitted
              from booked meetings once {formatNumber(queue.minSampleSize)} contacted prospects have scores.
            </p>
          </div>
        </div>
      )}
      <div>
        <p className="text-sm text-base-content/70">System health</p>
        {health.data ? (
          <ul className="mt-1 flex flex-col gap-1">
            {Object.entries(health.data.checks).map(([name, check]) => (
              <li key={name} className="flex items-center justify-between text-sm" data-testid={`health-${name}`}>
                <span>{name}</span>
                <span className={`badge badge-sm ${check.ok ? 'badge-success' : 'badge-error'}`} title={check.error}>
                  {check.ok ? `up · ${Math.round(check.latencyMs)} ms` : 'down'}
                </span>
              </li>
            ))}
          </ul>
        ) : health.isError ? (
          <ErrorAlert message={health.error.message} />
        ) : (
          <span className="loading loading-dots loading-sm" aria-label="Checking health" />
        )}
      </div>
    </Panel>
  );
}
