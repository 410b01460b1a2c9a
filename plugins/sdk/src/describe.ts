import { z } from 'zod';
import type { AnyPlugin, ChannelDefinition, SourceDefinition } from './manifest.ts';
import type { ActivityAccess } from './run-context.ts';
import { serverOnlyFields } from './step-config.ts';

/** A manifest as JSON, with schemas as JSON Schema: what GET /api/plugins answers. */
export interface ManifestDescription {
  id: string;
  name: string;
  version: string;
  description: string;
  kind: string;
  ui: { icon: string; color: string; category: string; order?: number };
  /** A source's display name, credentials (which are secret) and how they are tested; absent for other kinds. */
  source?: SourceDefinition;
  /** A channel's display name, what it sends to and the fields of one account; absent for other kinds. */
  channel?: ChannelDefinition;
  /**
   * The config's JSON Schema, its values with nothing set, and the fields only the server's
   * settings set (credentials, secrets): a pipeline step's `config` may set the others.
   */
  config: { schema: unknown; defaults: unknown; serverOnly: string[] };
  activities: Array<{
    name: string;
    qualifiedName: string;
    description: string;
    /** Who may place it in a pipeline (see ActivityAccess). */
    access: ActivityAccess;
    input: unknown;
    output: unknown;
    timeout?: string;
    /** Called by the platform in its own process only: never a pipeline step. */
    inProcess?: true;
  }>;
  collections: string[];
}

// Dates and other non-JSON types become unrepresentable rather than failing the whole listing.
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** Describes a plugin for the UI and the API documentation. */
export function describePlugin(plugin: AnyPlugin): ManifestDescription {
  const m = plugin.manifest;
  return {
    id: m.id,
    name: m.name,
    version: m.version,
    description: m.description,
    kind: m.kind,
    ui: m.ui,
    ...(m.source ? { source: m.source } : {}),
    ...(m.channel ? { channel: m.channel } : {}),
    config: { schema: jsonSchema(m.config, 'input'), defaults: m.config.parse({}), serverOnly: [...serverOnlyFields(m).keys()] },
    activities: Object.entries(m.activities).map(([name, definition]) => ({
      name,
      qualifiedName: `${m.id}.${name}`,
      description: definition.description,
      access: definition.access,
      input: jsonSchema(definition.input, 'input'),
      output: jsonSchema(definition.output, 'output'),
      ...(definition.timeout ? { timeout: definition.timeout } : {}),
      ...(definition.inProcess ? { inProcess: true as const } : {}),
    })),
    collections: Object.keys(m.collections ?? {}),
  };
}
