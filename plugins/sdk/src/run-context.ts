import { ApplicationFailure } from '@temporalio/common';

/**
 * Who may place an activity in a pipeline, declared with the activity as a route declares its
 * access: any member (`public`: it reads public data or computes, acting on nothing of the
 * workspace's own), a member whose role is at least `sales-ops` or `admin`, or nobody (`internal`:
 * the platform calls it itself, in its own flows, and a user pipeline can never name it).
 */
export const ACTIVITY_ACCESS = ['public', 'sales-ops', 'admin', 'internal'] as const;
export type ActivityAccess = (typeof ACTIVITY_ACCESS)[number];

/** A member's role, strongest first (as the platform's roles). */
export const MEMBER_ROLES = ['owner', 'admin', 'sales-ops', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * Who started the work a step belongs to: a signed-in user or an API token of the workspace, with
 * the role it had in the workspace when it started the work, or the platform itself (a schedule,
 * the seed, an inbound reply), whose role is `system`.
 */
export interface RunPrincipal {
  kind: 'user' | 'token' | 'system';
  /** `user:<id>`, `token:<id>`, or what the platform started it for (`system:learning-schedule`). */
  id: string;
  role: MemberRole | 'system';
}

/**
 * Where and for whom an activity runs, decided by the platform — never by the activity's input:
 * the workspace (null only for a platform job that belongs to no workspace, such as preparing the
 * sample database), the run it is a step of (null for a single call), the principal that started
 * it, and when the attempt must be done by (ISO; null when unbounded).
 */
export interface RunContext {
  workspaceId: string | null;
  runId: string | null;
  principal: RunPrincipal;
  deadline: string | null;
}

/** The context of a call nobody gave one: no workspace, the platform as principal. */
export const NO_RUN_CONTEXT: RunContext = Object.freeze({
  workspaceId: null,
  runId: null,
  principal: Object.freeze({ kind: 'system', id: 'system:none', role: 'system' }) as RunPrincipal,
  deadline: null,
});

/** True when `role` may place an activity whose access is `access` (the platform's own principal may place all but `internal`). */
export function mayPlace(role: MemberRole | 'system', access: ActivityAccess): boolean {
  if (access === 'internal') return false;
  if (role === 'system' || access === 'public') return true;
  return MEMBER_ROLES.indexOf(role) <= MEMBER_ROLES.indexOf(access);
}

/**
 * The workspace an activity acts in, from its context: an activity that reads or writes a
 * workspace's data takes it from here, never from its input. A call without one is the platform's
 * mistake and is never retried.
 */
export function workspaceOf(context: { run?: RunContext | undefined }): string {
  const workspaceId = context.run?.workspaceId;
  if (!workspaceId) {
    throw ApplicationFailure.create({
      type: 'NoWorkspaceContext',
      nonRetryable: true,
      message: 'this activity acts in a workspace, and the platform called it without one',
    });
  }
  return workspaceId;
}

/** The name of the field no activity input, pipeline definition or run input may set: the platform decides the workspace. */
export const WORKSPACE_FIELD = 'workspaceId';

/**
 * Every path in a JSON-like value at which an object sets `workspaceId` (`''` for the top level,
 * else dotted, arrays by index), for a 422 naming each: the platform decides the workspace, and a
 * value that tries to is refused rather than silently ignored.
 */
export function workspaceFieldsIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => workspaceFieldsIn(item, at ? `${at}.${index}` : String(index)));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const path = at ? `${at}.${key}` : key;
    return key === WORKSPACE_FIELD ? [path] : workspaceFieldsIn(item, path);
  });
}
