import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDate, formatNumber } from '../../../utils/format.ts';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import { learningStatusQueryOptions, useRollBackRefit } from '../api/dashboard-queries.ts';
import type { ScoringRefit } from '../api/types.ts';
import { refitExplanation, refitMeasured, refitVerdict, WEIGHT_LABELS } from '../utils/refit-words.ts';
import { EmptyNote, Panel } from './panel.tsx';

const TONE = { success: 'badge-success', info: 'badge-info', ghost: 'badge-ghost', warning: 'badge-warning' } as const;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** A weight, or what stands for timing in weights that hold none (the lead-scoring plugin's setting). */
const shown = (weights: ScoringRefit['before'], key: keyof typeof WEIGHT_LABELS) => {
  const value = weights[key];
  return value === undefined ? 'Plugin setting' : percent(value);
};

/**
 * The weights before, proposed (a step of the learning rate towards the fit) and as fitted, side by
 * side (five; weights from before timing was learned have four). A jump to the fit (rate 1, or a
 * refit recorded before the learning rate acted) has no fitted column: it proposed the fit itself.
 */
function WeightChanges({ refit }: { refit: ScoringRefit }) {
  const fourBefore = refit.before.timing === undefined && refit.proposed.timing !== undefined;
  const rate = refit.learningRate;
  const fitted = rate !== null && rate < 1 ? refit.fitted : null;
  return (
    <>
      <table className="table table-xs" data-testid="refit-weights">
        <thead>
          <tr>
            <th scope="col">Weight</th>
            <th scope="col" className="text-right">
              Before
            </th>
            <th scope="col" className="text-right">
              {fitted ? 'Proposed' : 'Refitted'}
            </th>
            {fitted && (
              <th scope="col" className="text-right">
                Fitted
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {(Object.keys(WEIGHT_LABELS) as Array<keyof typeof WEIGHT_LABELS>).map((key) => (
            <tr key={key}>
              <th scope="row" className="font-normal">
                {WEIGHT_LABELS[key]}
              </th>
              <td className="text-right tabular-nums">{shown(refit.before, key)}</td>
              <td className="text-right tabular-nums">{shown(refit.proposed, key)}</td>
              {fitted && <td className="text-right tabular-nums text-base-content/60">{shown(fitted, key)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {fourBefore && (
        <p className="text-xs text-base-content/60" data-testid="refit-timing-note">
          Before, timing took the lead-scoring plugin&apos;s share (10% by default) and the four shared the rest; the new five share 100%
          between them.
        </p>
      )}
      {fitted && (
        <p className="text-xs text-base-content/60" data-testid="refit-learning-rate">
          Learning rate {rate}: the weights move {percent(rate ?? 1)} of the way from before to the fitted ones per applied refit, so one
          cycle cannot swing scoring.
        </p>
      )}
    </>
  );
}

/**
 * "Scoring Weights from Meetings": the newest learning cycle's refit of the scoring weights, judged
 * on prospects held out from the fit (AUC before → after), its sample, whether it was applied and
 * why, and Roll back for an applied one (sales ops and above).
 */
export function ScoringRefitPanel() {
  const status = useQuery(learningStatusQueryOptions());
  const role = useCurrentRole();
  const canAct = role !== null && roleAtLeast(role, 'sales-ops');
  const rollBack = useRollBackRefit();
  const toast = useToast();
  const refit = status.data?.scoringRefit ?? null;

  const undo = (cycleId: string) =>
    rollBack.mutate(cycleId, {
      onSuccess: () =>
        toast({ title: 'Rolled back', description: 'The scoring weights in force before that cycle are back.', tone: 'success' }),
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
    });

  return (
    <Panel title="Scoring Weights from Meetings">
      {status.isError && <ErrorAlert message={status.error.message} />}
      {status.data && !refit && (
        <EmptyNote>
          No learning cycle has refitted the scoring weights yet. Each cycle fits them to which contacted prospects booked a meeting, once
          there are {formatNumber(status.data.minSampleSize)} contacted prospects and enough meetings, and keeps the new weights only when
          they rank prospects held out from the fit better.
        </EmptyNote>
      )}
      {refit && !refitMeasured(refit) && (
        <div className="flex flex-col gap-2" data-testid="scoring-refit">
          <EmptyNote>{refitExplanation(refit)}</EmptyNote>
          <p className="text-xs text-base-content/60">Last refit: {formatDate(refit.at)}; the weights in force stay.</p>
        </div>
      )}
      {refit && refitMeasured(refit) && (
        <div className="flex flex-col gap-3 text-sm" data-testid="scoring-refit">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="text-base-content/70">Held-out AUC, before → after</p>
              <p className="text-2xl font-semibold tabular-nums" data-testid="refit-auc">
                {refit.aucBefore!.toFixed(3)} → {refit.aucAfter!.toFixed(3)}
              </p>
            </div>
            <span className={`badge ${TONE[refitVerdict(refit).tone]}`} data-testid="refit-verdict">
              {refitVerdict(refit).label}
            </span>
          </div>
          <p data-testid="refit-why">{refitExplanation(refit)}</p>
          <p className="text-xs text-base-content/60" data-testid="refit-sample">
            Fitted on {formatNumber(refit.trainSize)} contacted prospects, judged on {formatNumber(refit.heldOutSize)} held out (
            {formatNumber(refit.heldOutMeetings)} of them booked; {formatNumber(refit.meetings)} meetings in all), on {formatDate(refit.at)}
            . AUC is how often a prospect who booked scores above one who did not: 0.5 is chance, 1 is perfect.
          </p>
          <WeightChanges refit={refit} />
          {refit.applied && !refit.rolledBackAt && canAct && (
            <button
              type="button"
              className="btn btn-outline btn-sm self-start"
              onClick={() => undo(refit.cycleId)}
              disabled={rollBack.isPending}
            >
              Roll back
            </button>
          )}
        </div>
      )}
    </Panel>
  );
}
