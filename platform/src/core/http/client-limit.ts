import type { Context, Middleware } from 'koa';

/**
 * Counts one request of `scope` from the client `address` (as Koa reports it) in the current
 * minute, and throws a 429 (`TooManyRequestsError`, with Retry-After) past `perMinute`. The
 * product's is counted in its database (accounts/auth/login-limits.ts), so every API process sees
 * the same counts.
 */
export type ClientLimiter = (scope: string, address: string, perMinute: number, now: Date) => Promise<void>;

/** The 429's description on a route that declares `perClientPerMinute`. */
export const TOO_MANY_FROM_ADDRESS = (perMinute: number) =>
  `More than ${perMinute} requests to this route from this address (IPv4, or IPv6 /64) in a minute: Retry-After says when to try again`;

/** App middleware: makes the limiter findable by the access check of a route that declares a limit. */
export function clientLimits(limiter: ClientLimiter): Middleware {
  return async (ctx, next) => {
    ctx.state.clientLimiter = limiter;
    await next();
  };
}

/**
 * Applies a public route's declared limit to this request. A route that declares one in an app
 * mounted without a limiter is a wiring mistake, refused loudly rather than served unlimited.
 */
export async function limitClient(ctx: Context, scope: string, perMinute: number): Promise<void> {
  const limiter = ctx.state.clientLimiter as ClientLimiter | undefined;
  if (!limiter)
    throw new Error(`${scope}: declares perClientPerMinute, but the app mounts no client limiter (createKoaApp's clientLimiter)`);
  await limiter(scope, ctx.ip, perMinute, new Date());
}
