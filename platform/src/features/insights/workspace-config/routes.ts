import { z } from 'zod';
import {
  configEntries,
  type ConfigEntry,
  getWorkspaceConfig,
  resetWorkspaceConfig,
  setWorkspaceConfig,
  type ConfigStoreDb,
} from './workspace-config.ts';
import { ConfigBodies, ConfigEntrySchema } from './api-schemas.ts';
import { CONFIG_KEYS, type ConfigKey } from './schemas.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../../accounts/services.ts';

/** Called after a key of a workspace is saved or reset, with the value now in force (e.g. to pause the learning schedule). */
export type ConfigChanged = (workspaceId: string, entry: ConfigEntry) => Promise<void>;

const badWorkspace = { description: 'Invalid workspace slug' };

/**
 * A key's body: a field of the wrong shape is a 400 (the document states the shape), a value of
 * the right shape that breaks a rule across its fields, which the document cannot state (weights
 * summing to 1 ± 0.01, a sending window ending after it starts), a 422 naming it.
 */
function parseBody<K extends ConfigKey>(key: K, body: unknown): z.output<(typeof ConfigBodies)[K]> {
  const parsed = ConfigBodies[key].safeParse(body);
  if (parsed.success) return parsed.data as z.output<(typeof ConfigBodies)[K]>;
  if (!parsed.error.issues.every((issue) => issue.code === 'custom')) throw parsed.error;
  throw new UnprocessableError(
    `Invalid request: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ')}`,
  );
}

/** The keys whose values have rules the document cannot state (answered 422 when broken), and what they are. */
const RULES_BEYOND_SHAPE = {
  scoringWeights: 'Weights that do not sum to 1 (± 0.01)',
  sending: 'A time zone that is not an IANA one, or a sending window or gap whose end is not after its start',
} as const;

/** The 422 of a key with rules beyond its shape, none for the others. */
function rulesAnswer(key: ConfigKey): Record<number, { description: string }> {
  const rules: Partial<Record<ConfigKey, string>> = RULES_BEYOND_SHAPE;
  const description = rules[key];
  return description ? { 422: { description } } : {};
}

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
  // Each key its own path, so each PUT documents exactly the body it validates with: one PUT /api/config/{key}
  // could only document the union of every key's value, most of which its key refuses (issue #18).
  ...CONFIG_KEYS.flatMap((key) => [
    route<ConfigDeps>(
      {
        method: 'get',
        path: `/api/config/${key}`,
        access: 'viewer',
        summary: `The ${key} entry in force (its default when nothing is saved)`,
        tags: ['config'],
        query: WorkspaceQuery,
        responses: { 200: { description: 'The entry', schema: ConfigEntrySchema }, 400: badWorkspace },
      },
      ({ db }) =>
        async (ctx) => {
          ctx.body = { configKey: key, configValue: (await getWorkspaceConfig(db, workspaceOf(ctx)))[key] };
        },
    ),
    route<ConfigDeps>(
      {
        method: 'put',
        path: `/api/config/${key}`,
        access: 'admin',
        summary: `Saves the ${key} value${key === 'scoringWeights' ? ' (weights are fractions summing to 1 ± 0.01, not 0–100)' : ''}`,
        tags: ['config'],
        query: WorkspaceQuery,
        body: ConfigBodies[key],
        responses: {
          200: { description: 'The saved entry', schema: ConfigEntrySchema },
          400: { description: 'A bad field, named' },
          ...rulesAnswer(key),
        },
      },
      ({ db, changed }) =>
        async (ctx) => {
          const workspaceId = workspaceOf(ctx);
          const { configValue } = parseBody(key, ctx.request.body ?? {});
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
        path: `/api/config/${key}`,
        access: 'admin',
        summary: `Resets ${key} to its spec default`,
        tags: ['config'],
        query: WorkspaceQuery,
        responses: { 200: { description: 'The entry, back at its default', schema: ConfigEntrySchema }, 400: badWorkspace },
      },
      ({ db, changed }) =>
        async (ctx) => {
          const workspaceId = workspaceOf(ctx);
          const before = (await getWorkspaceConfig(db, workspaceId))[key];
          const entry = await resetWorkspaceConfig(db, workspaceId, key);
          auditChange(ctx, { before, after: entry.configValue });
          await changed(workspaceId, entry);
          ctx.body = entry;
        },
    ),
  ]),
];

export const configRouter = (db: ConfigStoreDb, changed: ConfigChanged = async () => {}) => routerOf(configRoutes, { db, changed });
