import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { isApiPath } from './ui.ts';

/** A method the path does not take: 405, with the methods it does take (sent as `Allow` by the error middleware). */
export class MethodNotAllowedError extends Error {
  override name = 'MethodNotAllowedError';
  readonly status = 405;
  /** Its message may be shown to the client as it is (see toHttpError). */
  readonly expose = true;
  constructor(
    message: string,
    readonly allow: readonly string[],
  ) {
    super(message);
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const rank = (method: string) => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

/**
 * App middleware, before anything reads the request: a request to an /api path some route
 * serves, with a method none of them takes (TRACE and any other method included), is a 405
 * naming the methods the path takes in `Allow`; OPTIONS answers 204 with `Allow` (there is no
 * CORS: the UI is served from the API's own origin). Paths no route serves fall through, to the
 * 404 of the error middleware.
 *
 * As OpenAPI matches paths, a literal path wins over a templated one: /api/prospects/import is
 * the import's path (POST), not a prospect's (`/api/prospects/{id}`), so a GET of it is a 405.
 */
export function methodCheck(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) return next();
    const layers = routers.flatMap((router) => router.match(ctx.path, ctx.method).path).filter((layer) => layer.methods.length > 0);
    const literal = layers.filter((layer) => layer.paramNames.length === 0);
    const methods = new Set((literal.length > 0 ? literal : layers).flatMap((layer) => layer.methods));
    if (methods.size === 0 || methods.has(ctx.method)) return next();
    const allow = [...methods.add('OPTIONS')].sort((a, b) => rank(a) - rank(b));
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', allow.join(', '));
      return;
    }
    throw new MethodNotAllowedError(`Method not allowed: ${ctx.method} ${ctx.path} (it takes ${allow.join(', ')})`, allow);
  };
}
