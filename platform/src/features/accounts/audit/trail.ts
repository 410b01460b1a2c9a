import type { Context, Middleware } from 'koa';
import type { Principal, RequestAccess } from '../../../core/access.ts';
import type { Logger } from '../../../core/logger.ts';
import type { RouteDoc } from '../../../core/http/route-doc.ts';
import type { auditModels } from './model.ts';

/** The audit trail's collection. */
export type TrailDb = ReturnType<typeof auditModels>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SECRET_KEY = /password|token|secret|api.?key/i;
const REDACTED = '[redacted]';
// A body larger than this (a CSV import) is not copied into the trail: the call and its result are.
const MAX_REQUEST_CHARS = 4_000;
const RESULT_KEYS = ['id', 'runId', 'batchId', 'campaignId', 'slug', 'sliceId', 'prospectId'];

/** A copy of a JSON value with every secret-looking field's value replaced. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(item)]));
  return value;
}

/** Lets a handler say what its change was, for the audit trail: the value before and after. */
export function auditChange(ctx: Context, change: { before: unknown; after: unknown }): void {
  ctx.state.auditChange = change;
}

function requestOf(ctx: Context): unknown {
  const body = ctx.request.body as unknown;
  if (body === undefined || body === null || typeof body !== 'object') return null;
  const copied = redact(body);
  return JSON.stringify(copied).length > MAX_REQUEST_CHARS ? { omitted: 'too large to keep' } : copied;
}

function resultOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const picked = RESULT_KEYS.filter((key) => key in body).map((key) => [key, (body as Record<string, unknown>)[key]]);
  return Object.fromEntries(picked.filter(([, value]) => typeof value === 'string' || typeof value === 'number'));
}

/**
 * App middleware: after every state-changing call that succeeded and went through the access
 * check, records who made it in which workspace, with its target, its (redacted) request, the ids
 * its answer named, and the before/after a handler gave with {@link auditChange}. A failed write
 * of the trail is logged, not turned into a failed call: the change itself has happened.
 */
export function auditTrail(db: TrailDb, docs: readonly RouteDoc[], logger: Logger): Middleware {
  const summaries = new Map(docs.map((doc) => [`${doc.method.toUpperCase()} ${doc.path}`, doc.summary]));
  return async (ctx, next) => {
    await next();
    if (SAFE_METHODS.has(ctx.method) || ctx.status >= 400) return;
    const access = ctx.state.access as RequestAccess | undefined;
    const action = ctx.state.route as string | undefined;
    if (!access || !action) return;
    const result = resultOf(ctx.body);
    const workspaceId = access.workspace ?? (result.slug as string | undefined);
    if (!workspaceId) return;
    const change = ctx.state.auditChange as { before: unknown; after: unknown } | undefined;
    await recordAudit(db, logger, {
      workspaceId,
      principal: access.principal,
      action,
      summary: summaries.get(action) ?? action,
      target: { ...(ctx.params as Record<string, string>) },
      request: requestOf(ctx),
      result,
      change: change ?? null,
    });
  };
}

/**
 * Records one change in a workspace's audit trail, made by `principal`: what the middleware writes
 * after a state-changing call, and what a change made outside one (an OAuth callback, a GET the
 * provider sends the browser to) writes itself. A failed write is logged, not thrown: the change
 * itself has happened.
 */
export async function recordAudit(
  db: TrailDb,
  logger: Pick<Logger, 'error'>,
  entry: {
    workspaceId: string;
    principal: Pick<Principal, 'id' | 'describe'>;
    action: string;
    summary: string;
    target: Record<string, string>;
    request: unknown;
    result: Record<string, unknown>;
    change: { before: unknown; after: unknown } | null;
  },
): Promise<void> {
  const { workspaceId, principal, change, ...call } = entry;
  try {
    await db.auditEntries.create({
      workspaceId,
      at: new Date(),
      actor: principal.id,
      actorName: await principal.describe(),
      ...call,
      before: change ? redact(change.before) : null,
      after: change ? redact(change.after) : null,
    });
  } catch (error) {
    logger.error({ err: error, action: call.action, workspaceId }, 'could not write the audit trail');
  }
}
