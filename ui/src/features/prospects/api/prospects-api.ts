import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiCampaignsResponse,
  GetApiProspectsFiltersResponse,
  GetApiProspectsResponse,
  GetApiProspectsStatesResponse,
  PostApiCampaignsIdProspectsResponse,
  PostApiProspectsSequencesStopBody,
  PostApiProspectsImportResponse,
  PostApiProspectsResponse,
  PostApiProspectsSequencesStopResponse,
} from '../../../lib/api-types.generated.ts';
import type { ProspectFilters } from '../utils/filters.ts';
import { listQueryString } from '../utils/filters.ts';

/** A prospect as the list shows it (spec entity Prospect). */
export type ProspectRow = GetApiProspectsResponse[number];
/** Where a row's prospect stands: its latest run's status and its sequence. */
export type ProspectState = GetApiProspectsStatesResponse[number];
/** A campaign a selection can be added to. */
export type CampaignChoice = GetApiCampaignsResponse[number];
/** Which prospects a bulk action acts on. */
export type SelectionBody = PostApiProspectsSequencesStopBody['selection'];
/** What Add Prospect sends (optional fields left out when empty). */
export type NewProspect = Record<string, string | number>;
/** POST /api/prospects/import's answer. */
export type ImportResult = PostApiProspectsImportResponse;

export const prospectKeys = {
  all: ['prospects'] as const,
  page: (filters: ProspectFilters) => ['prospects', 'page', filters] as const,
  states: (ids: readonly number[]) => ['prospects', 'states', ids] as const,
  filterOptions: ['prospects', 'filter-options'] as const,
};

/** One page of the workspace's prospects under the filters and order, with the total. */
export const prospectPageQueryOptions = (filters: ProspectFilters) =>
  queryOptions({
    queryKey: prospectKeys.page(filters),
    queryFn: ({ signal }) => apiPage<ProspectRow>(`/api/prospects?${listQueryString(filters)}`, { signal }),
    placeholderData: keepPreviousData, // the list stays while the next page or search loads
  });

/** Where a page's prospects stand (asked apart: the sequences' states come from their workflows). */
export const prospectStatesQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: prospectKeys.states(ids),
    queryFn: ({ signal }) => apiRequest<ProspectState[]>(`/api/prospects/states?ids=${ids.join(',')}`, { signal }),
    enabled: ids.length > 0,
  });

/** What the filters offer: the industry taxonomy's labels and the workspace's sources. */
export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: prospectKeys.filterOptions,
    queryFn: ({ signal }) => apiRequest<GetApiProspectsFiltersResponse>('/api/prospects/filters', { signal }),
    staleTime: 60_000,
  });

/** The workspace's campaigns, for the campaign filter and "Add to campaign" (the key Outreach Management reads them under). */
export const campaignChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['outreach', 'campaigns'],
    queryFn: ({ signal }) => apiRequest<CampaignChoice[]>('/api/campaigns', { signal }),
  });

/** Adds one prospect; the list is fetched again. */
export function useAddProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prospect: NewProspect) => apiRequest<PostApiProspectsResponse>('/api/prospects', { method: 'POST', body: prospect }),
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

/** Stops the running sequences of a selection; the list and its states are fetched again. */
export function useStopSequences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: SelectionBody) =>
      apiRequest<PostApiProspectsSequencesStopResponse>('/api/prospects/sequences/stop', { method: 'POST', body: { selection } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectKeys.all }),
  });
}

/** Adds a selection to a campaign; the list and the campaigns are fetched again. */
export function useAddToCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, selection }: { campaignId: number; selection: SelectionBody }) =>
      apiRequest<PostApiCampaignsIdProspectsResponse>(`/api/campaigns/${campaignId}/prospects`, { method: 'POST', body: { selection } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: prospectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['outreach', 'campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
      ]);
    },
  });
}
