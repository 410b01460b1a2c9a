import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One activity a plugin offers, with its input and output as JSON Schema. */
export interface PluginActivity {
  name: string;
  /** `<plugin>.<activity>`, as pipeline nodes name it. */
  qualifiedName: string;
  description: string;
  /** Who may place it in a pipeline: any member (public), sales-ops or admin and above, or nobody (internal). */
  access: 'public' | 'sales-ops' | 'admin' | 'internal';
  /** Whether the signed-in user's role may place it: the palette offers only these. */
  placeable: boolean;
  input: unknown;
  output: unknown;
  timeout?: string;
  /** Called by the platform in its own process only (its input carries a secret): never a pipeline step. */
  inProcess?: true;
}

/** An installed plugin's manifest, as GET /api/plugins describes it. */
export interface PluginDescription {
  id: string;
  name: string;
  version: string;
  description: string;
  kind: string;
  ui: { icon: string; color: string; category: string; order?: number };
  /**
   * Present for plugins of kind `source`: how lists name it, its credentials (set or not, never their values), whether all are set,
   * and whether it is the sample source that answers for the others (never offered as a choice).
   */
  source?: {
    displayName: string;
    credentials: Array<{ key: string; label: string; secret: boolean; set: boolean }>;
    credentialsTest: string;
    standIn: boolean;
    configured: boolean;
  };
  /** Present for plugins of kind `channel`: how settings name it, what it sends to, and the fields of one account (a mailbox). */
  channel?: {
    displayName: string;
    address: 'email';
    credentials: Array<{ key: string; label: string; secret: boolean }>;
    credentialsTest: string;
  };
  /**
   * `schema` is the config's JSON Schema; `defaults` the config with nothing set; `values` the config in force on the server
   * (server-only fields left out); `serverOnly` the fields only the server's settings set (credentials, secrets), which a
   * pipeline step's own config may not.
   */
  config: { schema: unknown; defaults: unknown; values: Record<string, unknown>; serverOnly: string[] };
  activities: PluginActivity[];
  collections: string[];
}

/** Fetches every installed plugin. */
export function getPlugins(signal?: AbortSignal): Promise<PluginDescription[]> {
  return apiRequest<PluginDescription[]>('/api/plugins', { signal });
}

/** Query options for the installed plugins (fixed for the life of the API process). */
export function pluginsQueryOptions() {
  return queryOptions({
    queryKey: ['plugins', 'list'],
    queryFn: ({ signal }) => getPlugins(signal),
  });
}
