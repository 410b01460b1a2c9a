import { roleAtLeast, type Role } from '../../auth/index.ts';

/** True when `role` may approve, edit and reject emails (sales ops and above; the API refuses the rest). */
export const canReview = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'sales-ops');

/** True when `role` may change the sending switches, review or autonomous and open tracking (admins and owners; the API refuses the rest). */
export const canSwitchMode = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'admin');
