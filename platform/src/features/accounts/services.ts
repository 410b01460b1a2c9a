// What the accounts domain offers the domains above it (and only this: lint refuses a deeper import):
// the audit trail's record of a change, and the default workspace.
export { auditChange, recordAudit, type TrailDb } from './audit/trail.ts';
export { DEFAULT_WORKSPACE } from './workspaces/model.ts';
