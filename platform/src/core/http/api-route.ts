import Router, { type RouterMiddleware } from '@koa/router';
import { accessCheck } from './access-check.ts';
import { TOO_MANY_FROM_ADDRESS } from './client-limit.ts';
import { bodyTypeCheck } from './request-check.ts';
import type { RouteDoc } from './route-doc.ts';

/** What a route's handler is: a Koa middleware of the app's router. */
export type RouteHandler = RouterMiddleware;

/**
 * A route declared once: its OpenAPI description (method, path, schemas, answers) and its
 * handler, built over the feature's dependencies. The router serves it at the path its doc
 * states, so the path is never written twice and the document cannot list a route the app does
 * not serve, or miss one it does.
 */
export interface ApiRoute<Deps> {
  doc: RouteDoc;
  handler(deps: Deps): RouteHandler;
}

/** The answers the access check gives, documented on every route it guards (a route's own description of a status wins). */
function accessResponses({ access, perClientPerMinute }: Pick<RouteDoc, 'access' | 'perClientPerMinute'>): RouteDoc['responses'] {
  if (access === 'public') return perClientPerMinute ? { 429: { description: TOO_MANY_FROM_ADDRESS(perClientPerMinute) } } : {};
  const unauthorized = { 401: { description: 'Not signed in (no session cookie or API token), or the API token is not valid' } };
  if (access === 'signed-in') return unauthorized;
  return {
    ...unauthorized,
    403: { description: `The caller's role in the workspace is below ${access}` },
    404: { description: 'The workspace does not exist or the caller is not a member of it (the same answer, so nothing leaks)' },
  };
}

/** True when a route's answer with this status is the access check's (described by it, not by the route itself). */
export function isAccessAnswer(doc: RouteDoc, status: number): boolean {
  const answer = accessResponses(doc)[status];
  return answer !== undefined && doc.responses[status]?.description === answer.description;
}

/** The 400 every route may answer (request-check.ts), unless its doc describes its 400 itself. */
const REQUEST_REFUSED =
  'Invalid request, each problem named: a query parameter unknown, given twice, bracketed or of a bad value, or a body not sent as JSON';

/** Declares a route: its description (with the access check's answers and the request checks' 400 added) and, given the feature's dependencies, its handler. */
export function route<Deps>(doc: RouteDoc, handler: (deps: Deps) => RouteHandler): ApiRoute<Deps> {
  const responses = { 400: { description: REQUEST_REFUSED }, ...accessResponses(doc), ...doc.responses };
  return { doc: { ...doc, responses }, handler };
}

/** The Koa path of an OpenAPI path: `/api/runs/{id}` → `/api/runs/:id`. */
export const koaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A router serving the routes over the feature's dependencies, each at its documented path, in
 * order, behind the one access check with the access its doc declares (which applies the
 * declared query strictly), and, for a route taking a body, the check that it came as JSON.
 */
export function routerOf<Deps>(routes: ReadonlyArray<ApiRoute<Deps>>, deps: Deps): Router {
  const router = new Router();
  for (const { doc, handler } of routes) {
    const bodyType = bodyTypeCheck(doc);
    const checks: RouteHandler[] = [accessCheck(doc)];
    if (bodyType)
      checks.push((ctx, next) => {
        bodyType(ctx);
        return next();
      });
    router[doc.method](koaPath(doc.path), ...checks, handler(deps));
  }
  return router;
}

/** The OpenAPI descriptions of the routes. */
export const docsOf = (routes: ReadonlyArray<ApiRoute<never>>): RouteDoc[] => routes.map((declared) => declared.doc);
