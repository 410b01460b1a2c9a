import { ACTIVITY_ACCESS } from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** Path parameters of GET /api/plugins/{id}. */
export const PluginParams = z.object({ id: z.string().meta({ description: 'The plugin id, e.g. `lead-scoring`' }) });

const JsonSchema = z.unknown().meta({ description: 'A JSON Schema' });

/** One installed plugin as GET /api/plugins describes it (its schemas rendered as JSON Schema). */
export const PluginDescriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  kind: z.string(),
  ui: z.object({
    icon: z.string(),
    color: z.string(),
    category: z.string(),
    order: z.number().optional().meta({ description: 'Place in lists, lowest first' }),
  }),
  source: z
    .object({
      displayName: z.string().meta({ description: 'How lists and notes name the source, e.g. "Apollo.io"' }),
      credentials: z.array(
        z.object({
          key: z.string().meta({ description: 'The config field holding it' }),
          label: z.string(),
          secret: z.boolean().meta({ description: 'A secret is never returned, only whether it is set' }),
          set: z.boolean(),
        }),
      ),
      credentialsTest: z.string().meta({ description: 'What a search with a wrong credential answers' }),
      standIn: z.boolean().meta({
        description: 'True for the sample source: it answers for every source without credentials and is not offered as a choice',
      }),
      configured: z.boolean().meta({
        description:
          'Every credential is set: discovery searches the provider; otherwise the built-in sample database answers for it (marked sample)',
      }),
    })
    .optional()
    .meta({ description: 'Present for plugins of kind source' }),
  channel: z
    .object({
      displayName: z.string().meta({ description: 'How lists and settings name the channel, e.g. "Email over SMTP"' }),
      address: z.enum(['email']).meta({ description: 'What a message goes to' }),
      credentials: z.array(
        z.object({
          key: z.string().meta({ description: "The field of an account (a mailbox's connection) holding it" }),
          label: z.string(),
          secret: z.boolean().meta({ description: 'A secret is stored sealed and never returned' }),
        }),
      ),
      credentialsTest: z.string().meta({ description: 'What Test connection answers for a wrong credential' }),
    })
    .optional()
    .meta({ description: 'Present for plugins of kind channel: the fields of one account it sends through' }),
  config: z.object({
    schema: JsonSchema,
    defaults: z.unknown().meta({ description: 'The config with nothing set' }),
    values: z.record(z.string(), z.unknown()).meta({
      description:
        "The config in force on this server (MEETFLOW_PLUGINS_CONFIG over the defaults), server-only fields left out: what a step's own config goes over",
    }),
    serverOnly: z.array(z.string()).meta({
      description:
        "Fields only the server's settings set (credentials, secrets, where a credential is sent): a pipeline step's config may not",
    }),
  }),
  activities: z.array(
    z.object({
      name: z.string(),
      qualifiedName: z.string().meta({ description: '`<plugin>.<activity>`, as pipeline nodes name it' }),
      description: z.string(),
      access: z.enum(ACTIVITY_ACCESS).meta({
        description:
          'Who may place it in a pipeline: any member (public), sales-ops or admin and above, or nobody (internal: the platform runs it itself)',
      }),
      placeable: z
        .boolean()
        .meta({ description: "Whether the caller's role in the workspace may place it in a pipeline (the studio's palette)" }),
      input: JsonSchema,
      output: JsonSchema,
      timeout: z.string().optional(),
      inProcess: z
        .literal(true)
        .optional()
        .meta({ description: 'Called by the platform in its own process only (its input carries a secret): never a pipeline step' }),
    }),
  ),
  collections: z.array(z.string()),
});
