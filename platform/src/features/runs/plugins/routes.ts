import type { Context } from 'koa';
import { mayPlace } from '@meetflow/plugin-sdk';
import { NotFoundError } from '../../../core/errors.ts';
import type { PluginDescription, PluginHost } from './host.ts';
import { principalOf } from '../../../core/http/workspace.ts';
import { PluginDescriptionSchema, PluginParams } from './api-schemas.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';

/** A plugin as the caller sees it: each activity says whether the caller's role may place it in a pipeline. */
function forCaller(plugin: PluginDescription, ctx: Context) {
  const { role } = principalOf(ctx);
  return { ...plugin, activities: plugin.activities.map((activity) => ({ ...activity, placeable: mayPlace(role, activity.access) })) };
}

/**
 * GET /api/plugins (every manifest, schemas as JSON Schema) and GET /api/plugins/{id}; manifests are
 * fixed for the life of the process, and each activity says whether the caller may place it.
 */
export const pluginsRoutes = [
  route<PluginHost>(
    {
      method: 'get',
      path: '/api/plugins',
      access: 'viewer',
      summary: 'Every installed plugin, its config and activities as JSON Schema',
      tags: ['plugins'],
      responses: { 200: { description: 'The installed plugins', schema: PluginDescriptionSchema.array() } },
    },
    (host) => {
      const described = host.describe();
      return (ctx) => {
        ctx.body = described.map((plugin) => forCaller(plugin, ctx));
      };
    },
  ),
  route<PluginHost>(
    {
      method: 'get',
      path: '/api/plugins/{id}',
      access: 'viewer',
      summary: 'One installed plugin',
      tags: ['plugins'],
      params: PluginParams,
      responses: {
        200: { description: 'The plugin', schema: PluginDescriptionSchema },
        404: { description: 'No such plugin is installed' },
      },
    },
    (host) => {
      const described = host.describe();
      return (ctx) => {
        const plugin = described.find((candidate) => candidate.id === ctx.params.id);
        if (!plugin) throw new NotFoundError(`No plugin "${ctx.params.id}" is installed`);
        ctx.body = forCaller(plugin, ctx);
      };
    },
  ),
];

export const pluginsRouter = (host: PluginHost) => routerOf(pluginsRoutes, host);
