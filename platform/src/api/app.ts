import type Koa from 'koa';
import { createKoaApp } from '../core/http/app.ts';
import { apiRouters, auditMiddleware, clientLimiter, type AppDeps } from './routes.ts';

export { apiRouters, type AppDeps } from './routes.ts';

/** The HTTP app over every feature (features/index.ts): core/http/app.ts's middleware, then their routers, then the UI. */
export function createApp(deps: AppDeps): Koa {
  return createKoaApp({
    logger: deps.logger,
    authenticator: deps.authenticator,
    routers: apiRouters(deps),
    audit: auditMiddleware(deps),
    clientLimiter: clientLimiter(deps),
    uiDir: deps.uiDir,
    trustProxy: deps.trustProxy,
  });
}
