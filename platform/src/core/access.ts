import type { Context } from 'koa';

/** What a member may do in a workspace, strongest first: each role may do everything the roles after it may. */
export const ROLES = ['owner', 'admin', 'sales-ops', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route, declared with the route (`RouteDoc.access`): anyone (`public`); anyone
 * signed in, in no particular workspace (`signed-in`); or a member of the request's workspace
 * whose role is at least the one named.
 */
export type Access = 'public' | 'signed-in' | Role;

/** True when `role` may do what `needed` may. */
export const roleAtLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) <= ROLES.indexOf(needed);

/** Who is making a request: a signed-in user (session cookie) or an API token. */
export interface Principal {
  /** For logs and the audit trail: `user:<id>` or `token:<id>`. */
  readonly id: string;
  /** A signed-in user (session cookie) or an API token. */
  readonly kind: 'user' | 'token';
  /** The user behind the request (for a token: the user who created it, when known). */
  readonly userId: string | null;
  /** The principal's role in a workspace; null when it is not a member (the workspace is then "not found"). */
  roleIn(workspace: string): Promise<Role | null>;
  /** The workspace a request acts in when it names none: the user's first, or the token's own. */
  defaultWorkspace(): Promise<string | null>;
  /** Who, as a person reads it (the audit trail): the user's email, or `API token "<name>"`. */
  describe(): Promise<string>;
}

/** Finds who makes a request (null when anonymous); throws UnauthorizedError for a credential that is presented but not valid. */
export type Authenticator = (ctx: Context) => Promise<Principal | null>;

/** What the access check leaves on `ctx.state` for the handler. */
export interface RequestAccess {
  principal: Principal;
  /** The workspace the request acts in (absent on `signed-in` routes). */
  workspace?: string;
  role?: Role;
}
