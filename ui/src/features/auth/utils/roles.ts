import type { Role } from '../api/account.ts';

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', 'sales-ops': 'Sales ops', viewer: 'Viewer' };

/** A role as people read it: "Sales ops", not `sales-ops`. */
export const roleLabel = (role: Role): string => ROLE_LABELS[role];

/** Why a viewer's Save is disabled (its tooltip). */
export const VIEWER_CANNOT_CHANGE = 'Viewers cannot change settings';
