import { roleAtLeast, type Role } from '../../../auth/index.ts';

/** True when `role` may save pipelines (sales ops and above; the API refuses the rest). */
export const canEditPipelines = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'sales-ops');
