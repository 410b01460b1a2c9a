// Shapes of /api/campaigns/{id}…: the types `npm run api-types` generates from the API's own schemas.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiCampaignsIdProspectsResponse,
  GetApiCampaignsIdResponse,
  PatchApiCampaignsIdBody,
  PatchApiCampaignsIdResponse,
  PostApiCampaignsIdRunsBody,
  PostApiCampaignsIdRunsResponse,
  PostApiCampaignsLaunchBody,
  PostApiCampaignsLaunchResponse,
} from '../../../lib/api-types.generated.ts';

export type CampaignStatus = GetApiCampaignsIdResponse['status'];
/** GET /api/campaigns/{id}/prospects item. */
export type CampaignProspectRow = GetApiCampaignsIdProspectsResponse[number];
export type ProspectOutcome = CampaignProspectRow['outcome'];

/** GET /api/campaigns/{id}. */
export type CampaignDetail = GetApiCampaignsIdResponse;
/** One stage of a batch: its runs by where the step stands, and how its condition came out (the batch page's figures). */
export type StageProgress = NonNullable<CampaignDetail['batch']>['stages'][number];

/** Body of PATCH /api/campaigns/{id} (every field optional). */
export type CampaignPatch = Partial<PatchApiCampaignsIdBody>;
/** 200 of PATCH /api/campaigns/{id}. */
export type CampaignPatchResult = PatchApiCampaignsIdResponse;

/** A person from a reviewed discovery result, as POST /api/campaigns/launch takes it. */
export type LaunchPerson = PostApiCampaignsLaunchBody['people'][number];
/** 201 of POST /api/campaigns/launch. */
export type LaunchedCampaign = PostApiCampaignsLaunchResponse;

export const campaignKeys = {
  all: ['campaigns'] as const,
  detail: (id: number) => ['campaigns', id] as const,
  prospects: (id: number, offset: number) => ['campaigns', id, 'prospects', offset] as const,
};

/** How often a running batch's progress is read again. */
export const PROGRESS_POLL_MS = 1_500;

/** The campaign; polled while its batch runs, so the stage bars move on their own. */
export const campaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<CampaignDetail>(`/api/campaigns/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.batch?.running ? PROGRESS_POLL_MS : false),
  });

/** A page of the campaign's prospects with outcome and sequence. */
export const campaignProspectsQueryOptions = (id: number, offset: number, limit: number, running: boolean) =>
  queryOptions({
    queryKey: campaignKeys.prospects(id, offset),
    queryFn: ({ signal }) => apiPage<CampaignProspectRow>(`/api/campaigns/${id}/prospects?offset=${offset}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: running ? PROGRESS_POLL_MS * 2 : false,
  });

function useInvalidateCampaign(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: ['campaigns', id, 'prospects'] }),
      queryClient.invalidateQueries({ queryKey: ['outreach', 'campaigns'] }),
    ]);
}

/** Rename, pause/resume, add or remove prospects, choose its sending mailboxes. */
export function usePatchCampaign(id: number) {
  const invalidate = useInvalidateCampaign(id);
  return useMutation({
    mutationFn: (patch: CampaignPatch) => apiRequest<CampaignPatchResult>(`/api/campaigns/${id}`, { method: 'PATCH', body: patch }),
    onSuccess: invalidate,
  });
}

/** Runs the campaign's new, failed or all prospects as one batch. */
export function useRunCampaign(id: number) {
  const invalidate = useInvalidateCampaign(id);
  return useMutation({
    mutationFn: (prospects: PostApiCampaignsIdRunsBody['prospects']) =>
      apiRequest<PostApiCampaignsIdRunsResponse>(`/api/campaigns/${id}/runs`, { method: 'POST', body: { prospects } }),
    onSuccess: invalidate,
  });
}

/** Launches a campaign from reviewed discovery results. */
export function useLaunchCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<PostApiCampaignsLaunchBody, 'name' | 'sliceNames' | 'people'>) =>
      apiRequest<LaunchedCampaign>('/api/campaigns/launch', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['outreach', 'campaigns'] }),
        queryClient.invalidateQueries({ queryKey: ['prospects'] }),
      ]),
  });
}
