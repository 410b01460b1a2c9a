import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import { pino } from 'pino';
import { errorMiddleware } from '../http/error-middleware.ts';
import { serveForTest } from '../testing/http.ts';

/** Serves routers the way the app does (error mapping, JSON bodies), for HTTP contract tests. */
export async function serveRouters(...routers: Router[]): Promise<Awaited<ReturnType<typeof serveForTest>>> {
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(bodyParser({ enableTypes: ['json'] }));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return serveForTest(app);
}

/** JSON request helper over a served app: `?workspace=` is added when given. */
export function jsonClient(url: string, workspace?: string) {
  const at = (path: string) => `${url}${path}${workspace ? `${path.includes('?') ? '&' : '?'}workspace=${workspace}` : ''}`;
  return {
    get: (path: string) => fetch(at(path)),
    post: (path: string, body: unknown) => fetch(at(path), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    }),
  };
}
