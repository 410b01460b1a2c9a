import type { CampaignDetail } from '../api/campaigns-api.ts';
import { stagePercent } from '../utils/campaign.ts';

/** A progress bar per pipeline stage of the campaign's latest batch, with what each settled. */
export function StageBars({ batch }: { batch: NonNullable<CampaignDetail['batch']> }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-label="Batch progress by stage">
      {batch.stages.map((stage) => {
        const percent = stagePercent(stage);
        return (
          <li key={stage.nodeId} className="rounded-box bg-base-100 p-3 shadow-sm" data-testid={`stage-${stage.nodeId}`}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{stage.label}</span>
              <span className="tabular-nums text-base-content/70" data-testid="stage-count">
                {stage.done.toLocaleString()} / {stage.total.toLocaleString()}
              </span>
            </div>
            <progress
              className={`progress mt-2 w-full ${stage.failed > 0 ? 'progress-warning' : 'progress-primary'}`}
              value={percent}
              max={100}
              aria-label={`${stage.label}: ${percent}% settled`}
            />
            <p className="mt-1 text-xs text-base-content/60">
              {stage.completed.toLocaleString()} done{stage.skipped > 0 ? ` · ${stage.skipped.toLocaleString()} skipped` : ''}
              {stage.failed > 0 ? ` · ${stage.failed.toLocaleString()} failed` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
