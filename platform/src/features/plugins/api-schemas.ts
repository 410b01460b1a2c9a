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
  ui: z.object({ icon: z.string(), color: z.string(), category: z.string() }),
  config: z.object({ schema: JsonSchema, defaults: z.unknown() }),
  activities: z.array(z.object({
    name: z.string(),
    qualifiedName: z.string().meta({ description: '`<plugin>.<activity>`, as pipeline nodes name it' }),
    description: z.string(),
    input: JsonSchema,
    output: JsonSchema,
    timeout: z.string().optional(),
  })),
  collections: z.array(z.string()),
});
