import Router from '@koa/router';
import { NotFoundError } from '../../core/errors.ts';
import type { PluginHost } from './host.ts';
import { PluginDescriptionSchema, PluginParams } from './api-schemas.ts';
import type { RouteDoc } from '../../core/http/route-doc.ts';

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

/** The OpenAPI description of the plugin routes. */
export const pluginsRouteDocs: RouteDoc[] = [
  {
    method: 'get', path: '/api/plugins', summary: 'Every installed plugin, its config and activities as JSON Schema', tags: ['plugins'],
    responses: { 200: { description: 'The installed plugins', schema: PluginDescriptionSchema.array() } },
  },
  {
    method: 'get', path: '/api/plugins/{id}', summary: 'One installed plugin', tags: ['plugins'], params: PluginParams,
    responses: { 200: { description: 'The plugin', schema: PluginDescriptionSchema }, 404: { description: 'No such plugin is installed' } },
  },
];
