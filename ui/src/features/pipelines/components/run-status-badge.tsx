import type { RunStatus, StepStatus } from '../api/types.ts';
import { STATUS_LOOK } from '../utils/run-status.ts';

interface StatusBadgeProps {
  status: StepStatus | RunStatus;
  size?: 'sm' | 'md';
}

/** A run or step status as a badge: icon, colour and the status word. */
export function StatusBadge({ status, size = 'md' }: StatusBadgeProps) {
  const look = STATUS_LOOK[status];
  return (
    <span className={`badge gap-1 ${look.badge} ${size === 'sm' ? 'badge-sm' : ''}`}>
      <span aria-hidden="true" className={status === 'running' ? 'animate-pulse' : ''}>
        {look.icon}
      </span>
      {status}
    </span>
  );
}
