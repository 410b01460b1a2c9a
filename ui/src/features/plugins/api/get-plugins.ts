import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiPluginsResponse } from '../../../lib/api-types.generated.ts';

/** An installed plugin's manifest, as GET /api/plugins describes it. */
export type PluginDescription = GetApiPluginsResponse[number];

/** One activity a plugin offers, with its input and output as JSON Schema. */
export type PluginActivity = PluginDescription['activities'][number];

/** Fetches every installed plugin. */
export function getPlugins(signal?: AbortSignal): Promise<GetApiPluginsResponse> {
  return apiRequest<GetApiPluginsResponse>('/api/plugins', { signal });
}

/** Query options for the installed plugins (fixed for the life of the API process). */
export function pluginsQueryOptions() {
  return queryOptions({
    queryKey: ['plugins', 'list'],
    queryFn: ({ signal }) => getPlugins(signal),
  });
}
