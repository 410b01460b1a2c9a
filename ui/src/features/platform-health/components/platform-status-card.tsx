import { useQuery } from '@tanstack/react-query';
import { platformHealthQueryOptions } from '../api/get-platform-health.ts';
import { HealthCheckRow } from './health-check-row.tsx';

// Fixed order and labels; the API's check keys are not meant for display.
const CHECKS = [
  { key: 'database', label: 'Database' },
  { key: 'temporal', label: 'Temporal' },
] as const;

/** Card on the home page showing whether the platform's dependencies are reachable. */
export function PlatformStatusCard() {
  const health = useQuery(platformHealthQueryOptions());

  return (
    <section className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h2 className="card-title">Platform status</h2>
        {health.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading platform status" />
        ) : health.isError ? (
          // Stale rows would claim "up" while we cannot reach the API, so show only the error.
          <div role="alert" className="alert alert-error">
            <span className="break-all">{health.error.message}</span>
          </div>
        ) : (
          <ul className="divide-y divide-base-200">
            {CHECKS.map(({ key, label }) => (
              <HealthCheckRow
                key={key}
                label={label}
                check={health.data.checks[key]}
                testId={`health-${key}`}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
