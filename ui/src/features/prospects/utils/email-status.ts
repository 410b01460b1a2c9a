import type { ProfileEmailStatus } from '../api/profile-api.ts';

/** Each status of a sequence's email as the panel names it (the Review Queue's words), with its badge's style. */
export const EMAIL_STATUS: Record<ProfileEmailStatus, { label: string; className: string }> = {
  planned: { label: 'Planned', className: 'badge-ghost' },
  pending_review: { label: 'Pending review', className: 'badge-warning' },
  queued: { label: 'Queued', className: 'badge-info' },
  sending: { label: 'Sending', className: 'badge-info' },
  sent: { label: 'Sent', className: 'badge-success' },
  failed: { label: 'Failed', className: 'badge-error' },
  suppressed: { label: 'Suppressed', className: 'badge-ghost' },
  rejected: { label: 'Rejected', className: 'badge-ghost' },
  stopped: { label: 'Stopped', className: 'badge-ghost' },
};
