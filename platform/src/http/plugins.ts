import Router from '@koa/router';
import { NotFoundError } from '../errors.ts';
import type { PluginHost } from '../plugins/host.ts';

/** GET /api/plugins (every manifest, schemas as JSON Schema) and GET /api/plugins/:id. */
export function pluginsRouter(host: PluginHost): Router {
  const described = host.describe(); // manifests are fixed for the life of the process
  return new Router()
    .get('/api/plugins', (ctx) => {
      ctx.body = described;
    })
    .get('/api/plugins/:id', (ctx) => {
      const plugin = described.find((candidate) => candidate.id === ctx.params.id);
      if (!plugin) throw new NotFoundError(`No plugin "${ctx.params.id}" is installed`);
      ctx.body = plugin;
    });
}
