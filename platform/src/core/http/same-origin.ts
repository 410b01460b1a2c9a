import type { Middleware } from 'koa';
import { ForbiddenError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN = 'Cross-origin request refused: state-changing calls must come from the app itself.';

/**
 * CSRF protection for cookie-authenticated browsers: a state-changing /api request is refused
 * (403) when the browser says it comes from another site. Browsers send `Sec-Fetch-Site` (current
 * ones) or at least `Origin` on such requests; a request with neither is not a browser's (a
 * script, curl), which carries no ambient cookie of a victim. This is the check of Go's
 * net/http CrossOriginProtection, without its bypass list.
 */
export function sameOriginOnly(): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    const site = ctx.get('sec-fetch-site');
    if (site) {
      if (site !== 'same-origin' && site !== 'none') throw new ForbiddenError(CROSS_ORIGIN);
      return next();
    }
    // The app's own origin as the request reached it (ctx.origin is not used: Koa 3 answers the Origin header there).
    const origin = ctx.get('origin');
    if (origin && origin !== `${ctx.protocol}://${ctx.host}`) throw new ForbiddenError(CROSS_ORIGIN);
    return next();
  };
}
