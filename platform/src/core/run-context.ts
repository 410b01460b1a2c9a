import type { RunContext, RunPrincipal } from '@meetflow/plugin-sdk';
import type { RequestAccess } from './access.ts';

/** A run context in a workspace (what every workspace-scoped service takes). */
export type WorkspaceRunContext = RunContext & { workspaceId: string };

/**
 * The run context of work the platform starts on its own — a schedule, the seed, a reply read over
 * IMAP, a sequence's step — in a workspace it read from its own records: the platform is the
 * principal (`system:<purpose>`), with no role to check (it places no user-chosen step).
 */
export function systemRunContext(workspaceId: string, purpose: string, runId?: string | null): WorkspaceRunContext;
export function systemRunContext(workspaceId: null, purpose: string, runId?: string | null): RunContext;
export function systemRunContext(workspaceId: string | null, purpose: string, runId: string | null = null): RunContext {
  return { workspaceId, runId, principal: { kind: 'system', id: `system:${purpose}`, role: 'system' }, deadline: null };
}

/** The principal behind a request the access check let through, with its role in the request's workspace. */
export function requestPrincipal(access: RequestAccess): RunPrincipal {
  if (!access.role) throw new Error('a run principal needs a role in a workspace (the route must name one)');
  return { kind: access.principal.kind, id: access.principal.id, role: access.role };
}

/** The run context of a request: its workspace and principal as the access check resolved them (never the body's). */
export function requestRunContext(access: RequestAccess): WorkspaceRunContext {
  if (!access.workspace) throw new Error('a run context needs the workspace the request acts in (the route must name a role)');
  return { workspaceId: access.workspace, runId: null, principal: requestPrincipal(access), deadline: null };
}
