import { bodyParser } from '@koa/bodyparser';
import Koa, { type Context } from 'koa';
import { InputError } from '../errors.ts';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Authenticator } from '../access.ts';
import type { Logger } from '../logger.ts';
import { authentication } from './access-check.ts';
import { clientLimits, type ClientLimiter } from './client-limit.ts';
import { errorMiddleware } from './error-middleware.ts';
import { methodCheck } from './method-check.ts';
import { sameOriginOnly } from './same-origin.ts';
import { securityHeaders } from './security-headers.ts';
import { uiMiddleware } from './ui.ts';

/** What the Koa app is built from: the routers (each feature's, built by platform/src/api), who calls, and the rest. */
export interface KoaAppParts {
  logger: Logger;
  authenticator: Authenticator;
  routers: Router[];
  /** The audit trail of state-changing calls, when the product has one. */
  audit: Middleware | null;
  /** What counts public routes' requests per client address (`perClientPerMinute`); needed when a route declares a limit. */
  clientLimiter?: ClientLimiter;
  /** Folder of the built UI (ui/dist); leave out for an API-only app. */
  uiDir?: string;
  /** Behind one reverse proxy: take the client's address from the last X-Forwarded-For entry (the one the proxy set), the scheme from X-Forwarded-Proto. */
  trustProxy?: boolean;
}

/** The body parser's refusal of a key that would set an object's prototype (`__proto__`, `constructor.prototype`). */
const PROTOTYPE_KEY = /forbidden prototype property/i;

/** Drops the keys that could set an object's prototype, as JSON.parse revives a body (bottom-up). */
const withoutPrototypeKeys = (key: string, value: unknown) =>
  key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype'))
    ? undefined
    : value;

/**
 * A body that cannot be read is the client's mistake: 413 when too large, else a 400 saying why.
 * Valid JSON with a key that could set a prototype is read without that key, as any key a route
 * does not take is never read (the parser refuses it whole, which would make a schema-valid
 * request a 400).
 */
function rejectBody(error: Error & { status?: number; expose?: boolean; body?: unknown }, ctx: Context): void {
  if (PROTOTYPE_KEY.test(error.message) && typeof error.body === 'string') {
    ctx.request.body = JSON.parse(error.body, withoutPrototypeKeys) as unknown;
    ctx.request.rawBody = error.body;
    return;
  }
  if (error.expose && error.status && error.status !== 400) throw error;
  throw new InputError(`The request body is not valid JSON: ${error.message}`);
}

/**
 * Builds the Koa app: the browser hardening headers and error mapping first, the refusal of a
 * method an /api path does not take (405 with Allow), the same-origin check of state-changing
 * calls and who is calling, then the API routes (each behind its access check, which applies
 * its declared query strictly), then the UI.
 */
export function createKoaApp(deps: KoaAppParts): Koa {
  const app = new Koa();
  app.silent = true; // errors are logged once, by the error middleware
  if (deps.trustProxy === true) {
    // Exactly one proxy (compose's nginx) stands in front and sets X-Forwarded-For to the address
    // it was reached from: only that last entry is trusted, never one a client wrote before it.
    app.proxy = true;
    app.maxIpsCount = 1;
  }
  const { routers, audit } = deps;
  app.use(securityHeaders());
  app.use(errorMiddleware(deps.logger));
  app.use(methodCheck(routers));
  app.use(sameOriginOnly());
  app.use(authentication(deps.authenticator));
  if (deps.clientLimiter) app.use(clientLimits(deps.clientLimiter));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', onError: rejectBody }));
  if (audit) app.use(audit);
  for (const router of routers) app.use(router.routes());
  for (const middleware of deps.uiDir ? uiMiddleware(deps.uiDir) : []) app.use(middleware);
  return app;
}
