import type { ProfileEmailStatus } from '../api/profile-api.ts';
import { STATUS_BADGES } from '../../outbox/index.ts';

/** Each status of a sequence's email as the panel names it (the Review Queue's words), with its badge's style. */
export const EMAIL_STATUS: Record<ProfileEmailStatus, { label: string; className: string }> = {
  planned: { label: 'Planned', className: 'badge-ghost' },
  ...STATUS_BADGES,
  stopped: { label: 'Stopped', className: 'badge-ghost' },
};
