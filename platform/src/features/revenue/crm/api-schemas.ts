import { z } from 'zod';

const counts = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), failed: z.number().int() });

/** The workspace's connected CRM: never its token, only `secretSet`. */
export const CrmConnectionView = z.object({
  id: z.string().meta({ description: '16 hex characters' }),
  pluginId: z.string().meta({ description: 'The CRM plugin (kind crm) that reads and writes it' }),
  provider: z.string().meta({ description: "The plugin's display name" }),
  auth: z.enum(['fields', 'oauth']),
  fields: z.record(z.string(), z.string()).meta({ description: "The account's fields that are not secret (Pipedrive's company address)" }),
  secretSet: z.literal(true),
  lastCheck: z
    .object({ at: z.iso.datetime(), ok: z.boolean(), error: z.string().nullable() })
    .nullable()
    .meta({ description: 'The last connect or Test: whether the CRM answered, and why not' }),
  sync: z
    .object({
      running: z.boolean(),
      startedAt: z.iso.datetime().nullable(),
      at: z.iso.datetime().nullable().meta({ description: 'When the last sync ended' }),
      error: z.string().nullable().meta({ description: 'Why the last sync stopped, in plain words' }),
      counts: counts.meta({
        description: 'What the last (or running) sync wrote: records created, updated, skipped (logged before), failed',
      }),
      exclusions: z.object({ count: z.number().int(), at: z.iso.datetime().nullable() }).meta({
        description: 'Customers and open deals read from the CRM, which discovery leaves out',
      }),
      intervalMinutes: z.number().int().meta({ description: 'Minutes between two syncs when nobody presses Sync now' }),
    })
    .meta({ description: 'The durable sync' }),
  createdAt: z.iso.datetime(),
});

/** A CRM plugin the workspace can connect. */
export const CrmProviderView = z.object({
  pluginId: z.string(),
  displayName: z.string(),
  fields: z.array(z.object({ key: z.string(), label: z.string(), secret: z.boolean() })).meta({
    description: 'The fields of its connect form (empty when it connects with OAuth only)',
  }),
  connectWith: z.array(z.enum(['fields', 'oauth'])).meta({
    description:
      "fields: the form above (POST /api/crm); oauth: through the provider's sign-in (POST /api/oauth/{pluginId}/start), for a CRM with a form taking its fields that are not secret first (Pipedrive's company address and field keys) as the start's account",
  }),
  oauth: z
    .object({
      configured: z.boolean().meta({ description: "Whether this server's OAuth client for the provider is set up" }),
      missing: z.array(z.string()).meta({ description: 'The environment variables the operator sets first (when not configured)' }),
    })
    .nullable()
    .meta({ description: 'For a CRM that connects with oauth: whether its sign-in can be used on this server' }),
});

/** One object's last sync. */
export const CrmSyncLogView = z.object({
  object: z.enum(['company', 'contact', 'email', 'meeting']),
  externalId: z.string().meta({ description: "Meetflow's id of it, the key the CRM write is idempotent by" }),
  crmId: z.string().nullable().meta({ description: "The CRM's id of the record, once written" }),
  action: z.enum(['created', 'updated', 'failed']),
  error: z.string().nullable(),
  at: z.iso.datetime(),
});

/** GET /api/crm. */
export const CrmOverview = z.object({
  connection: CrmConnectionView.nullable().meta({ description: "The workspace's connected CRM (one at most)" }),
  providers: z.array(CrmProviderView),
  log: z.array(CrmSyncLogView).meta({ description: 'The sync log, newest first (the last 100 objects; one row per object)' }),
});

/** POST /api/crm. */
export const ConnectCrmBody = z.object({
  pluginId: z.string().min(1).max(100).meta({ description: 'An installed CRM plugin that connects with fields (GET /api/crm lists them)' }),
  account: z
    .record(z.string().max(100), z.string().max(2000))
    .meta({ description: "The fields of the plugin's connect form (its secret ones are stored sealed and never returned)" }),
});

/** A connection's id in the path. */
export const CrmParams = z.object({ id: z.string().regex(/^[a-f0-9]{16}$/, 'not a CRM connection id') });

/** POST /api/crm/{id}/test. */
export const CrmTestResult = z.object({ ok: z.boolean(), error: z.string().optional().meta({ description: 'Why not, in plain words' }) });

/** POST /api/crm/{id}/sync. */
export const CrmSyncRequested = z.object({
  started: z.boolean().meta({ description: 'false: a sync was running; the one asked for runs right after it' }),
});

/** DELETE /api/crm/{id}. */
export const DisconnectedCrm = z.object({
  removed: z.literal(true),
  revoked: z.boolean().meta({ description: "Whether the CRM confirmed revoking Meetflow's access (a grant given through its sign-in)" }),
  warning: z
    .string()
    .optional()
    .meta({ description: 'Access that was not revoked: why, and where the user revokes it themselves (always, for a typed token)' }),
});
