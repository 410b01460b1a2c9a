import Router from '@koa/router';
import { z } from 'zod';
import { configEntries, configKeyOf, type ConfigEntry, getWorkspaceConfig, resetWorkspaceConfig, setWorkspaceConfig,
  type ConfigStoreDb } from './workspace-config.ts';
import { ConfigBodies, ConfigBody, ConfigEntrySchema, ConfigKeyParams } from './api-schemas.ts';
import type { RouteDoc } from '../../core/http/route-doc.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';

/** Called after a key of a workspace is saved or reset, with the value now in force (e.g. to pause the learning schedule). */
export type ConfigChanged = (workspaceId: string, entry: ConfigEntry) => Promise<void>;

/**
 * /api/config: the workspace's learned settings (scoring weights, template rates, cadence) and
 * learning switches, with spec defaults.
 */
export function configRouter(db: ConfigStoreDb, changed: ConfigChanged = async () => {}): Router {
  return new Router({ prefix: '/api/config' })
    .get('/', async (ctx) => {
      ctx.body = configEntries(await getWorkspaceConfig(db, workspaceOf(ctx)));
    })
    .put('/:key', async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const key = configKeyOf(ConfigKeyParams.parse(ctx.params).key);
      const { configValue } = ConfigBodies[key].parse(ctx.request.body ?? {});
      const entry = await setWorkspaceConfig(db, workspaceId, key, configValue);
      await changed(workspaceId, entry);
      ctx.body = entry;
    })
    .delete('/:key', async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const entry = await resetWorkspaceConfig(db, workspaceId, configKeyOf(ConfigKeyParams.parse(ctx.params).key));
      await changed(workspaceId, entry);
      ctx.body = entry;
    });
}

const notFound = { description: 'Unknown config key (the message names it and the known keys)' };
const badWorkspace = { description: 'Invalid workspace slug' };

/** The OpenAPI description of /api/config. */
export const configRouteDocs: RouteDoc[] = [
  { method: 'get', path: '/api/config', summary: 'The three config entries in force (spec defaults where nothing is saved)', tags: ['config'], query: WorkspaceQuery,
    responses: { 200: { description: 'One entry per known key', schema: z.array(ConfigEntrySchema) }, 400: badWorkspace } },
  { method: 'put', path: '/api/config/{key}', summary: 'Saves one value (weights are fractions summing to 1 ± 0.01, not 0–100)', tags: ['config'],
    params: ConfigKeyParams, query: WorkspaceQuery, body: ConfigBody,
    responses: { 200: { description: 'The saved entry', schema: ConfigEntrySchema }, 400: { description: 'A bad field, named' }, 404: notFound } },
  { method: 'delete', path: '/api/config/{key}', summary: 'Resets one key to its spec default', tags: ['config'], params: ConfigKeyParams,
    query: WorkspaceQuery, responses: { 200: { description: 'The entry, back at its default', schema: ConfigEntrySchema }, 400: badWorkspace, 404: notFound } },
];
