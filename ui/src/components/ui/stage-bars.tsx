import { stagePercent, stageSegments, stageSettled, type StageCounts } from '../../utils/stages.ts';
import { formatNumber } from '../../utils/format.ts';

/** The colour of each part of a bar; the legend's dots use the same, and words always go beside them. */
const PART_COLOUR = {
  completed: 'bg-success',
  failed: 'bg-error',
  skipped: 'bg-base-content/30',
  running: 'bg-info animate-pulse',
} as const;

/** The five counts of a stage, in the order a run goes through them. */
const COUNTS = [
  ['pending', 'Pending', 'bg-base-300'],
  ['running', 'Running', PART_COLOUR.running],
  ['completed', 'Completed', PART_COLOUR.completed],
  ['failed', 'Failed', PART_COLOUR.failed],
  ['skipped', 'Skipped', PART_COLOUR.skipped],
] as const;

function StageLegend({ stage }: { stage: StageCounts }) {
  if (stage.pending === undefined || stage.running === undefined) {
    return (
      <p className="mt-1 text-xs text-base-content/60">
        {formatNumber(stage.completed)} done{stage.skipped > 0 ? ` · ${formatNumber(stage.skipped)} skipped` : ''}
        {stage.failed > 0 ? ` · ${formatNumber(stage.failed)} failed` : ''}
      </p>
    );
  }
  return (
    <dl className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {COUNTS.map(([key, name, colour]) => {
        const count = stage[key] ?? 0;
        return (
          <div key={key} className={`flex items-center gap-1 ${count === 0 ? 'text-base-content/60' : ''}`} data-testid={`stage-${key}`}>
            <span aria-hidden="true" className={`inline-block size-2 rounded-full ${colour}`} />
            <dt>{name}</dt>
            <dd className="font-medium tabular-nums">{formatNumber(count)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A stage, and for a step with a condition how it came out so far (known once the step it reads has answered). */
type StageWithCondition = StageCounts & { condition?: { met: number; unmet: number } | null };

/**
 * A bar per stage of a batch: completed, failed and skipped fill it (a bar is full when the stage
 * has settled every run), runs under way pulse at its end, with the counts beneath (and a
 * conditional step's outcome so far: the campaign and batch pages read the same figures).
 */
export function StageBars({ stages }: { stages: readonly StageWithCondition[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Batch progress by stage">
      {stages.map((stage) => {
        const percent = stagePercent(stage);
        return (
          <li key={stage.nodeId} className="rounded-box bg-base-100 p-3 shadow-sm" data-testid={`stage-${stage.nodeId}`}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium wrap-anywhere">{stage.label}</span>
              <span className="tabular-nums text-base-content/70" data-testid="stage-count">
                {formatNumber(stageSettled(stage))} / {formatNumber(stage.total)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={`${stage.label}: ${percent}% settled`}
              className="mt-2 flex h-2 w-full overflow-hidden rounded-full bg-base-300"
            >
              {stageSegments(stage).map(({ part, percent: width }) => (
                <span key={part} className={`h-full ${PART_COLOUR[part]}`} style={{ width: `${width}%` }} />
              ))}
            </div>
            <StageLegend stage={stage} />
            {stage.condition && (
              <p className="mt-1 text-xs text-base-content/70" data-testid="stage-condition">
                Condition met: {formatNumber(stage.condition.met)} · not met: {formatNumber(stage.condition.unmet)}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
