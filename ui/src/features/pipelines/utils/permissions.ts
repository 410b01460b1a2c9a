import { roleAtLeast, type Role } from '../../auth/index.ts';

/** True when `role` may duplicate, create and edit pipelines (sales ops and above; the API refuses the rest). */
export const canDuplicatePipelines = (role: Role | null): boolean => role !== null && roleAtLeast(role, 'sales-ops');

/** Why Duplicate is disabled for the rest (its tooltip). */
export const DUPLICATE_NEEDS_ROLE = 'Sales ops, admins and owners duplicate pipelines';
