import Router, { type RouterMiddleware } from '@koa/router';
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

/** Declares a route: its description and, given the feature's dependencies, its handler. */
export function route<Deps>(doc: RouteDoc, handler: (deps: Deps) => RouteHandler): ApiRoute<Deps> {
  return { doc, handler };
}

/** The Koa path of an OpenAPI path: `/api/runs/{id}` → `/api/runs/:id`. */
export const koaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A router serving the routes over the feature's dependencies, each at its documented path, in order. */
export function routerOf<Deps>(routes: ReadonlyArray<ApiRoute<Deps>>, deps: Deps): Router {
  const router = new Router();
  for (const { doc, handler } of routes) router[doc.method](koaPath(doc.path), handler(deps));
  return router;
}

/** The OpenAPI descriptions of the routes. */
export const docsOf = (routes: ReadonlyArray<ApiRoute<never>>): RouteDoc[] => routes.map((declared) => declared.doc);
