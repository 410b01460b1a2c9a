// The API: every feature's routers, in the order features/index.ts lists them, each built over
// what it declares. The OpenAPI document describes exactly these (a test compares the two).
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { docsOf } from '../core/http/api-route.ts';
import { openapiRouter, openapiRoutes } from '../core/http/openapi.ts';
import type { RouteDoc } from '../core/http/route-doc.ts';
import { productContextOf, withoutModels, type AppDeps, type PlatformContext } from '../features/context.ts';
import { FEATURES } from '../features/index.ts';
import { auditTrail } from '../features/accounts/audit/trail.ts';
import { publicRouteLimiter } from '../features/accounts/auth/login-limits.ts';
import type { ClientLimiter } from '../core/http/client-limit.ts';

export type { AppDeps, ProductDeps } from '../features/context.ts';

/** Every route the API serves, described for GET /api/openapi.json. */
export const allRouteDocs: RouteDoc[] = [
  ...FEATURES.flatMap((feature) =>
    [...(feature.platformRoutes ?? []), ...(feature.routes ?? [])].flatMap((router) => docsOf(router.routes)),
  ),
  ...docsOf(openapiRoutes),
];

/** The audit trail of the product's state-changing calls (none for the bare platform, which has no product models). */
export function auditMiddleware(deps: AppDeps): Middleware | null {
  return deps.product?.db ? auditTrail(deps.product.db, allRouteDocs, deps.logger) : null;
}

/**
 * What counts the public routes' requests per client address (their `perClientPerMinute`), in the
 * product's database beside the sign-in limits; none for the bare platform, which serves no such route.
 */
export function clientLimiter(deps: AppDeps): ClientLimiter | undefined {
  return deps.product?.db ? publicRouteLimiter(deps.product.db) : undefined;
}

/** Every API router the app mounts, in order: each feature's (the product's only when it has its models and runner), then the document. */
export function apiRouters(deps: AppDeps): Router[] {
  const { product, ...app } = deps;
  // Platform routers see the product's dependencies without its models.
  const platform: PlatformContext = product ? { ...app, product: withoutModels(product) } : app;
  const routers = FEATURES.flatMap((feature) => {
    // Each feature is given only the collections it declares it uses.
    const context = product && productContextOf({ ...app, product }, feature.uses);
    return [
      ...(feature.platformRoutes ?? []).map((router) => router.build(platform)),
      ...(context ? (feature.routes ?? []).map((router) => router.build(context)) : []),
    ];
  });
  return [...routers, openapiRouter(allRouteDocs)];
}
