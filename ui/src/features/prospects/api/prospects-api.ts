import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import type { ProspectFilters } from '../utils/filters.ts';
import { listQueryString } from '../utils/filters.ts';

/** A prospect as the list shows it (spec entity Prospect). */
export interface ProspectRow {
  id: number;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  company: string;
  email: string;
  score: number | null;
  industry: string | null;
  sample: boolean;
}
/** What Add Prospect sends (optional fields left out when empty). */
export type NewProspect = Record<string, string | number>;
/** POST /api/prospects/import's answer. */
export interface ImportResult {
  imported: number;
  failed: number;
  errors: Array<{ row: number; errors: Record<string, string> }>;
  prospects: number[];
}

export const prospectKeys = { all: ['prospects'] as const, page: (filters: ProspectFilters) => ['prospects', 'page', filters] as const };

/** One page of the workspace's prospects under the filters, with the total. */
export const prospectPageQueryOptions = (filters: ProspectFilters) =>
  queryOptions({
    queryKey: prospectKeys.page(filters),
    queryFn: ({ signal }) => apiPage<ProspectRow>(`/api/prospects?${listQueryString(filters)}`, { signal }),
    placeholderData: keepPreviousData, // the list stays while the next page or search loads
  });

/** Adds one prospect; the list is fetched again. */
export function useAddProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospect: NewProspect) => apiRequest<ProspectRow>('/api/prospects', { method: 'POST', body: prospect }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectKeys.all }),
  });
}

/** Imports a CSV; the list is fetched again. */
export function useImportProspects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiRequest<ImportResult>('/api/prospects/import', { method: 'POST', body: { csv } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectKeys.all }),
  });
}
