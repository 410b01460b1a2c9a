import type { RunStatus, StepStatus } from '../api/types.ts';

/** True while the run may still change. */
export function isRunLive(status: RunStatus): boolean {
  return status === 'pending' || status === 'running';
}

/** How a status looks: text is always shown beside the colour, so colour is never the only cue. */
export interface StatusLook {
  /** daisyUI badge modifier. */
  badge: string;
  /** Border of a graph node. */
  border: string;
  icon: string;
}

/** One look per status (pending grey, running pulsing blue, completed green, failed red, skipped dashed, a run cancelled with its batch outlined). */
export const STATUS_LOOK: Record<StepStatus | RunStatus, StatusLook> = {
  pending: { badge: 'badge-ghost', border: 'border-base-300', icon: '○' },
  running: { badge: 'badge-info', border: 'border-info animate-pulse', icon: '◔' },
  completed: { badge: 'badge-success', border: 'border-success', icon: '✓' },
  failed: { badge: 'badge-error', border: 'border-error', icon: '✕' },
  skipped: { badge: 'badge-outline border-dashed', border: 'border-dashed border-base-content/40', icon: '⤼' },
  cancelled: { badge: 'badge-outline badge-warning', border: 'border-warning', icon: '⊘' },
};
