import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import { pino } from 'pino';
import { errorMiddleware } from '../http/error-middleware.ts';

/** Serves a Koa app on a free loopback port for a test; `close` when done. */
export async function serveForTest(app: Koa): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolveClose) => {
      server.closeAllConnections();
      server.close(() => resolveClose());
    }),
  };
}

/** Serves routers the way the app does (error mapping, JSON bodies), for HTTP contract tests. */
export async function serveRouters(...routers: Router[]): Promise<Awaited<ReturnType<typeof serveForTest>>> {
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(bodyParser({ enableTypes: ['json'] }));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return serveForTest(app);
}
