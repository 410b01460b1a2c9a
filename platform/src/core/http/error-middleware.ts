import type { Middleware } from 'koa';
import { NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { toHttpError } from './http-error.ts';
import { MethodNotAllowedError } from './method-check.ts';

/**
 * The one place errors become HTTP responses. The body is plain text by default, because
 * the UI shows `STATUS: body`; clients that ask for JSON get `{ error, fields }`.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new NotFoundError(`Not found: ${ctx.method} ${ctx.path}`);
    } catch (error) {
      const http = toHttpError(error);
      // A 503 the platform chose (a dependency down, a provider this server is not configured for) says so in its
      // answer and is the operator's to act on, not a fault of the request: a warning, without the stack.
      if (error instanceof ServiceUnavailableError)
        logger.warn({ method: ctx.method, path: ctx.path, reason: error.message }, 'request answered 503');
      else if (http.status >= 500) logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = http.status;
      if (error instanceof TooManyRequestsError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      if (http.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(http.retryAfterSeconds));
      if (error instanceof MethodNotAllowedError) ctx.set('Allow', error.allow.join(', '));
      if (ctx.accepts('text', 'json') === 'json') ctx.body = { error: http.message, fields: http.fields };
      else ctx.body = http.message;
    }
  };
}
