import type { GetApiProspectsStatesResponse } from '../../../lib/api-types.generated.ts';
import type { ProspectStatus, SequenceFilter } from './filters.ts';

/** Each status as the table names and badges it. */
export const STATUS_LABELS: Record<ProspectStatus, { label: string; badge: string }> = {
  'not-processed': { label: 'Not processed', badge: 'badge-ghost' },
  'in-progress': { label: 'Processing', badge: 'badge-info' },
  enrolled: { label: 'Enrolled', badge: 'badge-success' },
  'not-qualified': { label: 'Not qualified', badge: 'badge-outline' },
  completed: { label: 'Processed', badge: 'badge-outline' },
  failed: { label: 'Failed', badge: 'badge-error' },
};

/** The sequence filter's choices in words. */
export const SEQUENCE_FILTER_LABELS: Record<SequenceFilter, string> = {
  none: 'No sequence',
  running: 'Running (active or paused)',
  ended: 'Ended (completed or stopped)',
};

type SequenceOfRow = GetApiProspectsStatesResponse[number]['sequence'];

const SEQUENCE_STATUS: Record<NonNullable<NonNullable<SequenceOfRow>['status']>, string> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  completed: 'Completed',
};

/** A row's sequence in words: its own state and emails sent, or only whether it runs when its workflow did not answer. */
export function sequenceText(sequence: SequenceOfRow): string {
  if (!sequence) return 'No sequence';
  if (sequence.status === null) return sequence.state === 'running' ? 'Running' : 'Ended';
  return `${SEQUENCE_STATUS[sequence.status]} · ${sequence.sentSteps ?? 0} sent`;
}
