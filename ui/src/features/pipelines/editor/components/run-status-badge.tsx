import type { StepStatus } from '@meetflow/workflows/pipeline';
import type { TestRunStatus } from '../utils/test-run.ts';

// As the run view draws statuses (../../utils/run-status.ts): a colour, an icon and
// the word, so colour is never the only cue.
const LOOK: Record<StepStatus | TestRunStatus, { badge: string; icon: string }> = {
  pending: { badge: 'badge-ghost', icon: '○' },
  running: { badge: 'badge-info', icon: '◔' },
  completed: { badge: 'badge-success', icon: '✓' },
  failed: { badge: 'badge-error', icon: '✕' },
  skipped: { badge: 'badge-outline border-dashed', icon: '⤼' },
  cancelled: { badge: 'badge-outline badge-warning', icon: '⊘' },
};

/** A step's or run's status as a badge: icon, colour and the status word. */
export function RunStatusBadge({ status, size = 'md', title }: { status: StepStatus | TestRunStatus; size?: 'sm' | 'md'; title?: string }) {
  const look = LOOK[status];
  return (
    <span className={`badge gap-1 ${look.badge} ${size === 'sm' ? 'badge-sm' : ''}`} title={title}>
      <span aria-hidden="true" className={status === 'running' ? 'animate-pulse' : ''}>
        {look.icon}
      </span>
      {status}
    </span>
  );
}

/** A step node's border in a test run, by status. */
export const STATUS_BORDER: Record<StepStatus, string> = {
  pending: 'border-base-300',
  running: 'border-info animate-pulse',
  completed: 'border-success',
  failed: 'border-error',
  skipped: 'border-dashed border-base-content/40',
};
