import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiCampaignsResponse,
  GetApiPipelinesResponse,
  GetApiProspectsResponse,
  GetApiTemplatesResponse,
  PostApiCampaignsBody,
  PostApiCampaignsResponse,
} from '../../../lib/api-types.generated.ts';

/** GET /api/templates item. */
export type Template = GetApiTemplatesResponse[number];
/** GET /api/campaigns item (spec entity Campaign). */
export type Campaign = GetApiCampaignsResponse[number];
export const outreachKeys = { templates: ['outreach', 'templates'] as const, campaigns: ['outreach', 'campaigns'] as const };

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: outreachKeys.templates,
    queryFn: ({ signal }) => apiRequest<Template[]>('/api/templates', { signal }),
  });
export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: outreachKeys.campaigns,
    queryFn: ({ signal }) => apiRequest<Campaign[]>('/api/campaigns', { signal }),
  });

/** The ids of every prospect matching the filters (paged through, 200 at a time, up to `max`). */
export async function matchingProspectIds(query: string, max = 1000): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let offset = 0; ids.length < max; offset += 200) {
    const page = await apiPage<Pick<GetApiProspectsResponse[number], 'id'>>(
      `/api/prospects?limit=200&offset=${offset}${query ? `&${query}` : ''}`,
    );
    total = page.total;
    ids.push(...page.items.map((prospect) => prospect.id));
    if (page.items.length < 200) break;
  }
  return { ids: ids.slice(0, max), total };
}

/** The id saved versions of the prospect pipeline go by (the Pipelines view saves edits under it). */
export const PROSPECT_PIPELINE_ID = 'prospect-pipeline';

/** The latest saved version of the prospect pipeline in this workspace, or null when only the built-in one exists. */
export const prospectPipelineVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['pipelines', 'latest', PROSPECT_PIPELINE_ID],
    queryFn: async ({ signal }) =>
      // The list names the built-in too; only a saved version can be pinned.
      (await apiRequest<GetApiPipelinesResponse>('/api/pipelines', { signal })).find(
        (pipeline) => pipeline.pipelineId === PROSPECT_PIPELINE_ID && !pipeline.builtIn,
      )?.version ?? null,
  });

/** Creates a campaign (and, when asked, starts its batch at once); the list is fetched again. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      start,
      ...campaign
    }: Required<Pick<PostApiCampaignsBody, 'name' | 'prospectIds' | 'pipelineVersion'>> & { start: boolean }) => {
      const created = await apiRequest<PostApiCampaignsResponse>('/api/campaigns', {
        method: 'POST',
        body: { ...campaign, status: 'draft' } satisfies PostApiCampaignsBody,
      });
      if (!start) return { ...created, started: false, startError: null };
      // The campaign exists either way: a refused start leaves it a draft, and says why.
      const startError = await apiRequest(`/api/campaigns/${created.id}/runs`, { method: 'POST', body: { prospects: 'new' } }).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      return { ...created, started: startError === null, startError };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outreachKeys.campaigns }),
  });
}
