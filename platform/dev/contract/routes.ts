import { allRouteDocs } from '../../src/api/routes.ts';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';

/** `GET /api/runs/{id}`: how contract tables name a documented route. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/** The key of a documented route. */
export const routeKey = (doc: RouteDoc): RouteKey =>
  `${doc.method.toUpperCase() as Uppercase<RouteDoc['method']>} ${doc.path as `/api/${string}`}`;

/** Every documented route's key, in the order the docs list them. */
export const documentedRoutes: RouteKey[] = allRouteDocs.map(routeKey);

/** The doc of a route key (throws for one nobody documented, so a table cannot name a route that does not exist). */
export function routeDoc(key: RouteKey): RouteDoc {
  const doc = allRouteDocs.find((candidate) => routeKey(candidate) === key);
  if (!doc) throw new Error(`${key} is not a documented route`);
  return doc;
}

/** The parameter names of a documented path, e.g. `['id', 'nodeId']`. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** A documented path with its parameters filled in (URL-encoded). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${path} needs the path parameter "${name}"`);
    return encodeURIComponent(String(params[name]));
  });
}

// Literal paths first, so `/api/prospects/import` wins over `/api/prospects/{id}` and the like.
const matchers = allRouteDocs
  .map((doc) => ({ doc, pattern: new RegExp(`^${doc.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`) }))
  .sort((a, b) => pathParams(a.doc.path).length - pathParams(b.doc.path).length);

/** The documented route a request hits, or undefined when no doc describes it. */
export function matchRoute(method: string, path: string): RouteDoc | undefined {
  return matchers.find(({ doc, pattern }) => doc.method === method.toLowerCase() && pattern.test(path))?.doc;
}
