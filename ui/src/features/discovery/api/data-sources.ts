import { useQuery } from '@tanstack/react-query';
import { pluginsQueryOptions } from '../../plugins/index.ts';
import { dataSourcesOf } from '../utils/sources.ts';

/** The installed prospect sources, from GET /api/plugins (one request, shared with the Plugins screen). */
export function useDataSources() {
  return useQuery({ ...pluginsQueryOptions(), staleTime: Infinity, select: dataSourcesOf });
}
