import type { Role } from '../api/account.ts';

/** The roles strongest first (the API's `ROLES`): each may do all that the ones after it may. */
export const ROLES: readonly Role[] = ['owner', 'admin', 'sales-ops', 'viewer'];

/** True when `role` may do what `needed` may (the API's `roleAtLeast`). */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) <= ROLES.indexOf(needed);

const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', 'sales-ops': 'Sales ops', viewer: 'Viewer' };

/** A role as people read it: "Sales ops", not `sales-ops`. */
export const roleLabel = (role: Role): string => ROLE_LABELS[role];

/** Why a viewer's Save is disabled (its tooltip). */
export const VIEWER_CANNOT_CHANGE = 'Viewers cannot change settings';
