import { z } from 'zod';
import {
  configEntries,
  configKeyOf,
  type ConfigEntry,
  getWorkspaceConfig,
  resetWorkspaceConfig,
  setWorkspaceConfig,
  type ConfigStoreDb,
} from './workspace-config.ts';
import { ConfigBodies, ConfigBody, ConfigEntrySchema, ConfigKeyParams } from './api-schemas.ts';
import { route, routerOf } from '../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../core/http/workspace.ts';
import { auditChange } from '../audit/trail.ts';

/** Called after a key of a workspace is saved or reset, with the value now in force (e.g. to pause the learning schedule). */
export type ConfigChanged = (workspaceId: string, entry: ConfigEntry) => Promise<void>;

const notFound = { description: 'Unknown config key (the message names it and the known keys)' };
const badWorkspace = { description: 'Invalid workspace slug' };

/** What /api/config is built over: the store, and what to do when a value changes (e.g. reschedule learning). */
interface ConfigDeps {
  db: ConfigStoreDb;
  changed: ConfigChanged;
}

/**
 * /api/config: the workspace's learned settings (scoring weights, template rates, cadence) and
 * learning switches, with spec defaults.
 */
export const configRoutes = [
  route<ConfigDeps>(
    {
      method: 'get',
      path: '/api/config',
      access: 'viewer',
      summary: 'Every config entry in force (spec defaults where nothing is saved)',
      tags: ['config'],
      query: WorkspaceQuery,
      responses: { 200: { description: 'One entry per known key', schema: z.array(ConfigEntrySchema) }, 400: badWorkspace },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = configEntries(await getWorkspaceConfig(db, workspaceOf(ctx)));
      },
  ),
  route<ConfigDeps>(
    {
      method: 'get',
      path: '/api/config/{key}',
      access: 'viewer',
      summary: 'One config entry in force (its default when nothing is saved)',
      tags: ['config'],
      params: ConfigKeyParams,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The entry', schema: ConfigEntrySchema }, 400: badWorkspace, 404: notFound },
    },
    ({ db }) =>
      async (ctx) => {
        const key = configKeyOf(ConfigKeyParams.parse(ctx.params).key);
        ctx.body = { configKey: key, configValue: (await getWorkspaceConfig(db, workspaceOf(ctx)))[key] };
      },
  ),
  route<ConfigDeps>(
    {
      method: 'put',
      path: '/api/config/{key}',
      access: 'admin',
      summary: 'Saves one value (weights are fractions summing to 1 ± 0.01, not 0–100)',
      tags: ['config'],
      params: ConfigKeyParams,
      query: WorkspaceQuery,
      body: ConfigBody,
      responses: {
        200: { description: 'The saved entry', schema: ConfigEntrySchema },
        400: { description: 'A bad field, named' },
        404: notFound,
      },
    },
    ({ db, changed }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const key = configKeyOf(ConfigKeyParams.parse(ctx.params).key);
        const { configValue } = ConfigBodies[key].parse(ctx.request.body ?? {});
        const before = (await getWorkspaceConfig(db, workspaceId))[key];
        const entry = await setWorkspaceConfig(db, workspaceId, key, configValue);
        auditChange(ctx, { before, after: entry.configValue });
        await changed(workspaceId, entry);
        ctx.body = entry;
      },
  ),
  route<ConfigDeps>(
    {
      method: 'delete',
      path: '/api/config/{key}',
      access: 'admin',
      summary: 'Resets one key to its spec default',
      tags: ['config'],
      params: ConfigKeyParams,
      query: WorkspaceQuery,
      responses: { 200: { description: 'The entry, back at its default', schema: ConfigEntrySchema }, 400: badWorkspace, 404: notFound },
    },
    ({ db, changed }) =>
      async (ctx) => {
        const workspaceId = workspaceOf(ctx);
        const key = configKeyOf(ConfigKeyParams.parse(ctx.params).key);
        const before = (await getWorkspaceConfig(db, workspaceId))[key];
        const entry = await resetWorkspaceConfig(db, workspaceId, key);
        auditChange(ctx, { before, after: entry.configValue });
        await changed(workspaceId, entry);
        ctx.body = entry;
      },
  ),
];

export const configRouter = (db: ConfigStoreDb, changed: ConfigChanged = async () => {}) => routerOf(configRoutes, { db, changed });
