import type { ScoringWeights } from '../api/agent-config-api.ts';
import { weightFieldsOf, weightsTotal } from '../utils/weights.ts';

/**
 * "Lead Scoring Weights": a slider 0–100 per weight (four, and timing once the workspace has one), their
 * total, and the server's refusal when there is one.
 */
export function WeightsSection({
  weights,
  error,
  onChange,
}: {
  weights: ScoringWeights;
  error: string | null;
  onChange: (weights: ScoringWeights) => void;
}) {
  const total = weightsTotal(weights);
  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Lead Scoring Weights">
      <div className="card-body gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-base">Lead Scoring Weights</h2>
          <span className={`badge ${total === 100 ? 'badge-success' : 'badge-warning'}`} data-testid="weights-total">
            Total: {total}%
          </span>
        </div>
        {weightFieldsOf(weights).map(({ key, label }) => (
          <label key={key} className="flex flex-col gap-1">
            <span className="flex justify-between text-sm">
              <span>{label}</span>
              <span className="tabular-nums font-medium">{weights[key]}%</span>
            </span>
            <input
              type="range"
              className="range range-primary range-sm w-full"
              min={0}
              max={100}
              step={1}
              value={weights[key] ?? 0}
              aria-label={label}
              onChange={(event) => onChange({ ...weights, [key]: Number(event.target.value) })}
            />
          </label>
        ))}
        {weights.timing === undefined && (
          <p className="text-sm text-base-content/70" data-testid="weights-timing-note">
            Timing &amp; intent takes the lead-scoring plugin&apos;s share (10% by default) and these four share the rest, until a learning
            cycle learns its weight from booked meetings.
          </p>
        )}
        {total !== 100 && !error && (
          <p className="text-sm text-warning-content" data-testid="weights-hint">
            The weights must add up to 100% to be saved.
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-error" data-testid="weights-error">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
