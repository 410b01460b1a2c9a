import type { Context, Middleware } from 'koa';
import { roleAtLeast, type Access, type Authenticator, type Principal, type RequestAccess, type Role } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { limitClient } from './client-limit.ts';
import { queryCheck } from './request-check.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery } from './workspace.ts';

export const NOT_SIGNED_IN = 'Not signed in. Sign in, or send an API token as "Authorization: Bearer <token>".';

/**
 * App middleware: makes the request's principal findable for the access check, once and only
 * when a route needs it (public routes never look a session or token up).
 */
export function authentication(authenticate: Authenticator): Middleware {
  return async (ctx, next) => {
    let found: Promise<Principal | null> | undefined;
    ctx.state.principal = () => (found ??= authenticate(ctx));
    // Not cached: a response that outlives its access check asks again (see accessStillHeld).
    ctx.state.principalNow = () => authenticate(ctx);
    await next();
  };
}

/**
 * The one access check: run before every route's handler, with the access its doc declares.
 * On a public route, its declared per-address limit comes first (429). Otherwise who is calling
 * comes first (401); then the names of the query parameters, which must be the route's declared ones, each given once (400, see request-check.ts), so the workspace is only
 * ever read from a plain `?workspace=`; then the caller's role in that workspace (404, 403), so
 * a stranger to it learns nothing from the other values; then those values (400).
 */
export function accessCheck(doc: Pick<RouteDoc, 'access' | 'method' | 'path' | 'query' | 'perClientPerMinute'>): Middleware {
  const query = queryCheck(doc);
  return async (ctx, next) => {
    if (doc.access === 'public') {
      // Counted first, so a request refused for its query counts too.
      if (doc.perClientPerMinute) await limitClient(ctx, `${doc.method.toUpperCase()} ${doc.path}`, doc.perClientPerMinute);
      query.names(ctx);
      query.values(ctx);
      return next();
    }
    const find = ctx.state.principal as (() => Promise<Principal | null>) | undefined;
    if (!find) throw new Error(`${doc.method.toUpperCase()} ${doc.path}: no authentication middleware is mounted before the routes`);
    const principal = await find();
    if (!principal) throw new UnauthorizedError(NOT_SIGNED_IN);
    query.names(ctx);
    const access: RequestAccess = { principal };
    if (doc.access !== 'signed-in') {
      const named = WorkspaceQuery.parse({ workspace: ctx.query.workspace }).workspace;
      const workspace = named ?? (await principal.defaultWorkspace());
      Object.assign(access, { workspace, role: await requireRole(principal, workspace, doc.access) });
    }
    query.values(ctx);
    ctx.state.access = access;
    const needed = doc.access;
    ctx.state.accessHeld = () => stillHeld(ctx, access, needed);
    ctx.state.route = `${doc.method.toUpperCase()} ${doc.path}`;
    return next();
  };
}

/**
 * The principal's role in a workspace when it is at least `needed`: else 404 for a workspace
 * they are not a member of (the same answer as for one that does not exist, so nothing leaks),
 * or 403 for a role below it.
 */
export async function requireRole(principal: Principal, workspace: string | null | undefined, needed: Role): Promise<Role> {
  const role = workspace ? await principal.roleIn(workspace) : null;
  if (!workspace || !role) throw new NotFoundError(workspace ? `Workspace "${workspace}" not found.` : 'You belong to no workspace yet.');
  if (!roleAtLeast(role, needed))
    throw new ForbiddenError(`Your role in this workspace, ${role}, cannot do this: it takes ${needed} or above.`);
  return role;
}

/**
 * Whether the caller would still pass this route's access check now, with the credential the
 * request brought: false once its session has ended (signed out, expired) or its API token was
 * revoked or expired, or its role in the workspace fell below the route's. For responses that
 * outlive the check at their start (an event stream), which end when it turns false.
 */
export async function accessStillHeld(ctx: Context): Promise<boolean> {
  const held = ctx.state.accessHeld as (() => Promise<boolean>) | undefined;
  if (!held) throw new Error(`${ctx.method} ${ctx.path}: the route is public, so there is no access to re-check`);
  return held();
}

async function stillHeld(ctx: Context, access: RequestAccess, needed: Exclude<Access, 'public'>): Promise<boolean> {
  let principal: Principal | null;
  try {
    principal = await (ctx.state.principalNow as () => Promise<Principal | null>)();
  } catch (error) {
    if (error instanceof UnauthorizedError) return false; // a token presented but no longer valid
    throw error;
  }
  if (principal?.id !== access.principal.id) return false;
  if (needed === 'signed-in') return true;
  const role = access.workspace ? await principal.roleIn(access.workspace) : null;
  return role !== null && roleAtLeast(role, needed);
}

/** What the access check found for this request; throws when the route has no check (a programming error, never a client's). */
export function accessOf(ctx: Context): RequestAccess {
  const access = ctx.state.access as RequestAccess | undefined;
  if (!access) throw new Error(`${ctx.method} ${ctx.path}: the route is public, so no principal was checked`);
  return access;
}
