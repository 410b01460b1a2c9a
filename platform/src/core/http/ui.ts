import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** True for /api and everything under /api/ (not /apiary). */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Serves the built UI: its files, and index.html for every other GET outside /api, so the
 * client-side router handles deep links such as /dashboard.
 */
export function uiMiddleware(distDir: string): Middleware[] {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return [
      async (ctx, next) => {
        if (ctx.method !== 'GET' || isApiPath(ctx.path)) return next();
        ctx.status = 503;
        ctx.body = `The UI is not built (${indexFile} is missing): npm start builds it.`;
      },
    ];
  }
  const index = readFileSync(indexFile);
  return [
    serve(distDir, { index: false, maxage: 0 }),
    async (ctx, next) => {
      await next();
      if (ctx.method === 'GET' && ctx.status === 404 && ctx.body === undefined && !isApiPath(ctx.path)) {
        ctx.status = 200;
        ctx.type = 'html';
        ctx.body = index;
      }
    },
  ];
}
