import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatCount, formatDate, formatNumber } from '../../../utils/format.ts';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import {
  decisionPointsQueryOptions,
  experimentCampaignsQueryOptions,
  experimentsQueryOptions,
  experimentsSummaryQueryOptions,
  useRollBackExperiment,
  useStopExperiment,
  type DecisionPoint,
  type Experiment,
} from '../api/experiments-api.ts';
import { populationWords } from '../utils/population.ts';
import { NewExperimentDialog } from './new-experiment-dialog.tsx';
import { EmptyNote, Panel } from './panel.tsx';

const STATE_BADGE: Record<Experiment['state'], string> = {
  running: 'badge-info',
  converged: 'badge-success',
  stopped: 'badge-ghost',
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** One arm: its posterior mean reward rate with the 95% interval drawn on a 0–max scale, its sends and P(best). */
function ArmRow({ arm, scale, winner }: { arm: Experiment['arms'][number]; scale: number; winner: boolean }) {
  const left = (arm.lower / scale) * 100;
  const width = Math.max(((arm.upper - arm.lower) / scale) * 100, 1);
  const mean = (arm.mean / scale) * 100;
  return (
    <li className="flex flex-col gap-1" data-testid="experiment-arm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">
          {arm.label}
          {winner && <span className="badge badge-success badge-xs ml-2">winner</span>}
        </span>
        <span className="tabular-nums text-base-content/70" data-testid="arm-posterior">
          <span className="whitespace-nowrap">
            {percent(arm.mean)} ({percent(arm.lower)}–{percent(arm.upper)})
          </span>{' '}
          · <span className="whitespace-nowrap">{formatCount(arm.trials, 'send')}</span> ·{' '}
          <span className="whitespace-nowrap">P(best) {percent(arm.pBest)}</span>
        </span>
      </div>
      <div className="relative h-2 rounded-full bg-base-200" aria-hidden="true">
        <div className="absolute h-2 rounded-full bg-primary/30" style={{ left: `${left}%`, width: `${width}%` }} />
        <div className="absolute h-2 w-0.5 bg-primary" style={{ left: `${Math.min(mean, 99.5)}%` }} />
      </div>
    </li>
  );
}

/** What a declared winner changed, with its evidence, and (for sales ops and above) Roll back. */
function AppliedChange({ experiment, canAct, decides }: { experiment: Experiment; canAct: boolean; decides: string }) {
  const toast = useToast();
  const rollBack = useRollBackExperiment();
  const change = experiment.change;
  if (!change) return null;
  const label = experiment.arms.find((arm) => arm.id === change.arm)?.label ?? change.value;
  const sends = change.evidence.counts.reduce((sum, count) => sum + count.trials, 0);
  const undo = () =>
    rollBack.mutate(experiment.id, {
      onSuccess: () => toast({ title: 'Rolled back', description: `${decides}: no longer ${label}.`, tone: 'success' }),
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3 text-sm" data-testid="applied-change">
      <p className="min-w-0 flex-1">
        {change.rolledBackAt ? (
          <>
            Applied {label} on {formatDate(change.appliedAt)}; rolled back on {formatDate(change.rolledBackAt)}.
          </>
        ) : (
          <>
            Applied on {formatDate(change.appliedAt)}: {decides.toLowerCase()} <strong>{label}</strong> (P(best){' '}
            {percent(change.evidence.pBest[change.arm] ?? 0)} over {formatNumber(sends)} sends).
          </>
        )}
      </p>
      {!change.rolledBackAt && canAct && (
        <button type="button" className="btn btn-outline btn-xs" onClick={undo} disabled={rollBack.isPending}>
          Roll back
        </button>
      )}
    </div>
  );
}

/** One experiment: its state, what it decides, each arm's posterior and what it applied; Stop while it runs (sales ops and above). */
function ExperimentCard({
  experiment,
  canAct,
  points,
  campaigns,
}: {
  experiment: Experiment;
  canAct: boolean;
  points: readonly DecisionPoint[];
  campaigns: ReadonlyMap<number, string>;
}) {
  const toast = useToast();
  const stop = useStopExperiment();
  const scale = Math.max(0.05, ...experiment.arms.map((arm) => arm.upper));
  const who = populationWords(experiment.population, campaigns);
  const decides = points.find((point) => point.id === experiment.decisionPoint)?.label ?? experiment.decisionPoint;
  const halt = () =>
    stop.mutate(experiment.id, {
      onSuccess: () =>
        toast({ title: 'Experiment stopped', description: `${experiment.name} decides for no more prospects.`, tone: 'success' }),
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
    });
  return (
    <li className="flex flex-col gap-2 border-t border-base-200 pt-3 first:border-t-0 first:pt-0" data-testid="experiment">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 font-medium wrap-anywhere">{experiment.name}</span>
        <span className={`badge badge-sm ${STATE_BADGE[experiment.state]}`}>{experiment.state}</span>
        {experiment.state === 'running' && canAct && (
          <button
            type="button"
            className="btn btn-outline btn-xs"
            onClick={halt}
            disabled={stop.isPending}
            aria-label={`Stop ${experiment.name}`}
          >
            Stop
          </button>
        )}
      </div>
      <p className="text-xs text-base-content/60">
        {decides}, {who} · {experiment.reason}
      </p>
      <ul className="flex flex-col gap-2" aria-label={`Arms, on a scale of 0 to ${percent(scale)}`}>
        {experiment.arms.map((arm) => (
          <ArmRow key={arm.id} arm={arm} scale={scale} winner={experiment.winner === arm.id} />
        ))}
      </ul>
      <AppliedChange experiment={experiment} canAct={canAct} decides={decides} />
    </li>
  );
}

/**
 * "A/B Tests": the experiments running and finished this month (the real "A/B tests a month"),
 * each arm's posterior mean reward rate with its 95% interval, and what a winner changed, with Roll back.
 */
export function ExperimentsPanel({ className = '', limit }: { className?: string; limit?: number }) {
  const experiments = useQuery(experimentsQueryOptions());
  const summary = useQuery(experimentsSummaryQueryOptions());
  const role = useCurrentRole();
  const canAct = role !== null && roleAtLeast(role, 'sales-ops');
  const points = useQuery(decisionPointsQueryOptions());
  const campaigns = useQuery(experimentCampaignsQueryOptions());
  const campaignNames = new Map((campaigns.data ?? []).map((campaign) => [campaign.id, campaign.name]));
  const [starting, setStarting] = useState(false);
  const shown = (experiments.data ?? []).slice(0, limit);
  return (
    <Panel
      title="A/B Tests"
      className={className}
      actions={
        canAct && (
          <button type="button" className="btn btn-primary btn-xs" onClick={() => setStarting(true)}>
            New experiment
          </button>
        )
      }
    >
      {starting && <NewExperimentDialog onClose={() => setStarting(false)} />}
      {(experiments.isError || summary.isError) && <ErrorAlert message={(experiments.error ?? summary.error)!.message} />}
      {summary.data && (
        <p className="text-sm text-base-content/70" data-testid="experiments-month">
          <span className="font-semibold text-base-content tabular-nums">{formatNumber(summary.data.testsThisMonth)}</span>{' '}
          {summary.data.testsThisMonth === 1 ? 'A/B test' : 'A/B tests'} this month · {formatNumber(summary.data.running)} running ·{' '}
          {formatNumber(summary.data.finishedThisMonth)} finished
        </p>
      )}
      {Boolean(experiments.data?.length) && (
        <p className="text-xs text-base-content/60">
          Each arm&apos;s reward per send (a positive reply or a booked meeting 0.75, an attended meeting 1): the posterior mean, its 95%
          interval (the bar, from 0 to the largest upper end), its sends (counted when the first email goes out) and the chance it is the
          best.
        </p>
      )}
      {experiments.data?.length === 0 ? (
        <EmptyNote>
          No A/B tests yet. While one runs, each prospect&apos;s arm (a first-email template, the days before the first follow-up) is chosen
          by Thompson sampling, and each arm&apos;s reply and meeting rate shows here with its uncertainty.
        </EmptyNote>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((experiment) => (
            <ExperimentCard
              key={experiment.id}
              experiment={experiment}
              canAct={canAct}
              points={points.data ?? []}
              campaigns={campaignNames}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}
