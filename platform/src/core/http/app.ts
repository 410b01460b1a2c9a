import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { InputError } from '../errors.ts';
import { apiRouters, auditMiddleware, type AppDeps } from './api.ts';
import { authentication } from './access-check.ts';
import { errorMiddleware } from './error-middleware.ts';
import { methodCheck } from './method-check.ts';
import { sameOriginOnly } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { PROTOTYPE_KEY, storableBody } from './storable-body.ts';
import { uiMiddleware } from './ui.ts';
import { UnprocessableError } from './unprocessable.ts';

export { apiRouters, type AppDeps } from './api.ts';

/** A body that cannot be read is the client's mistake: 413 when too large, 422 for a prototype key, else a 400 saying why. */
function rejectBody(error: Error & { status?: number; expose?: boolean }): never {
  if (error.expose && error.status && error.status !== 400) throw error;
  // Valid JSON, refused for what it would do to the objects it is read into: content, not syntax.
  if (PROTOTYPE_KEY.test(error.message)) {
    throw new UnprocessableError(
      'The request body cannot be taken: a key named __proto__ (or constructor holding prototype) is never read',
    );
  }
  throw new InputError(`The request body is not valid JSON: ${error.message}`);
}

/**
 * Builds the Koa app: the browser hardening headers and error mapping first, the refusal of a
 * method an /api path does not take (405 with Allow), the same-origin check of state-changing
 * calls and who is calling, then the API routes (each behind its access check, which applies
 * its declared query strictly), then the UI.
 */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.silent = true; // errors are logged once, by the error middleware
  app.proxy = deps.trustProxy === true;
  const routers = apiRouters(deps);
  app.use(securityHeaders());
  app.use(errorMiddleware(deps.logger));
  app.use(methodCheck(routers));
  app.use(sameOriginOnly());
  app.use(authentication(deps.authenticator));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', onError: rejectBody }));
  app.use(storableBody());
  const audit = auditMiddleware(deps);
  if (audit) app.use(audit);
  for (const router of routers) app.use(router.routes());
  for (const middleware of deps.uiDir ? uiMiddleware(deps.uiDir) : []) app.use(middleware);
  return app;
}
