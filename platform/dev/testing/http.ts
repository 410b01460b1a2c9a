import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import { pino } from 'pino';
import { createApp } from '../../src/api/app.ts';
import type { ProductDeps } from '../../src/api/routes.ts';
import { authentication } from '../../src/core/http/access-check.ts';
import { errorMiddleware } from '../../src/core/http/error-middleware.ts';
import { auditTrail } from '../../src/features/accounts/audit/trail.ts';
import { sessionsAndTokens } from '../../src/features/accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../../src/features/accounts/auth/sessions.ts';
import { createTemporalClient } from '../../src/core/temporal/client.ts';
import type { TestPipelineWorker } from './pipeline-worker.ts';
import { TEST_MAIL_ALLOW_HOSTS } from './mail-server.ts';
import { ownerEverywhere } from './principal.ts';

/** Serves a Koa app on a free loopback port for a test; `close` when done. */
export async function serveForTest(app: Koa): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/**
 * Serves one feature's router as the app mounts it for real callers: their sessions and API tokens
 * with their roles, JSON bodies, and the audit trail of its routes (`docs`), for route tests that
 * prove who may do what and what the trail keeps.
 */
export async function serveWithAccess(
  db: Parameters<typeof sessionsAndTokens>[0] & Parameters<typeof auditTrail>[0],
  docs: Parameters<typeof auditTrail>[1],
  router: Router,
): Promise<Awaited<ReturnType<typeof serveForTest>>> {
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(authentication(sessionsAndTokens(db, DEFAULT_SESSION_POLICY)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(auditTrail(db, docs, pino({ level: 'silent' })));
  app.use(router.routes()).use(router.allowedMethods());
  return serveForTest(app);
}

/** Serves routers the way the app does (error mapping, JSON bodies), for HTTP contract tests; every request is an owner's (see principal.ts). */
export async function serveRouters(...routers: Router[]): Promise<Awaited<ReturnType<typeof serveForTest>>> {
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(authentication(ownerEverywhere));
  app.use(bodyParser({ enableTypes: ['json'] }));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return serveForTest(app);
}

/**
 * The whole app (platform and product routes) over a test worker's database and runner, served
 * for a test, every request an owner's (see principal.ts). Its health check's Temporal client points at an address that never answers (runs go
 * through the worker's runner); `close` stops the server and that client. Mailboxes may use loopback
 * mail servers (where tests run theirs) unless `extra` says otherwise.
 */
export async function serveProductApp(
  stack: TestPipelineWorker,
  extra: Pick<ProductDeps, 'secrets' | 'publicUrl' | 'imapPollSeconds' | 'mailAllowHosts'> = {},
): Promise<Awaited<ReturnType<typeof serveForTest>>> {
  const health = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
  const served = await serveForTest(
    createApp({
      logger: pino({ level: 'silent' }),
      database: stack.database,
      temporal: health,
      plugins: stack.host,
      authenticator: ownerEverywhere,
      product: { db: stack.db, runner: stack.runner, mailAllowHosts: TEST_MAIL_ALLOW_HOSTS, ...extra },
    }),
  );
  return {
    url: served.url,
    async close() {
      await served.close();
      await health.connection.close();
    },
  };
}
