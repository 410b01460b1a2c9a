import { roleAtLeast, type Role } from '../../auth/index.ts';

/** True when `role` may approve, edit and reject emails (sales ops and above; the API refuses the rest). */
export const canReview = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'sales-ops');

/** True when `role` may switch between review and autonomous sending (admins and owners). */
export const canSwitchMode = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'admin');
