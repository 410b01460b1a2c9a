import type { HealthCheck } from '../api/get-platform-health.ts';

interface HealthCheckRowProps {
  label: string;
  check: HealthCheck;
  testId: string;
}

/** One dependency: up/down badge, probe latency and, when down, why. */
export function HealthCheckRow({ label, check, testId }: HealthCheckRowProps) {
  return (
    <li data-testid={testId} className="flex flex-col gap-1 py-3">
      <div className="flex items-center gap-3">
        <span className="flex-1 font-medium">{label}</span>
        <span className="text-sm tabular-nums text-base-content/60">
          {Math.round(check.latencyMs)} ms
        </span>
        <span className={`badge ${check.ok ? 'badge-success' : 'badge-error'}`}>
          {check.ok ? 'up' : 'down'}
        </span>
      </div>
      {!check.ok && check.error && <p className="text-sm text-error">{check.error}</p>}
    </li>
  );
}
