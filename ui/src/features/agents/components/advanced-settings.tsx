import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { settingsQueryOptions } from '../api/agent-config-api.ts';
import { formatNumber } from '../../../utils/format.ts';

const dash = (value: number | null, format: (value: number) => string = String) => (value === null ? '—' : format(value));

/** "Advanced Settings": the copywriter's model settings and the learning engine's, read-only, as the server runs them. */
export function AdvancedSettings() {
  const settings = useQuery(settingsQueryOptions());
  const data = settings.data;
  const rows = data
    ? [
        ['Primary model', data.model ?? 'Not configured (deterministic writer)'],
        ['Temperature', String(data.temperature)],
        ['Max tokens', formatNumber(data.maxTokens)],
        ['Min confidence', dash(data.minConfidence, (value) => `${Math.round(value * 100)}%`)],
        ['Sample size', dash(data.minSampleSize, formatNumber)],
        [
          'Learning rate',
          dash(
            data.learningRate,
            (value) => `${value} (each applied refit moves the scoring weights ${Math.round(value * 100)}% of the way to the fit)`,
          ),
        ],
      ]
    : [];
  return (
    <section className="card bg-base-100 shadow-sm" aria-label="Advanced Settings">
      <div className="card-body gap-3 p-5">
        <h2 className="card-title text-base">Advanced Settings</h2>
        <p className="text-xs text-base-content/60">
          Read-only: set through the environment (MEETFLOW_LLM_*) and the plugins' configuration.
        </p>
        {settings.isError && <ErrorAlert message={settings.error.message} />}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-3 border-b border-base-200 pb-1" data-testid={`setting-${label}`}>
              <dt className="text-base-content/70">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
